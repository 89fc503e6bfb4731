package import BlueprintFeedFormats
package import CoreBase
package import Foundation

/// What the reader keeps for one feed: how the last fetch went, the cached items and
/// which of them were read. Stored under its own key, `feed-<id>`.
package struct FeedRecord: Sendable, Equatable, Codable {
  /// The title the feed gives itself.
  package var title: String?
  /// The feed's web site.
  package var siteLink: URL?
  /// The `ETag` / `Last-Modified` of the last full response.
  package var validators = Validators()
  /// When the feed was last fetched successfully (a `304` counts).
  package var lastFetched: Date?
  /// The last attempt's error, `nil` after a success.
  package var lastError: String?
  /// Not to be fetched before this time: the server asked to wait (`Retry-After`).
  package var retryNotBefore: Date?
  /// The cached items, newest first.
  package var items: [CachedItem] = []
  /// The ids of the items that were read.
  package var read: Set<String> = []
  /// The ids of the starred items (kept with a sync server; absent from records
  /// written before stars).
  package var starred: Set<String> = []
  /// The number the next new item gets.
  package var nextNumber = 1

  /// Creates an empty record.
  package init() {}

  /// The largest item number; a stored number beyond it is damage, not a count.
  package static let maximumNumber = 1 << 53

  /// Decodes a record, refusing numbers and dates no real feed could produce, so that
  /// later arithmetic and date formatting cannot trap.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` for an out-of-range number or date.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decodeIfPresent(String.self, forKey: .title)
    siteLink = try container.decodeIfPresent(URL.self, forKey: .siteLink)
    validators = try container.decode(Validators.self, forKey: .validators)
    lastFetched = try container.decodeIfPresent(Date.self, forKey: .lastFetched)
    lastError = try container.decodeIfPresent(String.self, forKey: .lastError)
    retryNotBefore = try container.decodeIfPresent(Date.self, forKey: .retryNotBefore)
    items = try container.decode([CachedItem].self, forKey: .items)
    read = try container.decode(Set<String>.self, forKey: .read)
    starred = try container.decodeIfPresent(Set<String>.self, forKey: .starred) ?? []
    nextNumber = try container.decode(Int.self, forKey: .nextNumber)
    func refuse(_ key: CodingKeys, _ what: String) -> DecodingError {
      DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: what)
    }
    guard (1...Self.maximumNumber).contains(nextNumber) else {
      throw refuse(.nextNumber, "nextNumber \(nextNumber) is outside 1...\(Self.maximumNumber)")
    }
    if let bad = items.first(where: { !(0..<nextNumber).contains($0.number) }) {
      throw refuse(.items, "item number \(bad.number) is outside 0..<\(nextNumber)")
    }
    let dates =
      [lastFetched, retryNotBefore].compactMap { $0 }
      + items.flatMap {
        [$0.date, $0.firstSeen].compactMap { $0 }
      }
    if let bad = dates.first(where: { !Self.plausibleDates.contains($0) }) {
      throw refuse(.items, "date \(bad.timeIntervalSince1970) is outside the years 1–9999")
    }
  }

  /// From the year 1 to the end of the year 9999: what date formatting handles.
  static let plausibleDates =
    Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)

  /// How many cached items are unread.
  package var unreadCount: Int { items.count { !read.contains($0.id) } }

  /// Whether an item was read.
  ///
  /// - Parameter item: A cached item.
  /// - Returns: `true` when it was read.
  package func isRead(_ item: CachedItem) -> Bool { read.contains(item.id) }

  /// Whether `item` is starred.
  package func isStarred(_ item: CachedItem) -> Bool { starred.contains(item.id) }

  /// Merges freshly parsed items into the cache, newest first, keeping at most `limit`.
  ///
  /// Items already cached keep their number and read state and take the new text;
  /// new items get the next numbers. Read marks of items that fell out are dropped.
  ///
  /// - Parameters:
  ///   - parsed: The items as the feed lists them now.
  ///   - now: When they were fetched (an undated item is sorted by this).
  ///   - limit: The most items to keep.
  /// - Returns: How many new items were kept.
  @discardableResult
  package mutating func merge(_ parsed: [ParsedItem], now: Date, limit: Int) -> Int {
    var byID: [String: Int] = [:]
    for (index, item) in items.enumerated() { byID[item.id] = index }
    var seen: Set<String> = []
    var fresh: [ParsedItem] = []
    for item in parsed where seen.insert(item.id).inserted {
      if let index = byID[item.id] {
        items[index].update(from: item)
      } else {
        fresh.append(item)
      }
    }
    // Oldest first, so numbers grow with time whatever order the feed lists items in.
    let ordered = fresh.enumerated().sorted { lhs, rhs in
      (lhs.element.date ?? now, rhs.offset) < (rhs.element.date ?? now, lhs.offset)
    }
    let firstNew = nextNumber
    for (_, item) in ordered {
      items.append(CachedItem(item, number: nextNumber, firstSeen: now))
      nextNumber += 1
    }
    if items.count > limit {
      // The cache keeps the most recent items. An item the feed still lists counts from
      // its date, undated ones as now, ties in the feed's order (newest first); one it
      // no longer lists, from its date or when it was seen. So an undated item listed
      // below the cached ones does not count as newer than they are, and a long feed's
      // tail does not come back as new on every refresh.
      var position: [String: Int] = [:]
      for (offset, item) in parsed.enumerated() where position[item.id] == nil {
        position[item.id] = offset
      }
      func rank(_ item: CachedItem) -> (Date, Int, Int) {
        guard let listed = position[item.id] else { return (item.sortDate, Int.min, item.number) }
        return (item.date ?? now, -listed, item.number)
      }
      let kept = Set(items.sorted { rank($0) > rank($1) }.prefix(limit).map(\.id))
      items.removeAll { !kept.contains($0.id) }
    }
    items.sort(by: CachedItem.newestFirst)
    let kept = Set(items.map(\.id))
    read.formIntersection(kept)
    starred.formIntersection(kept)
    // New items that fell out of the cache at once (a feed listing more than `limit`
    // items, or old ones) are not new: renumber the kept ones without gaps, so the
    // next refresh neither reports nor numbers them again.
    let keptNew = items.indices.filter { items[$0].number >= firstNew }
      .sorted { items[$0].number < items[$1].number }
    for (offset, index) in keptNew.enumerated() { items[index].number = firstNew + offset }
    nextNumber = firstNew + keptNew.count
    return keptNew.count
  }
}

/// One item as the reader keeps it.
package struct CachedItem: Sendable, Equatable, Codable {
  /// The feed's id for the item (guid, id, link or a hash).
  package var id: String
  /// A per-feed number, stable for the item's life: the `17` of item `3.17`.
  package var number: Int
  /// The title, as the feed wrote it (sanitize before display).
  package var title: String?
  /// The link to the article.
  package var link: URL?
  /// Published, else updated.
  package var date: Date?
  /// The author.
  package var author: String?
  /// The summary as HTML.
  package var summaryHTML: String?
  /// The content as HTML.
  package var contentHTML: String?
  /// When the reader first saw the item.
  package var firstSeen: Date

  /// Creates a cached item from a parsed one.
  ///
  /// - Parameters:
  ///   - item: The parsed item.
  ///   - number: Its per-feed number.
  ///   - firstSeen: When it was first fetched.
  package init(_ item: ParsedItem, number: Int, firstSeen: Date) {
    id = item.id
    self.number = number
    self.firstSeen = firstSeen
    title = item.title
    link = item.link
    date = item.date
    author = item.author
    summaryHTML = item.summaryHTML
    contentHTML = item.contentHTML
  }

  mutating func update(from item: ParsedItem) {
    title = item.title
    link = item.link
    date = item.date
    author = item.author
    summaryHTML = item.summaryHTML
    contentHTML = item.contentHTML
  }

  /// The date the item sorts by: its own, else when it was first seen.
  package var sortDate: Date { date ?? firstSeen }

  /// "Newest first" as listings show it: dated items by date, then undated ones (the
  /// most recently seen first); equal dates by number, highest first.
  ///
  /// - Returns: Whether `lhs` comes before `rhs`.
  package static func newestFirst(_ lhs: CachedItem, _ rhs: CachedItem) -> Bool {
    switch (lhs.date, rhs.date) {
    case (let left?, let right?): (left, lhs.number) > (right, rhs.number)
    case (.some, nil): true
    case (nil, .some): false
    case (nil, nil): (lhs.firstSeen, lhs.number) > (rhs.firstSeen, rhs.number)
    }
  }

  /// The body as plain text: the content, else the summary, rendered from HTML.
  package var bodyText: String? {
    let html = contentHTML ?? summaryHTML
    return html.map { HTMLText(html: $0, baseURL: link).rendered }
  }
}
