internal import BlueprintFeedModel
internal import CoreSync
internal import Foundation

/// One subscription as the kit's `SyncEngine` carries it: its address, title and folder
/// as a `SyncRecord` (a field is absent when unset), and as the body the engine keeps
/// and hands back (small JSON, its keys sorted so that the same subscription is always
/// the same text: the text is also its version tag).
///
/// Here, a feed's title is the one the user gave it; without one, the record leaves the
/// title out and the engine reads it as the one both sides last agreed on.
struct SubscriptionRecord: Codable, Equatable {
  /// The feed's address, canonical: compared between the sides.
  var url: String
  var title: String?
  var folder: String?

  init(url: String, title: String?, folder: String?) {
    self.url = url
    self.title = title
    self.folder = folder
  }

  /// A subscription here.
  init(_ feed: Subscription) {
    url = FeedLocation.canonical(feed.url).absoluteString
    title = feed.customTitle
    folder = feed.folder
  }

  /// A subscription on the server; its address empty when it has none feed can read.
  init(_ subscription: GoogleReaderSubscription) {
    url = subscription.feedURL.map { FeedLocation.canonical($0).absoluteString } ?? ""
    title = Self.plainTitle(subscription.title)
    folder = Self.folder(of: subscription)
  }

  init(_ record: SyncRecord) {
    url = record["url"] ?? ""
    title = record["title"]
    folder = record["folder"]
  }

  /// The body `body` holds.
  ///
  /// - Throws: `DecodingError` when it is not one, `SubscriptionRecordError` when it has
  ///   no address.
  init(body: String) throws {
    self = try JSONDecoder().decode(Self.self, from: Data(body.utf8))
    guard URL(string: url)?.scheme != nil else { throw SubscriptionRecordError.noAddress }
  }

  var record: SyncRecord {
    var record = ["url": url]
    record["title"] = title
    record["folder"] = folder
    return record
  }

  var body: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding three strings cannot fail.
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// Its name in a report: the title, else the address.
  var name: String { title ?? url }

  /// The server's folder of `subscription`, if feed can keep its name (else none).
  static func folder(of subscription: GoogleReaderSubscription) -> String? {
    subscription.folder.flatMap { try? FeedFolder.validated($0) }
  }

  /// FreshRSS writes `&`, `<` and `>` in titles as their fullwidth forms.
  static func plainTitle(_ title: String?) -> String? {
    guard let title, !title.isEmpty else { return nil }
    return title.replacingOccurrences(of: "\u{FF06}", with: "&")
      .replacingOccurrences(of: "\u{FF1C}", with: "<").replacingOccurrences(
        of: "\u{FF1E}", with: ">")
  }
}

/// A subscription the server lists without an address feed can read: left alone.
enum SubscriptionRecordError: Error, CustomStringConvertible {
  case noAddress

  var description: String { "the server gives no feed address for it" }
}
