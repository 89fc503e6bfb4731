internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed mark-read`: an item, every item of a feed, or of all feeds.
struct MarkRead: FeedCommand {
  static let configuration = CommandConfiguration(
    "mark-read", summary: "Mark an item, every item of a feed, or of all feeds read.")
  @OptionGroup var targets: MarkTargets

  func validate() throws(CommandLineError) { try targets.requireOne(name: "mark-read") }

  func run(in app: FeedRun) async throws { try targets.mark(true, app) }
}

/// `feed mark-unread`: an item, every item of a feed, or of all feeds.
struct MarkUnread: FeedCommand {
  static let configuration = CommandConfiguration(
    "mark-unread", summary: "Mark an item, every item of a feed, or of all feeds unread.")
  @OptionGroup var targets: MarkTargets

  func validate() throws(CommandLineError) { try targets.requireOne(name: "mark-unread") }

  func run(in app: FeedRun) async throws { try targets.mark(false, app) }
}

/// `feed undo`: takes back the last change of many marks (a feed or every feed marked
/// read or unread, here or in the reader).
struct UndoMarks: FeedCommand {
  static let configuration = CommandConfiguration(
    "undo",
    summary: "Take back the last change of many read marks (a feed's, or every feed's).")

  func run(in app: FeedRun) async throws {
    guard let change = try app.library.store.undoLastMarks() else {
      throw AppError(
        "nothing to undo",
        hint: "only changes of a whole feed's or every feed's marks can be undone "
          + "(the last \(FeedStore.markUndoLimit))")
    }
    app.context.write("undid: \(change.summary)\n")
  }
}

/// What `mark-read` and `mark-unread` mark: `ITEM` (`3.17`), `FEED`, or `--all` (with
/// `--yes` past ``confirmationThreshold`` marks).
struct MarkTargets: CommandOptions {
  /// More marks than this across several feeds (`--all`) ask for `--yes`, as todo's
  /// filters do.
  static let confirmationThreshold = 3

  @Flag("all", help: "Every feed.") var all: Bool
  @Flag(
    "yes", short: "y",
    help: "Confirm --all when it changes more than \(confirmationThreshold) marks.")
  var yes: Bool
  @Argument(
    "target", help: "An item (3.17), or a feed's id, URL or title.", completion: .feedIDs)
  var target: String?

  /// An item or a feed, or `--all`: one of them.
  ///
  /// - Parameter name: The command's name, for the hint.
  /// - Throws: `CommandLineError` (exit 64) for none of them, or for two.
  func requireOne(name: String) throws(CommandLineError) {
    guard all != (target != nil) else {
      throw CommandLineError(
        "name an item or a feed, or give --all",
        hint: "\(appIdentity.name) \(name) ITEM | FEED | --all")
    }
  }

  /// Marks one item (`3.17`), one feed, or every feed (`--all`) read or unread.
  ///
  /// A feed's or every feed's marks change at once and can be undone (`feed undo`);
  /// every feed's, when more than ``confirmationThreshold`` marks would change, only
  /// with `--yes`: without it nothing changes and the error says how many.
  @MainActor
  func mark(_ read: Bool, _ app: FeedRun) throws {
    let (context, library) = (app.context, app.library)
    let word = read ? "read" : "unread"
    if let target, let item = try library.item(target) {
      try library.setRead(read, item: item.item.id, feed: item.feed.id)
      context.write("Marked \(item.reference) \(word).\n")
      return
    }
    let ids =
      try target.map { [try library.feed($0)] }.map { $0.map(\.id) }
      ?? library.store.subscriptions().feeds.map(\.id)
    let feeds = ids.filter { $0 != SampleFeed.id }
    if target == nil, !yes {
      let pending = try library.store.marksToTurn(read, feeds: feeds)
      if pending.items > Self.confirmationThreshold {
        let things = "\(pending.items) item\(pending.items == 1 ? "" : "s")"
        let scope = "\(pending.feeds) feed\(pending.feeds == 1 ? "" : "s")"
        throw AppError(
          "--all would mark \(things) of \(scope) \(word); nothing was marked",
          hint: "add --yes to mark them ('\(context.appName) undo' takes it back)")
      }
    }
    let change = try library.store.markAll(read, feeds: feeds)
    let count = change.count
    let undo = count > 0 ? "; '\(context.appName) undo' takes it back" : ""
    context.write("Marked \(count) item\(count == 1 ? "" : "s") \(word)\(undo).\n")
  }
}
