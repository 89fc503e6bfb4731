import BlueprintFeedKit
import Core
import CoreTerminal
import Foundation

/// The `feed` command line: the spec, and one function per command.
@MainActor
enum FeedCommands {

  static let spec = CommandLineSpec(
    identity: appIdentity,
    summary: "Read RSS, Atom and JSON feeds in the terminal.",
    commands: [
      CommandSpec(
        "add", summary: "Subscribe to a feed by URL (http, https, file) or local path.",
        options: [.option("title", valueName: "title", help: "Show the feed under this title.")],
        arguments: [.required("url", help: "The feed's URL or a path to a feed file.")]),
      CommandSpec(
        "rm", summary: "Unsubscribe from a feed and forget its items.",
        arguments: [.required("feed", help: "The feed's id, URL or title.")]),
      CommandSpec(
        "list", summary: "List the feeds with unread counts, last fetch and last error.",
        options: [.flag("json", help: "Print JSON (see Docs/Apps/Feed.md).")]),
      CommandSpec(
        "refresh", summary: "Fetch the feeds (or one) and save new items.",
        discussion:
          "Prints one line per feed. Exits 0 when every feed refreshed, 69 when any failed; the others are saved all the same.",
        arguments: [.optional("feed", help: "Only this feed (id, URL or title).")]),
      CommandSpec(
        "read", summary: "List items, newest first.",
        options: [
          .flag("unread", short: "u", help: "Only unread items."),
          .option("limit", short: "n", valueName: "count", help: "Show at most this many."),
          .flag("json", help: "Print JSON (see Docs/Apps/Feed.md)."),
        ],
        arguments: [.optional("feed", help: "Only this feed (id, URL or title).")]),
      CommandSpec(
        "show", summary: "Print one item as text and mark it read.",
        options: [.flag("json", help: "Print JSON (see Docs/Apps/Feed.md).")],
        arguments: [.required("item", help: "The item's id as 'feed read' shows it, e.g. 3.17.")]),
      CommandSpec(
        "mark-read", summary: "Mark every item of a feed (or of all feeds) read.",
        options: [.flag("all", help: "Every feed.")],
        arguments: [.optional("feed", help: "The feed's id, URL or title.")]),
      CommandSpec(
        "import", summary: "Subscribe to the feeds of an OPML file.",
        arguments: [.required("file", help: "An OPML file.")]),
      CommandSpec("export", summary: "Print the subscriptions as OPML 2.0."),
    ],
    defaultCommand: nil)

  /// Runs one parsed command.
  static func run(_ command: ParsedCommand, in context: CommandContext) async throws {
    let library = FeedLibrary.live(context)
    switch command.name {
    case "add": try add(command, context, library)
    case "rm": try remove(command, context, library)
    case "list": try list(command, context, library)
    case "refresh": try await refresh(command, context, library)
    case "read": try read(command, context, library)
    case "show": try show(command, context, library)
    case "mark-read": try markRead(command, context, library)
    case "import": try importOPML(command, context, library)
    case "export": try exportOPML(context, library)
    default:
      if context.wantsInteractiveUI {
        try await FeedReaderUI.run(library: library, context: context)
      } else {
        try printItems(context, library, feed: nil, unreadOnly: true, limit: nil, json: false)
      }
    }
  }

  // MARK: - Subscriptions

  static func add(_ command: ParsedCommand, _ context: CommandContext, _ library: FeedLibrary)
    throws
  {
    let text = command.string("url") ?? ""
    let url: URL
    do {
      url = try FeedLocation.url(
        from: text, currentDirectory: FileManager.default.currentDirectoryPath)
    } catch {
      throw AppError(error.description, hint: "a feed is an http, https or file URL, or a path")
    }
    var isFolder: ObjCBool = false
    if url.isFileURL, !FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
      throw AppError("no such file: \(url.path)", exitCode: .noInput)
    }
    if url.isFileURL, isFolder.boolValue {
      throw AppError("\(url.path) is a folder, not a feed file", exitCode: .noInput)
    }
    let title = command.string("title").map { $0.trimmingCharacters(in: .whitespaces) }
    do {
      let feed = try library.store.add(url, title: title?.isEmpty == true ? nil : title)
      context.write(
        "Added feed \(feed.id): \(url.absoluteString.terminalSafe)\nFetch it with: feed refresh \(feed.id)\n"
      )
    } catch let error as FeedStoreError {
      throw AppError(error.description)
    }
  }

  static func remove(_ command: ParsedCommand, _ context: CommandContext, _ library: FeedLibrary)
    throws
  {
    let feed = try library.feed(command.string("feed") ?? "")
    guard feed.id != SampleFeed.id else { throw AppError("the sample feed cannot be removed") }
    try library.store.remove(feed.id)
    context.write("Removed feed \(feed.id): \(feed.displayTitle.terminalSafe)\n")
  }

  static func list(_ command: ParsedCommand, _ context: CommandContext, _ library: FeedLibrary)
    throws
  {
    let feeds = try library.store.feeds()
    if command.flag("json") {
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
    for feed in feeds {
      table.append([
        feed.id, String(feed.record.unreadCount), feed.displayTitle,
        feed.record.lastFetched.map(FeedText.day) ?? "never",
        FeedText.status(feed.record, now: now),
      ])
    }
    context.write(table.rendered(capability: context.colorCapability, theme: context.theme))
  }

  static func refresh(_ command: ParsedCommand, _ context: CommandContext, _ library: FeedLibrary)
    async throws
  {
    var ids: [String]?
    if let reference = command.string("feed") { ids = [try library.feed(reference).id] }
    guard !(try library.store.subscriptions().feeds.isEmpty) else {
      context.write("No feeds to refresh. \(SampleFeed.addHint)\n")
      return
    }
    let results = try await library.refresh(ids)
    var table = PlainTable(columns: [
      .init("Result"), .init("ID", alignment: .right), .init("Title"), .init("Details"),
    ])
    for result in results {
      table.append([
        FeedText.word(result.outcome), result.feedID, result.title,
        FeedText.details(result.outcome),
      ])
    }
    context.write(table.rendered(capability: context.colorCapability, theme: context.theme))
    let failed = results.filter(\.isFailure).count
    if failed > 0 {
      throw AppError(
        "\(failed) of \(results.count) feed\(results.count == 1 ? "" : "s") failed to refresh",
        hint: "the others were saved; '\(appIdentity.name) list' shows each feed's last error",
        exitCode: .unavailable)
    }
  }
}
