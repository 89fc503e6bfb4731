internal import BlueprintFeedFormats
internal import BlueprintFeedModel
internal import CoreBase
internal import Foundation

/// The items: the ones neither side held before are fetched in pages and saved in
/// their feeds, with the server's marks.
extension FeedSyncer {
  /// The synced items held here: their feed, and whether read and starred.
  func heldItems(_ links: [String: String]) throws -> [GoogleReaderItemID: HeldItem] {
    var held: [GoogleReaderItemID: HeldItem] = [:]
    for feedID in Set(links.values) {
      let record = try store.record(feedID)
      for item in record.items {
        guard let id = GoogleReaderItemID(localItemID: item.id) else { continue }
        held[id] = HeldItem(
          feedID: feedID, isRead: record.read.contains(item.id),
          isStarred: record.starred.contains(item.id))
      }
    }
    return held
  }

  struct HeldItem {
    var feedID: String
    var isRead: Bool
    var isStarred: Bool
  }

  /// Fetches and saves the items neither side held before; whether it fetched any.
  func fetchNewItems(
    unread: Set<GoogleReaderItemID>, starred: Set<GoogleReaderItemID>,
    held: [GoogleReaderItemID: HeldItem], links streams: [String: String],
    _ synced: FeedSyncState, _ report: inout FeedSyncReport
  ) async throws -> Bool {
    let wanted = unread.union(starred).subtracting(held.keys).subtracting(synced.known).sorted()
    var start = 0
    while start < wanted.count {
      let page = Array(wanted[start..<min(start + Self.pageSize, wanted.count)])
      start += page.count
      let items = try await client.contents(of: page)
      var byFeed: [String: [GoogleReaderItem]] = [:]
      for item in items {
        guard let stream = item.origin?.streamId, let feedID = streams[stream] else { continue }
        byFeed[feedID, default: []].append(item)
      }
      for (feedID, items) in byFeed.sorted(by: { $0.key < $1.key }) {
        report.newItems += try save(items, in: feedID, unread: unread, starred: starred)
      }
    }
    return !wanted.isEmpty
  }

  /// Saves `items` in the feed `feedID` with the server's marks; an item fetched from
  /// the site before, with the same link, becomes the server's, keeping its number
  /// and its marks.
  func save(
    _ items: [GoogleReaderItem], in feedID: String, unread: Set<GoogleReaderItemID>,
    starred: Set<GoogleReaderItemID>
  ) throws -> Int {
    let now = now()
    let limit = store.itemLimit
    return try store.updateRecordIfSubscribed(feedID) { record in
      var parsed: [ParsedItem] = []
      var fresh: [String: GoogleReaderItemID] = [:]
      var siteItems: [URL: Int] = [:]
      for (index, item) in record.items.enumerated()
      where GoogleReaderItemID(localItemID: item.id) == nil {
        if let link = item.link { siteItems[link] = index }
      }
      for item in items {
        guard let id = GoogleReaderItemID(item.id) else { continue }
        let converted = Self.parsedItem(item, id: id)
        if let link = converted.link, let index = siteItems.removeValue(forKey: link) {
          let old = record.items[index].id
          record.items[index].id = id.localItemID
          if record.read.remove(old) != nil { record.read.insert(id.localItemID) }
          if record.starred.remove(old) != nil { record.starred.insert(id.localItemID) }
        } else {
          fresh[id.localItemID] = id
        }
        parsed.append(converted)
      }
      let existing = Set(record.items.map(\.id))
      let new = record.merge(parsed, now: now, limit: limit)
      for item in record.items where !existing.contains(item.id) {
        guard let id = fresh[item.id] else { continue }
        if !unread.contains(id) { record.read.insert(item.id) }
        if starred.contains(id) { record.starred.insert(item.id) }
      }
      record.lastFetched = now
      record.lastError = nil
      return new
    } ?? 0
  }

  static func parsedItem(_ item: GoogleReaderItem, id: GoogleReaderItemID) -> ParsedItem {
    let link =
      (item.canonical ?? []).compactMap(\.href).first
      ?? (item.alternate ?? []).compactMap(\.href).first
    return ParsedItem(
      id: id.localItemID, title: SubscriptionRecord.plainTitle(item.title),
      link: link.flatMap { URL(string: $0) },
      published: item.published.map { Date(timeIntervalSince1970: $0) },
      updated: item.updated.map { Date(timeIntervalSince1970: $0) },
      author: item.author.flatMap { $0.isEmpty ? nil : $0 },
      summaryHTML: item.summary?.content, contentHTML: item.content?.content)
  }
}
