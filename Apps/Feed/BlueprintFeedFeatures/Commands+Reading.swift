internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

extension FeedCommands {
  /// Lists items newest first: `feed read` and `feed` without arguments off a terminal.
  static func printItems(
    _ context: CommandContext, _ library: FeedLibrary, feed reference: String?, unreadOnly: Bool,
    search: String? = nil, limit: Int?, json: Bool
  ) throws {
    let (all, isSample) = try library.feeds()
    let feeds = try reference.map { [try library.feed($0)] } ?? all
    let query = search.map(ItemSearch.init)
    var rows = feeds.flatMap { feed in
      feed.record.items.compactMap { item -> FeedEntry? in
        let entry = FeedEntry(feed: feed, item: item)
        if unreadOnly && entry.isRead { return nil }
        if let query, !query.matches(item) { return nil }
        return entry
      }
    }
    rows.sort { lhs, rhs in
      if lhs.item.date == rhs.item.date, lhs.item.firstSeen == rhs.item.firstSeen {
        return (lhs.feed.id, lhs.item.number) > (rhs.feed.id, rhs.item.number)
      }
      return CachedItem.newestFirst(lhs.item, rhs.item)
    }
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
        (row.isRead ? "" : "•") + (row.feed.record.isStarred(row.item) ? "★" : ""),
        row.reference.description, row.item.date.map(FeedText.day) ?? "",
        row.feed.displayTitle.truncated(toWidth: 24), row.item.title ?? "(untitled)",
      ])
    }
    if rows.isEmpty, let search {
      context.write("No \(unreadOnly ? "unread " : "")items match '\(search.terminalSafe)'.\n")
    } else if rows.isEmpty {
      context.write(unreadOnly ? "No unread items.\n" : "No items.\n")
    } else {
      context.write(table.rendered(capability: context.colorCapability, theme: context.theme))
    }
    if isSample && reference == nil { context.write("\n\(SampleFeed.hint)\n") }
  }

  /// The item `text` names (`3.17`), or an error naming the feed or the item missing.
  static func entry(_ text: String, _ context: CommandContext, _ library: FeedLibrary) throws
    -> FeedEntry
  {
    guard let reference = ItemReference(text) else {
      throw AppError(
        "invalid item '\(text.terminalSafe)': expected FEED.NUMBER, e.g. 3.17",
        hint: "'\(context.appName) read' shows the items and their ids")
    }
    let feed = try library.feed(reference.feed)
    guard let item = feed.record.items.first(where: { $0.number == reference.number }) else {
      throw AppError(
        "no item \(reference) in feed \(feed.id)",
        hint: "'\(context.appName) read \(feed.id)' lists its items")
    }
    return FeedEntry(feed: feed, item: item)
  }

  /// `feed show ITEM`: prints one item and marks it read.
  static func show(_ text: String, json: Bool, _ context: CommandContext, _ library: FeedLibrary)
    throws
  {
    let entry = try entry(text, context, library)
    if json {
      context.write(try FeedJSON.encode(FeedJSON.Article(entry)))
    } else {
      context.write(ArticleText.plain(entry))
    }
    try library.setRead(true, item: entry.item.id, feed: entry.feed.id)
  }

  /// `mark-read` / `mark-unread`: one item (`3.17`), one feed, or every feed (`nil`).
  ///
  /// A feed's or every feed's marks change at once and can be undone (`feed undo`);
  /// every feed's, when more than ``confirmationThreshold`` marks would change, only
  /// with `--yes` (`confirmed`): without it nothing changes and the error says how many.
  static func mark(
    _ read: Bool, _ reference: String?, confirmed: Bool = false, _ context: CommandContext,
    _ library: FeedLibrary
  ) throws {
    let word = read ? "read" : "unread"
    if let reference, let item = try library.item(reference) {
      try library.setRead(read, item: item.item.id, feed: item.feed.id)
      context.write("Marked \(item.reference) \(word).\n")
      return
    }
    let ids =
      try reference.map { [try library.feed($0)] }.map { $0.map(\.id) }
      ?? library.store.subscriptions().feeds.map(\.id)
    let feeds = ids.filter { $0 != SampleFeed.id }
    if reference == nil, !confirmed {
      let pending = try library.store.marksToTurn(read, feeds: feeds)
      if pending.items > confirmationThreshold {
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

/// An item with its feed: a row of `feed read`, a line on the items screen.
struct FeedEntry: Sendable, Equatable {
  var feed: StoredFeed
  var item: CachedItem

  var reference: ItemReference { ItemReference(feed: feed.id, number: item.number) }
  var isRead: Bool { feed.record.isRead(item) }
}

/// What `read --search` and `/` in the reader match: title, author and text, ignoring
/// case and diacritics.
struct ItemSearch: Sendable, Equatable {
  var text: String

  init(_ text: String) { self.text = text }

  func matches(_ item: CachedItem) -> Bool {
    guard !text.isEmpty else { return true }
    let fields = [item.title, item.author, item.bodyText]
    return fields.contains { field in
      field?.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
}
