internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `feed read [FEED]`: items, newest first (and `feed` with no command off a terminal,
/// as `read --unread`).
struct ReadItems: FeedCommand {
  static let configuration = CommandConfiguration("read", summary: "List items, newest first.")
  @Flag("unread", short: "u", help: "Only unread items.") var unread: Bool
  @Option(
    "search", short: "s", valueName: "text",
    help: "Only items whose title, author or text contains this (any case).")
  var search: String?
  // `--limit 0` would print "No items." beside items that exist: a count starts at 1,
  // and leaving the option out shows every item.
  @Option(
    "limit", short: "n", valueName: "count", help: "Show at most this many.",
    expected: "a count of 1 or more", parse: { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
  var limit: Int?
  @OptionGroup var output: JSONOutput
  @OptionGroup var filter: FeedFilter

  func run(in app: FeedRun) async throws {
    let (context, library) = (app.context, app.library)
    let (all, isSample) = try library.feeds()
    let feeds = try filter.reference.map { [try library.feed($0)] } ?? all
    let query = search.map(ItemSearch.init)
    var rows = feeds.flatMap { feed in
      feed.record.items.compactMap { item -> FeedEntry? in
        let entry = FeedEntry(feed: feed, item: item)
        if unread && entry.isRead { return nil }
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
    if output.json {
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
      context.write("No \(unread ? "unread " : "")items match '\(search.terminalSafe)'.\n")
    } else if rows.isEmpty {
      context.write(unread ? "No unread items.\n" : "No items.\n")
    } else {
      context.write(table.rendered(capability: context.colorCapability, theme: context.theme))
    }
    if isSample && filter.reference == nil { context.write("\n\(SampleFeed.hint)\n") }
  }
}
