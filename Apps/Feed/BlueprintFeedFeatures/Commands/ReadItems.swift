internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed read [FEED]`: items, newest first.
enum ReadItems: FeedCommand {
  static let unread = Flag("unread", short: "u", help: "Only unread items.")
  static let search = Option<String?>(
    "search", short: "s", valueName: "text",
    help: "Only items whose title, author or text contains this (any case).")
  // `--limit 0` would print "No items." beside items that exist: a count starts at 1,
  // and leaving the option out shows every item.
  static let limit = Option<Int?>(
    "limit", short: "n", valueName: "count", help: "Show at most this many.",
    expected: "a count of 1 or more"
  ) { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
  static let json = FeedCommands.json
  static let feed = FeedCommands.onlyFeed
  static let configuration = CommandConfiguration(
    "read", summary: "List items, newest first.", options: [unread, search, limit, json],
    arguments: [feed])

  @MainActor
  static func run(_ read: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.printItems(
      run.context, run.library, feed: try read[\.feed], unreadOnly: read[\.unread],
      search: try read[\.search], limit: try read[\.limit], json: read[\.json])
  }
}
