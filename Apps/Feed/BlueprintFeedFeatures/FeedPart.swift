internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// A part of feed that a copy can leave out: a folder of its own (`Sync/`) that adds
/// commands, lines of the manual page, and takes over the refresh and hears of changed
/// subscriptions. The rest of feed knows parts only through this type and the list in
/// ``FeedCommands/parts``.
struct FeedPart: Sendable {
  /// Its name, e.g. `sync`.
  var name: String
  /// Its commands, listed in the help after feed's own.
  var commands: [any Command<FeedRun>.Type]
  /// Its paragraphs of the manual page's description.
  var manual: [String] = []
  /// Its files, in the manual page.
  var files: [ManualPage.Entry] = []
  /// Its options of `feed refresh`, declared on ``RefreshFeeds`` in the part's folder
  /// (sync: `--force-delete`), listed in `refresh`'s help after feed's own.
  var refreshOptions: [any CommandOption] = []
  /// `feed refresh` done by the part (sync: through the server, once set up) in place of
  /// fetching each site; `false` when the part leaves the refresh to feed.
  var refresh:
    @MainActor @Sendable (Invocation<RefreshFeeds>, CommandContext, FeedLibrary) async throws ->
      Bool = { _, _, _ in false }
  /// Told after `add`, `rm`, `rename`, `move` and `import` changed the subscriptions.
  var subscriptionsChanged: @MainActor @Sendable (CommandContext, FeedLibrary) async -> Void = {
    _, _ in
  }
  /// The interactive reader's refresh done by the part: the line the reader shows, or
  /// `nil` when the part leaves the refresh to feed.
  var readerRefresh: @Sendable (CommandContext, FeedStore) async throws -> String? = { _, _ in nil }
}

extension FeedCommands {
  /// The parts of this build, one line each: a copy that deletes a part's folder
  /// deletes its line here (Docs/StartFromSample.md, "Leave parts out").
  nonisolated static let parts: [FeedPart] = [
    .sync()  // Sync/: `feed sync` with a Google Reader API server, and `refresh` through it
  ]

  /// `feed refresh` by the first part that takes it.
  ///
  /// - Returns: Whether a part did the refresh; if not, feed fetches each site.
  static func refreshByParts(
    _ refresh: Invocation<RefreshFeeds>, _ context: CommandContext, _ library: FeedLibrary
  ) async throws -> Bool {
    for part in parts {
      if try await part.refresh(refresh, context, library) { return true }
    }
    return false
  }

  /// Tells every part that `add`, `rm`, `rename` or `import` changed the subscriptions.
  static func subscriptionsChanged(_ context: CommandContext, _ library: FeedLibrary) async {
    for part in parts { await part.subscriptionsChanged(context, library) }
  }

  /// The reader's refresh by the first part that takes it: its line, or `nil`.
  nonisolated static func readerRefreshByParts(_ context: CommandContext, store: FeedStore)
    -> @Sendable () async throws -> String?
  {
    {
      for part in parts {
        if let report = try await part.readerRefresh(context, store) { return report }
      }
      return nil
    }
  }
}
