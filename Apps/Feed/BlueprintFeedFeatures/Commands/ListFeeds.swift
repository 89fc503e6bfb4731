internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed list`: the feeds with unread counts, folders, last fetch and last error.
struct ListFeeds: FeedCommand {
  static let configuration = CommandConfiguration(
    "list", summary: "List the feeds with unread counts, folders, last fetch and last error.")
  @OptionGroup var output: JSONOutput

  func run(in app: FeedRun) async throws {
    let (context, library) = (app.context, app.library)
    let feeds = try library.store.feeds()
    if output.json {
      context.write(try FeedJSON.encode(FeedJSON.FeedList(feeds)))
      return
    }
    guard !feeds.isEmpty else {
      context.write("No feeds yet. \(SampleFeed.addHint)\n")
      return
    }
    // The folder column shows once a feed is filed in one.
    let showsFolders = feeds.contains { $0.subscription.folder != nil }
    var table = PlainTable(
      columns: [
        .init("ID", alignment: .right), .init("Unread", alignment: .right), .init("Title"),
      ] + (showsFolders ? [.init("Folder")] : []) + [
        .init("Fetched", style: .secondary), .init("Status"),
      ])
    let now = library.now()
    let origins = FeedText.origins(feeds)
    for feed in feeds {
      let folder = showsFolders ? [feed.subscription.folder ?? ""] : []
      table.append(
        [
          feed.id, String(feed.record.unreadCount),
          FeedText.column(feed.displayTitle, origin: origins[feed.id]),
        ] + folder + [
          feed.record.lastFetched.map(FeedText.day) ?? "never",
          FeedText.status(feed.record, now: now),
        ])
    }
    context.write(table.rendered(capability: context.colorCapability, theme: context.theme))
  }
}
