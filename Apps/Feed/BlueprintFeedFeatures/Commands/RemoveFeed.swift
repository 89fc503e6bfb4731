internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed rm FEED`: unsubscribes and forgets the feed's items.
struct RemoveFeed: FeedCommand {
  static let configuration = CommandConfiguration(
    "rm", summary: "Unsubscribe from a feed and forget its items.")
  @OptionGroup var named: NamedFeed

  func run(in app: FeedRun) async throws {
    let feed = try app.library.feed(named.reference)
    guard feed.id != SampleFeed.id else { throw AppError("the sample feed cannot be removed") }
    try app.library.store.remove(feed.id)
    app.context.write("Removed feed \(feed.id): \(feed.displayTitle.terminalSafe)\n")
    await FeedPart.subscriptionsChanged(app.context, app.library)
  }
}
