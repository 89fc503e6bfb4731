internal import CoreTerminal

/// `feed star ITEM`: the star is kept in the feed's record, shown by `read` and `--json`
/// (with sync set up, the next refresh sends it to the server).
enum StarItem: FeedCommand {
  static let item = ShowItem.item
  static let configuration = CommandConfiguration(
    "star", summary: "Star an item (kept with a sync server).", arguments: [item])

  @MainActor
  static func run(_ star: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.star(true, item: try star[\.item], run.context, run.library)
  }
}

/// `feed unstar ITEM`.
enum UnstarItem: FeedCommand {
  static let item = ShowItem.item
  static let configuration = CommandConfiguration(
    "unstar", summary: "Remove an item's star.", arguments: [item])

  @MainActor
  static func run(_ unstar: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.star(false, item: try unstar[\.item], run.context, run.library)
  }
}
