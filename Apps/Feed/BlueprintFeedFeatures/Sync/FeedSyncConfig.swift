internal import CoreBase
package import Foundation

/// Where feed syncs: kept in the app's config folder as `feed-sync.json`. Holds no
/// password and no auth value.
package struct FeedSyncConfig: Codable, Hashable, Sendable {
  /// The address given to `feed sync setup`.
  package var server: String
  /// The Google Reader API's base found from it.
  package var api: String
  /// The user name the server knows.
  package var user: String
  /// A command whose first line of output is the password, run with `/bin/sh -c`;
  /// `nil` to read `~/.netrc`.
  package var passwordCommand: String?

  /// Creates a configuration.
  package init(server: String, api: String, user: String, passwordCommand: String? = nil) {
    self.server = server
    self.api = api
    self.user = user
    self.passwordCommand = passwordCommand
  }

  /// What names the account: the API's address and the user.
  package var account: String { api + "#" + user }

  /// The store key: the file is `feed-sync.json`.
  static let storeKey = "feed-sync"

  /// The configuration stored in `configFolder`, or `nil` when feed does not sync.
  package static func load(from configFolder: URL) throws -> FeedSyncConfig? {
    try FileKeyValueStore(directory: configFolder).value(FeedSyncConfig.self, forKey: storeKey)
  }

  /// Stores this configuration in `configFolder`.
  package func save(to configFolder: URL) throws {
    try FileKeyValueStore(directory: configFolder).set(self, forKey: Self.storeKey)
  }

  /// Removes the configuration: feed fetches sites directly again.
  package static func remove(from configFolder: URL) throws {
    try FileKeyValueStore(directory: configFolder).removeValue(forKey: storeKey)
  }
}
