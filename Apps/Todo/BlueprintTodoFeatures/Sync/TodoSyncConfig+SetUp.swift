internal import CoreBase
internal import CoreTerminal
internal import Foundation

extension TodoSyncConfig {
  /// The configuration `sync setup` stored in `configFolder`, which `sync` and `sync
  /// status` need.
  ///
  /// - Throws: `AppError` (exit 64) saying how to set sync up, before setup;
  ///   `PersistenceError` for a file that cannot be read.
  static func setUp(in configFolder: URL) throws -> TodoSyncConfig {
    guard let config = try load(from: configFolder) else {
      throw AppError(
        "sync is not set up",
        hint: "run '\(appIdentity.name) sync setup URL' with your CalDAV server's address")
    }
    return config
  }
}
