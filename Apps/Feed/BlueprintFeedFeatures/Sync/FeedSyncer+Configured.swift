internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

extension FeedSyncer {
  /// The syncer of the account `feed sync setup` saved, with the password from
  /// `~/.netrc` or the password command; `nil` when sync is not set up.
  ///
  /// - Parameters:
  ///   - context: The process: its folders and environment.
  ///   - store: The feeds to sync.
  ///   - now: The clock the sync stamps its state with.
  /// - Returns: The syncer, or `nil` when sync is not set up.
  /// - Throws: `AppError` (exit 64) when there is no password for the server, or what
  ///   reading the saved setup throws.
  static func configured(
    _ context: CommandContext, store: FeedStore, now: @escaping @Sendable () -> Date
  ) throws -> FeedSyncer? {
    guard let config = try FeedSyncConfig.load(from: context.directories.config) else {
      return nil
    }
    let connection = FeedSyncConnection(
      environment: context.environment, userAgent: "\(context.appName)/\(appIdentity.version)")
    let client: GoogleReaderClient
    do {
      client = try connection.client(for: config)
    } catch is FeedSyncConnectionError {
      throw AppError.syncNoPassword(host: URL(string: config.api)?.host ?? config.api)
    }
    var syncer = FeedSyncer(
      store: store, client: client,
      state: FeedSyncStateStore(
        account: config.account, in: context.dataFolder.appendingPathComponent("sync")))
    syncer.now = now
    return syncer
  }
}
