import BlueprintFeedKit
import Core
import CoreTerminal
import Foundation

extension FeedCommands {
  static func read(_ command: ParsedCommand, _ context: CommandContext, _ library: FeedLibrary)
    throws
  {
    let limit = try command.int("limit")
    if let limit, limit < 0 {
      throw AppError("invalid value '\(limit)' for '--limit': expected a count of 0 or more")
    }
    try printItems(
      context, library, feed: command.string("feed"), unreadOnly: command.flag("unread"),
      limit: limit, json: command.flag("json"))
  }

  /// Lists items newest first: `feed read` and `feed` without arguments off a terminal.
  static func printItems(
    _ context: CommandContext, _ library: FeedLibrary, feed reference: String?, unreadOnly: Bool,
    limit: Int?, json: Bool
  ) throws {
    let (all, isSample) = try library.feeds()
    let feeds = try reference.map { [try library.feed($0)] } ?? all
    var rows = feeds.flatMap { feed in
      feed.record.items.compactMap { item in
        let entry = FeedEntry(feed: feed, item: item)
        return unreadOnly && entry.isRead ? nil : entry
      }
    }
    rows.sort { ($0.item.sortDate, $0.feed.id) > ($1.item.sortDate, $1.feed.id) }
    if let limit { rows = Array(rows.prefix(limit)) }
    if json {
      context.write(try FeedJSON.encode(FeedJSON.ItemList(rows)))
      return
    }
    var table = PlainTable(columns: [
      .init(""), .init("ID", alignment: .right), .init("Date", style: .secondary), .init("Feed"),
      .init("Title"),
    ])
    for row in rows {
      table.append([
        row.isRead ? "" : "•", row.reference.description, row.item.date.map(FeedText.day) ?? "",
        row.feed.displayTitle.truncated(toWidth: 24), row.item.title ?? "(untitled)",
      ])
    }
    if rows.isEmpty {
      context.write(unreadOnly ? "No unread items.\n" : "No items.\n")
    } else {
      context.write(table.rendered(capability: context.colorCapability, theme: context.theme))
    }
    if isSample && reference == nil { context.write("\n\(SampleFeed.hint)\n") }
  }

  static func show(_ command: ParsedCommand, _ context: CommandContext, _ library: FeedLibrary)
    throws
  {
    let text = command.string("item") ?? ""
    guard let reference = ItemReference(text) else {
      throw AppError(
        "invalid item '\(text)': expected FEED.NUMBER, e.g. 3.17",
        hint: "'\(appIdentity.name) read' shows the items and their ids")
    }
    let feed = try library.feed(reference.feed)
    guard let item = feed.record.items.first(where: { $0.number == reference.number }) else {
      throw AppError(
        "no item \(reference) in feed \(feed.id)",
        hint: "'\(appIdentity.name) read \(feed.id)' lists its items")
    }
    let entry = FeedEntry(feed: feed, item: item)
    if command.flag("json") {
      context.write(try FeedJSON.encode(FeedJSON.Article(entry)))
    } else {
      context.write(ArticleText.plain(entry))
    }
    try library.setRead(true, item: item.id, feed: feed.id)
  }

  static func markRead(_ command: ParsedCommand, _ context: CommandContext, _ library: FeedLibrary)
    throws
  {
    let reference = command.string("feed")
    let all = command.flag("all")
    guard all != (reference != nil) else {
      throw AppError(
        "name one feed or give --all",
        hint: "\(appIdentity.name) mark-read FEED | \(appIdentity.name) mark-read --all")
    }
    let feeds = try reference.map { [try library.feed($0)] } ?? library.store.feeds()
    var count = 0
    for feed in feeds { count += try library.markAllRead(feed.id) }
    context.write("Marked \(count) item\(count == 1 ? "" : "s") read.\n")
  }
}

/// An item with its feed: a row of `feed read`, a line on the items screen.
struct FeedEntry: Sendable, Equatable {
  var feed: StoredFeed
  var item: CachedItem

  var reference: ItemReference { ItemReference(feed: feed.id, number: item.number) }
  var isRead: Bool { feed.record.isRead(item) }
}
