internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed rm FEED`: unsubscribes and forgets the feed's items.
enum RemoveFeed: FeedCommand {
  static let feed = FeedCommands.feed
  static let configuration = CommandConfiguration(
    "rm", summary: "Unsubscribe from a feed and forget its items.", arguments: [feed])

  @MainActor
  static func run(_ remove: Invocation<Self>, in run: FeedRun) async throws {
    let feed = try run.library.feed(try remove[\.feed])
    guard feed.id != SampleFeed.id else { throw AppError("the sample feed cannot be removed") }
    try run.library.store.remove(feed.id)
    run.context.write("Removed feed \(feed.id): \(feed.displayTitle.terminalSafe)\n")
    await FeedCommands.subscriptionsChanged(run.context, run.library)
  }
}
