package import Foundation

/// A feed as read from RSS, RSS 1.0 (RDF), Atom or JSON Feed, in one shape.
///
/// Every field a feed may leave out or get wrong is optional: the parser drops a bad
/// field rather than the feed.
///
/// ```swift
/// let feed = try FeedParser().parse(data, contentType: "application/rss+xml")
/// for item in feed.items { print(item.title ?? "(untitled)", item.link?.absoluteString ?? "") }
/// ```
package struct ParsedFeed: Sendable, Equatable, Codable {
  /// The format the content was detected as.
  package var format: FeedFormat
  /// The feed's title as plain text.
  package var title: String?
  /// The web site the feed belongs to (an `http` or `https` URL).
  package var siteLink: URL?
  /// The feed's description or subtitle as plain text.
  package var description: String?
  /// The items in document order, at most the parser's item limit.
  package var items: [ParsedItem]
  /// What the parser could read only in part, one line each, for a command to show as
  /// warnings: an encoding it cannot convert (read as UTF-8, with U+FFFD for what it could
  /// not read), or an entity bomb after some items. Not encoded by `Codable`.
  package var warnings: [String] = []

  private enum CodingKeys: String, CodingKey {
    case format, title, siteLink, description, items
  }

  /// Creates a feed.
  ///
  /// - Parameters:
  ///   - format: The detected format.
  ///   - title: The title as plain text.
  ///   - siteLink: The site's URL.
  ///   - description: The description as plain text.
  ///   - items: The items in document order.
  package init(
    format: FeedFormat, title: String? = nil, siteLink: URL? = nil, description: String? = nil,
    items: [ParsedItem] = []
  ) {
    self.format = format
    self.title = title
    self.siteLink = siteLink
    self.description = description
    self.items = items
  }
}

/// The format a feed was written in.
package struct FeedFormat: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The format's stable name, e.g. `rss`.
  package var rawValue: String

  /// Creates a format from its stable name.
  ///
  /// - Parameter rawValue: The name, e.g. `atom`.
  package init(rawValue: String) { self.rawValue = rawValue }

  /// RSS 2.0 and the 0.9x versions without RDF.
  package static let rss = FeedFormat(rawValue: "rss")
  /// RSS 1.0 and 0.90, written as RDF.
  package static let rdf = FeedFormat(rawValue: "rdf")
  /// Atom 1.0 (and the older 0.3 namespace).
  package static let atom = FeedFormat(rawValue: "atom")
  /// JSON Feed 1.0 and 1.1.
  package static let jsonFeed = FeedFormat(rawValue: "json-feed")

  /// The stable name.
  package var description: String { rawValue }
}
