internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `feed rename FEED [TITLE]`: shows a feed under another title, or its own again.
struct RenameFeed: FeedCommand {
  static let configuration = CommandConfiguration(
    "rename", summary: "Show a feed under another title (no title: its own again).")
  @OptionGroup var named: NamedFeed
  @Argument("title", help: "The new title.") var title: String?

  func run(in app: FeedRun) async throws {
    let feed = try app.library.feed(named.reference)
    guard feed.id != SampleFeed.id else { throw AppError("the sample feed cannot be renamed") }
    let title = self.title?.trimmingCharacters(in: .whitespaces)
    let newTitle = title?.isEmpty == false ? title : nil
    try app.library.store.rename(feed.id, to: newTitle)
    var renamed = feed
    renamed.subscription.customTitle = newTitle
    app.context.write("Feed \(feed.id) is now shown as: \(renamed.displayTitle.terminalSafe)\n")
    await FeedPart.subscriptionsChanged(app.context, app.library)
  }
}
