internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `feed rename FEED [TITLE]`: shows a feed under another title, or its own again.
enum RenameFeed: FeedCommand {
  static let feed = FeedCommands.feed
  static let title = Argument<String?>("title", help: "The new title.")
  static let configuration = CommandConfiguration(
    "rename", summary: "Show a feed under another title (no title: its own again).",
    arguments: [feed, title])

  @MainActor
  static func run(_ rename: Invocation<Self>, in run: FeedRun) async throws {
    let feed = try run.library.feed(try rename[\.feed])
    guard feed.id != SampleFeed.id else { throw AppError("the sample feed cannot be renamed") }
    let title = try rename[\.title]?.trimmingCharacters(in: .whitespaces)
    let newTitle = title?.isEmpty == false ? title : nil
    try run.library.store.rename(feed.id, to: newTitle)
    var renamed = feed
    renamed.subscription.customTitle = newTitle
    run.context.write("Feed \(feed.id) is now shown as: \(renamed.displayTitle.terminalSafe)\n")
    await FeedCommands.subscriptionsChanged(run.context, run.library)
  }
}
