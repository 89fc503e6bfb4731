package import Foundation

/// One feed the user subscribed to: what `feed add` stores.
///
/// The fetch state (validators, last fetch, errors, retry time) and the cached items
/// live in the feed's own ``FeedRecord``, so a refresh writes one small file per feed
/// and the subscription list only changes when the user (or a permanent redirect)
/// changes it.
package struct Subscription: Sendable, Hashable, Codable {
  /// A short number-like id, unique among subscriptions (`3`), stable for the feed's life.
  package var id: String
  /// Where the feed is read from: an `http`, `https` or `file` URL.
  package var url: URL
  /// The title the user gave with `--title`, if any.
  package var customTitle: String?
  /// The folder it is filed in (``FeedFolder``), if any; lists written before folders
  /// have none.
  package var folder: String?

  /// Creates a subscription.
  ///
  /// - Parameters:
  ///   - id: Its id.
  ///   - url: Its URL.
  ///   - customTitle: A title chosen by the user.
  ///   - folder: Its folder, a name ``FeedFolder/validated(_:)`` accepts.
  package init(id: String, url: URL, customTitle: String? = nil, folder: String? = nil) {
    self.id = id
    self.url = url
    self.customTitle = customTitle
    self.folder = folder
  }
}

/// Every subscription, in the order they were added, and the next id to hand out.
package struct SubscriptionList: Sendable, Hashable, Codable {
  /// The subscriptions.
  package var feeds: [Subscription] = []
  /// The id the next subscription gets.
  package var nextID = 1

  /// The largest id handed out; a stored `nextID` beyond it is damage, not a count.
  package static let maximumID = 1 << 40

  /// Creates an empty list.
  package init() {}

  /// Decodes a list, refusing a `nextID` no count of feeds could reach and ids that
  /// are malformed or used twice.
  ///
  /// An id names the feed's record (`feed-3`): two subscriptions with one id would
  /// share one cache, and an id such as `../x` is no record name at all. Either is
  /// damage to the list, reported with its path like any other.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` for an out-of-range `nextID`, an id
  ///   that is not a whole number from 1 to ``maximumID`` or appears twice, a URL
  ///   subscribed twice (naming both ids), or a folder name ``FeedFolder`` refuses.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    feeds = try container.decode([Subscription].self, forKey: .feeds)
    nextID = try container.decode(Int.self, forKey: .nextID)
    guard (1...Self.maximumID).contains(nextID) else {
      throw DecodingError.dataCorruptedError(
        forKey: .nextID, in: container,
        debugDescription: "nextID \(nextID) is outside 1...\(Self.maximumID)")
    }
    var seen = Set<String>()
    var urls: [String: String] = [:]
    for (index, feed) in feeds.enumerated() {
      let url = feed.url.absoluteString
      var field = ListIndex.id
      var problem: String?
      if !Self.isWellFormed(feed.id) {
        problem = "the id \(Self.quoted(feed.id)) is not a whole number from 1 to \(Self.maximumID)"
      } else if !seen.insert(feed.id).inserted {
        problem = "the id \(Self.quoted(feed.id)) is used by two feeds"
      } else if let other = urls.updateValue(feed.id, forKey: url) {
        field = .url
        problem =
          "the feeds \(Self.quoted(other)) and \(Self.quoted(feed.id)) have the same URL "
          + Self.quoted(url)
      } else if let folder = feed.folder, !FeedFolder.isValid(folder) {
        field = .folder
        problem = "the folder of feed \(Self.quoted(feed.id)) is not a folder name"
      }
      if let problem {
        let path = container.codingPath + [CodingKeys.feeds, ListIndex(index), field]
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: path, debugDescription: problem))
      }
    }
  }

  /// Whether `id` is as ``FeedStore`` hands ids out: digits without a leading zero,
  /// 1 to ``maximumID``.
  static func isWellFormed(_ id: String) -> Bool {
    guard let first = id.utf8.first, first != UInt8(ascii: "0"), id.utf8.count <= 16,
      id.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let number = Int(id)
    else { return false }
    return number <= maximumID
  }

  /// An id for a message: quoted, cut, without control characters.
  private static func quoted(_ id: String) -> String {
    let shown = id.unicodeScalars.prefix(40).map { scalar in
      scalar.properties.generalCategory == .control || scalar.value >= 0x80
        ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }
    return "'" + shown.joined() + (id.unicodeScalars.count > 40 ? "…" : "") + "'"
  }

  /// The coding-path steps of an id inside `feeds`.
  private struct ListIndex: CodingKey {
    static let id = ListIndex(stringValue: "id")
    static let url = ListIndex(stringValue: "url")
    static let folder = ListIndex(stringValue: "folder")
    var stringValue: String
    var intValue: Int?
    init(_ index: Int) {
      stringValue = String(index)
      intValue = index
    }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.init(intValue) }
  }

  /// The subscription with an id, a URL (its scheme and host in any case), or a title
  /// (case-insensitive).
  ///
  /// - Parameters:
  ///   - reference: What the user typed.
  ///   - titles: The display title of each feed by id.
  /// - Returns: The matching subscription, or `nil`.
  package func find(_ reference: String, titles: [String: String] = [:]) -> Subscription? {
    if let byID = feeds.first(where: { $0.id == reference }) { return byID }
    if let byURL = feeds.first(where: { $0.url.absoluteString == reference }) { return byURL }
    // The address in another case of scheme or host, or with a fragment: the same feed.
    if let url = URL(string: reference), url.scheme != nil {
      let wanted = FeedLocation.canonical(url)
      if let byURL = feeds.first(where: { FeedLocation.canonical($0.url) == wanted }) {
        return byURL
      }
    }
    let lowered = reference.lowercased()
    let byTitle = feeds.filter { feed in
      (feed.customTitle ?? titles[feed.id])?.lowercased() == lowered
    }
    return byTitle.count == 1 ? byTitle[0] : nil
  }
}
