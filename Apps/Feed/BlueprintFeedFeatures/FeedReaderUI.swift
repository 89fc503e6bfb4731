internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// The screens of the interactive reader.
enum FeedRoute: Hashable, Sendable {
  /// A feed's items.
  case items(feed: String)
  /// One article.
  case article(ItemReference)
  /// The question before every item of every feed is marked read: how many items, in
  /// how many feeds.
  case confirmMarkEveryFeedRead(items: Int, feeds: Int)
}

/// Starts the interactive reader: feeds → items → article, through the router.
@MainActor
enum FeedReaderUI {
  /// Builds the screen stack; the feeds interactor is shared so every screen shows
  /// the same, live data.
  static func makeStack(library: FeedLibrary, feeds: FeedsInteractor) -> ScreenStack<FeedRoute> {
    ScreenStack(
      router: Router<FeedRoute>(), root: { FeedsScreen(context: $0, interactor: feeds) },
      destination: { route, context in
        switch route {
        case .items(let feed):
          ItemsScreen(
            context: context,
            interactor: ItemsInteractor(feed: feed, library: library, feeds: feeds))
        case .article(let reference):
          ArticleScreen(
            context: context,
            interactor: ArticleInteractor(reference: reference, library: library, feeds: feeds))
        case .confirmMarkEveryFeedRead:
          // A question, shown by the feeds screen's binding; never pushed as a screen.
          FeedsScreen(context: context, interactor: feeds)
        }
      })
  }

  /// Runs the reader until the user quits; a read mark still waiting for the store's
  /// lock then is either finished or reported as not made (exit 75).
  static func run(library: FeedLibrary, context: CommandContext) async throws {
    let options = try library.store.store.value(forKey: FeedOptions.key)
    let work = BlockingWork()
    let feeds = FeedsInteractor(
      library: library, refreshesOnOpen: options.refreshOnOpen, work: work)
    try await context.runTerminalUI(
      makeStack(library: library, feeds: feeds), looks: FeedPreferences.looks(for: context))
    try await work.settleOnQuit()
  }
}
