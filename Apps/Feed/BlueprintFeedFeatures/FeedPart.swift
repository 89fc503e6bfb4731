internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// A part of feed that a copy can leave out: a folder of its own (`Sync/`) that adds
/// commands, lines of the manual page, and takes over the refresh and hears of changed
/// subscriptions. The rest of feed knows parts only through this type and the list in
/// ``FeedPart/all``.
struct FeedPart: Sendable {
  /// Its name, e.g. `sync`.
  var name: String
  /// Its commands, listed in the help after feed's own.
  var commands: [any Command<FeedRun>.Type]
  /// Its paragraphs of the manual page's description.
  var manual: [String] = []
  /// Its files, in the manual page.
  var files: [ManualPage.Entry] = []
  /// Its options of `feed refresh` and the refresh it does with them (sync:
  /// `--force-delete`, and one sync with the server once set up); `nil` when it has
  /// none and leaves the refresh to feed.
  var refresh: (any FeedPartRefresh.Type)?
  /// Told after `add`, `rm`, `rename`, `move` and `import` changed the subscriptions.
  var subscriptionsChanged: @MainActor @Sendable (CommandContext, FeedLibrary) async -> Void = {
    _, _ in
  }
  /// The interactive reader's refresh done by the part: the line the reader shows, or
  /// `nil` when the part leaves the refresh to feed.
  var readerRefresh: @Sendable (CommandContext, FeedStore) async throws -> String? = { _, _ in nil }
}

/// A part's options of `feed refresh`, which ``RefreshFeeds`` includes after its own (so
/// its help lists them there), and the refresh the part does with them.
protocol FeedPartRefresh: CommandOptions {
  /// Does `feed refresh` in place of fetching each site.
  ///
  /// - Returns: Whether the part did the refresh; if not, feed fetches each site.
  @MainActor
  func refresh(_ context: CommandContext, _ library: FeedLibrary) async throws -> Bool
}

extension FeedPart {
  /// The parts of this build, one line each: a copy that deletes a part's folder
  /// deletes its line here (Docs/StartFromSample.md, "Leave parts out").
  static let all: [FeedPart] = [
    .sync()  // Sync/: `feed sync` with a Google Reader API server, and `refresh` through it
  ]

  /// Tells every part that `add`, `rm`, `rename`, `move` or `import` changed the
  /// subscriptions.
  @MainActor
  static func subscriptionsChanged(_ context: CommandContext, _ library: FeedLibrary) async {
    for part in all { await part.subscriptionsChanged(context, library) }
  }

  /// The reader's refresh by the first part that takes it: its line, or `nil`.
  static func readerRefresh(_ context: CommandContext, store: FeedStore)
    -> @Sendable () async throws -> String?
  {
    {
      for part in all {
        if let report = try await part.readerRefresh(context, store) { return report }
      }
      return nil
    }
  }
}
