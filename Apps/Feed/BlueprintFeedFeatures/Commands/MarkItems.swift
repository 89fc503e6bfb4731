internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed mark-read`: an item, every item of a feed, or of all feeds.
enum MarkRead: FeedCommand {
  static let all = FeedCommands.allFeeds
  static let target = FeedCommands.target
  static let configuration = CommandConfiguration(
    "mark-read", summary: "Mark an item, every item of a feed, or of all feeds read.",
    options: [all], arguments: [target])

  static func validate(_ mark: Invocation<Self>) throws(CommandLineError) {
    try FeedCommands.requireOneTarget(try mark[\.target], all: mark[\.all], name: "mark-read")
  }

  @MainActor
  static func run(_ mark: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.mark(true, try mark[\.target], run.context, run.library)
  }
}

/// `feed mark-unread`: an item, every item of a feed, or of all feeds.
enum MarkUnread: FeedCommand {
  static let all = FeedCommands.allFeeds
  static let target = FeedCommands.target
  static let configuration = CommandConfiguration(
    "mark-unread", summary: "Mark an item, every item of a feed, or of all feeds unread.",
    options: [all], arguments: [target])

  static func validate(_ mark: Invocation<Self>) throws(CommandLineError) {
    try FeedCommands.requireOneTarget(try mark[\.target], all: mark[\.all], name: "mark-unread")
  }

  @MainActor
  static func run(_ mark: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.mark(false, try mark[\.target], run.context, run.library)
  }
}

extension FeedCommands {
  /// An item or a feed, or `--all`: one of them.
  nonisolated static func requireOneTarget(_ target: String?, all: Bool, name: String)
    throws(CommandLineError)
  {
    guard all != (target != nil) else {
      throw CommandLineError(
        "name an item or a feed, or give --all",
        hint: "\(appIdentity.name) \(name) ITEM | FEED | --all")
    }
  }
}
