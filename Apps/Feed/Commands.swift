internal import BlueprintFeedModel
internal import CoreBase
package import CoreTerminal
internal import Foundation

/// The `feed` command line: the spec, and one function per command.
@MainActor
package enum FeedCommands {

  package static let spec = CommandLineSpec(
    identity: appIdentity,
    summary: "Read RSS, Atom and JSON feeds in the terminal.",
    commands: [
      CommandSpec(
        "add", summary: "Subscribe to a feed by URL, host and path, web page, or local file.",
        discussion:
          "The feed is read at once and the number of items said. A web page that names its feed (<link rel=\"alternate\">) subscribes to that feed. Without a scheme, an existing file of that name wins; otherwise text that starts with a host name (example.com/feed.xml, localhost:8080/rss) is fetched over https, or http for a loopback address. A feed whose fetch fails is added all the same (exit 69) unless --check is given or the scheme was assumed.",
        options: [Key.title, Key.check, Key.addFeedTimeout], arguments: [Key.url]),
      CommandSpec(
        "rm", summary: "Unsubscribe from a feed and forget its items.", arguments: [Key.feed]),
      CommandSpec(
        "rename", summary: "Show a feed under another title (no title: its own again).",
        arguments: [Key.feed, Key.newTitle]),
      CommandSpec(
        "list", summary: "List the feeds with unread counts, last fetch and last error.",
        options: [Key.json]),
      CommandSpec(
        "refresh", summary: "Fetch the feeds (or one) and save new items.",
        discussion:
          "Prints one line per feed, then how many items are new. Exits 0 when every feed refreshed, 69 when any failed (the others are saved all the same), 74 when results could not be saved.",
        options: [Key.force, Key.timeout, Key.feedTimeout, SyncKey.forceDelete],
        arguments: [Key.onlyFeed]),
      CommandSpec(
        "read", summary: "List items, newest first.",
        options: [Key.unread, Key.search, Key.limit, Key.json], arguments: [Key.onlyFeed]),
      CommandSpec(
        "show", summary: "Print one item as text and mark it read.", options: [Key.json],
        arguments: [Key.item]),
      CommandSpec(
        "mark-read", summary: "Mark an item, every item of a feed, or of all feeds read.",
        options: [Key.all], arguments: [Key.target]),
      CommandSpec(
        "mark-unread", summary: "Mark an item, every item of a feed, or of all feeds unread.",
        options: [Key.all], arguments: [Key.target]),
      CommandSpec(
        "config", summary: "Show or change the reader's options.",
        discussion:
          "Options: refresh-on-open (on|off, default off): refresh every feed when the interactive reader opens.",
        arguments: [Key.option, Key.value]),
      CommandSpec(
        "import", summary: "Subscribe to the feeds of an OPML file.", arguments: [Key.file]),
      CommandSpec("export", summary: "Print the subscriptions as OPML 2.0."),
      syncSpec, starSpec(true), starSpec(false),
    ],
    defaultCommand: nil
  ).withManualPage(manual)

  /// Runs one parsed command.
  package static func run(_ command: ParsedCommand, in context: CommandContext) async throws {
    // The samples' shared settings: the theme, the appearance and whether to notify.
    let (context, preferences) = FeedPreferences.load(for: context)
    var library = FeedLibrary.live(context)
    library.notifications = preferences.notifications
    do {
      switch command.name {
      case "add": try await add(command, context, library)
      case "rm": try remove(command, context, library)
      case "rename": try rename(command, context, library)
      case "sync": try await syncCommand(command, context, library)
      case "star", "unstar": try star(command.name == "star", command, context, library)
      case "list": try list(command, context, library)
      case "refresh": try await refresh(command, context, library)
      case "read": try read(command, context, library)
      case "show": try show(command, context, library)
      case "mark-read": try mark(true, command, context, library)
      case "mark-unread": try mark(false, command, context, library)
      case "config": try config(command, context, library)
      case "import": try importOPML(command, context, library)
      case "export": try exportOPML(context, library)
      default:
        if context.wantsInteractiveUI {
          try await FeedReaderUI.run(library: library, context: context)
        } else {
          try printItems(context, library, feed: nil, unreadOnly: true, limit: nil, json: false)
        }
      }
      if ["add", "rm", "rename", "import"].contains(command.name) {
        await syncSubscriptionsIfSetUp(context, library)
      }
    } catch PersistenceError.corrupted(let key, let path, let underlying)
      where key == "subscriptions"
    {
      let error = PersistenceError.corrupted(key: key, path: path, underlying: underlying)
      // The store keeps the list as it was before its last change: restoring it is the
      // first way out, when it is there.
      let restore = error.hint.map { $0 + "; or " } ?? "the file is left as it is: "
      throw AppError(
        error.message,
        hint: restore
          + "fix it in an editor, or move it aside (mv \(path) \(path).bad) and add your feeds again ('\(context.appName) import FILE.opml' takes a saved export)",
        exitCode: .dataError)
    }
  }

  // MARK: - Subscriptions

  /// A URL as a message shows it: sanitized, and cut after 200 characters.
  static func echo(_ url: URL) -> String {
    let text = url.absoluteString
    return (text.count > 200 ? String(text.prefix(200)) + "…" : text).terminalSafe
  }

  static func remove(_ command: ParsedCommand, _ context: CommandContext, _ library: FeedLibrary)
    throws
  {
    let feed = try library.feed(try command[Key.feed])
    guard feed.id != SampleFeed.id else { throw AppError("the sample feed cannot be removed") }
    try library.store.remove(feed.id)
    context.write("Removed feed \(feed.id): \(feed.displayTitle.terminalSafe)\n")
  }

  static func rename(_ command: ParsedCommand, _ context: CommandContext, _ library: FeedLibrary)
    throws
  {
    let feed = try library.feed(try command[Key.feed])
    guard feed.id != SampleFeed.id else { throw AppError("the sample feed cannot be renamed") }
    let title = try command[Key.newTitle]?.trimmingCharacters(in: .whitespaces)
    let newTitle = title?.isEmpty == false ? title : nil
    try library.store.rename(feed.id, to: newTitle)
    var renamed = feed
    renamed.subscription.customTitle = newTitle
    context.write("Feed \(feed.id) is now shown as: \(renamed.displayTitle.terminalSafe)\n")
  }

  static func list(_ command: ParsedCommand, _ context: CommandContext, _ library: FeedLibrary)
    throws
  {
    let feeds = try library.store.feeds()
    if command[Key.json] {
      context.write(try FeedJSON.encode(FeedJSON.FeedList(feeds)))
      return
    }
    guard !feeds.isEmpty else {
      context.write("No feeds yet. \(SampleFeed.addHint)\n")
      return
    }
    var table = PlainTable(columns: [
      .init("ID", alignment: .right), .init("Unread", alignment: .right), .init("Title"),
      .init("Fetched", style: .secondary), .init("Status"),
    ])
    let now = library.now()
    let origins = FeedText.origins(feeds)
    for feed in feeds {
      table.append([
        feed.id, String(feed.record.unreadCount),
        FeedText.column(feed.displayTitle, origin: origins[feed.id]),
        feed.record.lastFetched.map(FeedText.day) ?? "never",
        FeedText.status(feed.record, now: now),
      ])
    }
    context.write(table.rendered(capability: context.colorCapability, theme: context.theme))
  }
}
