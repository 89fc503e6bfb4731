internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `--json`, which `list`, `read` and `show` share.
struct JSONOutput: CommandOptions {
  @Flag("json", help: "Print JSON.") var json: Bool
}

/// `FEED`, the feed `rm`, `rename` and `move` change.
struct NamedFeed: CommandOptions {
  @Argument("feed", help: "The feed's id, URL or title.", completion: .feedIDs)
  var reference: String
}

/// `[FEED]`, the one feed `read` and `refresh` keep to (left out: every feed).
struct FeedFilter: CommandOptions {
  @Argument("feed", help: "Only this feed (id, URL or title).", completion: .feedIDs)
  var reference: String?
}

/// `ITEM` (`3.17`), the item `show`, `star` and `unstar` act on.
struct NamedItem: CommandOptions {
  @Argument(
    "item", help: "The item's id as '\(appIdentity.name) read' shows it, e.g. 3.17.",
    completion: .itemIDs)
  var reference: String

  /// The item the reference names, with its feed.
  ///
  /// - Throws: `AppError` (exit 64) for text that is not an item's id, or a feed or an
  ///   item that is not there.
  func entry(in app: FeedRun) throws -> FeedEntry {
    guard let item = ItemReference(reference) else {
      throw AppError(
        "invalid item '\(reference.terminalSafe)': expected FEED.NUMBER, e.g. 3.17",
        hint: "'\(app.context.appName) read' shows the items and their ids")
    }
    let feed = try app.library.feed(item.feed)
    guard let cached = feed.record.items.first(where: { $0.number == item.number }) else {
      throw AppError(
        "no item \(item) in feed \(feed.id)",
        hint: "'\(app.context.appName) read \(feed.id)' lists its items")
    }
    return FeedEntry(feed: feed, item: cached)
  }
}
