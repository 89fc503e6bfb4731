internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed mark-read`: an item, every item of a feed, or of all feeds.
enum MarkRead: FeedCommand {
  static let all = FeedCommands.allFeeds
  static let yes = FeedCommands.yes
  static let target = FeedCommands.target
  static let configuration = CommandConfiguration(
    "mark-read", summary: "Mark an item, every item of a feed, or of all feeds read.",
    options: [all, yes], arguments: [target])

  static func validate(_ mark: Invocation<Self>) throws(CommandLineError) {
    try FeedCommands.requireOneTarget(try mark[\.target], all: mark[\.all], name: "mark-read")
  }

  @MainActor
  static func run(_ mark: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.mark(
      true, try mark[\.target], confirmed: mark[\.yes], run.context, run.library)
  }
}

/// `feed mark-unread`: an item, every item of a feed, or of all feeds.
enum MarkUnread: FeedCommand {
  static let all = FeedCommands.allFeeds
  static let yes = FeedCommands.yes
  static let target = FeedCommands.target
  static let configuration = CommandConfiguration(
    "mark-unread", summary: "Mark an item, every item of a feed, or of all feeds unread.",
    options: [all, yes], arguments: [target])

  static func validate(_ mark: Invocation<Self>) throws(CommandLineError) {
    try FeedCommands.requireOneTarget(try mark[\.target], all: mark[\.all], name: "mark-unread")
  }

  @MainActor
  static func run(_ mark: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.mark(
      false, try mark[\.target], confirmed: mark[\.yes], run.context, run.library)
  }
}

/// `feed undo`: takes back the last change of many marks (a feed or every feed marked
/// read or unread, here or in the reader).
enum UndoMarks: FeedCommand {
  static let configuration = CommandConfiguration(
    "undo",
    summary: "Take back the last change of many read marks (a feed's, or every feed's).")

  @MainActor
  static func run(_ undo: Invocation<Self>, in run: FeedRun) async throws {
    guard let change = try run.library.store.undoLastMarks() else {
      throw AppError(
        "nothing to undo",
        hint: "only changes of a whole feed's or every feed's marks can be undone "
          + "(the last \(FeedStore.markUndoLimit))")
    }
    run.context.write("undid: \(change.summary)\n")
  }
}

extension FeedCommands {
  /// More marks than this across several feeds (`--all`) ask for `--yes`, as todo's
  /// filters do.
  nonisolated static let confirmationThreshold = 3

  nonisolated static let yes = Flag(
    "yes", short: "y",
    help: "Confirm --all when it changes more than \(confirmationThreshold) marks.")

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
