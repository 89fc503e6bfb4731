internal import BlueprintFeedModel
internal import CoreTerminal
internal import Foundation

/// The `--json` documents (schemas in Docs/Apps/Feed.md). Data is emitted as is,
/// JSON-escaped, never sanitized; dates are ISO 8601 in UTC; absent values are omitted.
/// Besides what JSON requires, DEL, the C1 controls (U+007F–U+009F), the bidi controls
/// and the line and paragraph separators are written as `\u` escapes, so a document
/// shown in a terminal or an editor cannot reorder or hide text.
enum FeedJSON {
  static func encode(_ value: some Encodable) throws -> String {
    try CommandLineJSON.encode(value) { $0.dateEncodingStrategy = .iso8601 }
  }

  /// `feed list --json`.
  struct FeedList: Encodable {
    var feeds: [Feed]
    init(_ feeds: [StoredFeed]) { self.feeds = feeds.map(Feed.init) }
  }

  struct Feed: Encodable {
    var id: String
    var url: String
    var title: String
    var customTitle: String?
    var folder: String?
    var feedTitle: String?
    var siteLink: String?
    var items: Int
    var unread: Int
    var lastFetched: Date?
    var lastError: String?
    var retryNotBefore: Date?

    init(_ feed: StoredFeed) {
      id = feed.id
      url = feed.subscription.url.absoluteString
      title = feed.displayTitle
      customTitle = feed.subscription.customTitle
      folder = feed.subscription.folder
      feedTitle = feed.record.title
      siteLink = feed.record.siteLink?.absoluteString
      items = feed.record.items.count
      unread = feed.record.unreadCount
      lastFetched = feed.record.lastFetched
      lastError = feed.record.lastError
      retryNotBefore = feed.record.retryNotBefore
    }
  }

  /// `feed read --json`.
  struct ItemList: Encodable {
    var items: [Item]
    init(_ entries: [FeedEntry]) { items = entries.map(Item.init) }
  }

  struct Item: Encodable {
    var id: String
    var feed: String
    var feedTitle: String
    var guid: String
    var title: String?
    var link: String?
    var date: Date?
    var author: String?
    var read: Bool
    var starred: Bool

    init(_ entry: FeedEntry) {
      id = entry.reference.description
      feed = entry.feed.id
      feedTitle = entry.feed.displayTitle
      guid = entry.item.id
      title = entry.item.title
      link = entry.item.link?.absoluteString
      date = entry.item.date
      author = entry.item.author
      read = entry.isRead
      starred = entry.feed.record.isStarred(entry.item)
    }
  }

  /// `feed show --json`: an item with its body.
  struct Article: Encodable {
    var item: Item
    var summaryHTML: String?
    var contentHTML: String?
    var text: String?

    init(_ entry: FeedEntry) {
      item = Item(entry)
      summaryHTML = entry.item.summaryHTML
      contentHTML = entry.item.contentHTML
      text = entry.item.bodyText
    }
  }
}
