internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed add URL`: subscribes and reads the feed at once.
enum AddFeed: FeedCommand {
  static let title = Option<String?>(
    "title", valueName: "title", help: "Show the feed under this title.")
  static let folder = Option<String?>(
    "folder", valueName: "name", help: "File it in this folder.")
  static let check = Flag(
    "check", help: "Add it only if it can be read now (a failed fetch adds nothing).")
  static let feedTimeout = Option<Int?>(
    "feed-timeout", valueName: "seconds", help: "Stop a fetch after this long (default: 45).")
  static let url = Argument<String>(
    "url", help: "The feed's URL, a web page, host/path, or a feed file."
  ).completing(.file)
  static let configuration = CommandConfiguration(
    "add", summary: "Subscribe to a feed by URL, host and path, web page, or local file.",
    discussion:
      "The feed is read at once and the number of items said. A web page that names its feed (<link rel=\"alternate\">) subscribes to that feed. Without a scheme, an existing file of that name wins; otherwise text that starts with a host name (example.com/feed.xml, localhost:8080/rss) is fetched over https, or http for a loopback address. A feed whose fetch fails is added all the same (exit 69) unless --check is given or the scheme was assumed.",
    options: [title, folder, check, feedTimeout], arguments: [url])

  static func validate(_ add: Invocation<Self>) throws(CommandLineError) {
    _ = try FeedCommands.positiveSeconds(add[\.feedTimeout], for: feedTimeout)
    _ = try FeedCommands.folderName(add[\.folder], for: "'--folder'")
  }

  @MainActor
  static func run(_ add: Invocation<Self>, in run: FeedRun) async throws {
    try await FeedCommands.add(
      try add[\.url], title: try add[\.title],
      folder: try FeedCommands.folderName(add[\.folder], for: "'--folder'"), check: add[\.check],
      feedDeadline: try FeedCommands.positiveSeconds(add[\.feedTimeout], for: feedTimeout),
      run.context, run.library)
    await FeedCommands.subscriptionsChanged(run.context, run.library)
  }
}
