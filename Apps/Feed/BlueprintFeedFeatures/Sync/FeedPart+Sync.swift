internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

extension FeedPart {
  /// `feed sync` (with `sync setup` and `sync status`) with a Google Reader API server;
  /// once set up, `refresh` and the reader's refresh go through the server, and `add`,
  /// `rm`, `rename`, `move` and `import` are sent to it at once.
  ///
  /// - Returns: The part.
  static func sync() -> FeedPart {
    let name = appIdentity.name
    return FeedPart(
      name: "sync", commands: [SyncFeeds.self],
      manual: [
        "Once '\(name) sync setup URL' has found a Google Reader API server (FreshRSS, "
          + "Miniflux, The Old Reader), '\(name) refresh' and the reader's refresh ask the "
          + "server instead of each site, and subscriptions, read marks and stars travel "
          + "both ways; '\(name) sync setup --off' goes back to fetching sites, keeping everything."
      ],
      files: [
        .init(
          "$XDG_DATA_HOME/\(appIdentity.family)/\(name)/sync/",
          "What '\(name) sync' last agreed with each account (marks and subscriptions); "
            + "no credentials."),
        .init(
          "$XDG_CONFIG_HOME/\(appIdentity.family)/\(FeedSyncConfig.storeKey).json",
          "Where '\(name) sync' syncs: the server and the user, written by "
            + "'\(name) sync setup'; no password."),
      ],
      refresh: SyncRefresh.self,
      subscriptionsChanged: sendSubscriptions, readerRefresh: readerSync)
  }

  /// After `add`, `rm`, `rename`, `move` or `import`: the subscriptions synced at once
  /// when sync is set up; when the server cannot be reached, the change goes out at the
  /// next refresh.
  @MainActor
  private static func sendSubscriptions(_ context: CommandContext, _ library: FeedLibrary) async {
    do {
      guard let syncer = try FeedSyncer.configured(context, store: library.store, now: library.now)
      else { return }
      _ = try await syncer.syncSubscriptions()
    } catch {
      context.warn(
        "the server was not told yet: \(String(describing: error).terminalSafe)",
        hint: "it is told at the next '\(context.appName) refresh'")
    }
  }

  /// The interactive reader's refresh when sync is set up: one sync, its whole report
  /// on one line (the notice has one); `nil` when sync is not set up (then it fetches
  /// each site).
  private static func readerSync(_ context: CommandContext, store: FeedStore) async throws
    -> String?
  {
    guard let syncer = try FeedSyncer.configured(context, store: store, now: { Date() }) else {
      return nil
    }
    do {
      return try await syncer.sync().lines.joined(separator: "; ")
    } catch let refusal as FeedSyncMassDeletion {
      throw AppError.syncMassDeletion(refusal, appName: context.appName)
    } catch {
      throw AppError.syncStopped(error, appName: context.appName)
    }
  }
}

/// `refresh --force-delete`, and `feed refresh` through the server once sync is set up:
/// one sync instead of fetching each site.
struct SyncRefresh: FeedPartRefresh {
  /// The sync's answer to its mass-deletion refusal.
  @Flag("force-delete", help: "Sync even when it removes every feed of a side, or most of them.")
  var forceDelete: Bool

  func refresh(_ context: CommandContext, _ library: FeedLibrary) async throws -> Bool {
    guard
      let syncer = try FeedSyncer.configured(context, store: library.store, now: library.now)
    else { return false }
    var allowed = syncer
    allowed.allowsMassDeletion = forceDelete
    let report: FeedSyncReport
    do {
      report = try await allowed.sync()
    } catch let refusal as FeedSyncMassDeletion {
      throw AppError.syncMassDeletion(refusal, appName: context.appName)
    } catch {
      throw AppError.syncStopped(error, appName: context.appName)
    }
    context.write(report.lines.joined(separator: "\n") + "\n")
    for title in report.notSubscribed {
      context.warn(
        "the server did not subscribe to \(title.terminalSafe)",
        hint: "it is tried again at the next refresh")
    }
    return true
  }
}
