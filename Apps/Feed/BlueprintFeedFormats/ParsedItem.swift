package import Foundation

/// One entry of a feed: an RSS `item`, an Atom `entry` or a JSON Feed item.
package struct ParsedItem: Sendable, Equatable, Codable {
  /// A stable id: the item's guid or id, else its link, else a hash of its title and date.
  ///
  /// The hash is FNV-1a (64 bit), so the same item gets the same id in every process.
  package var id: String
  /// The title as plain text.
  package var title: String?
  /// The item's web page (an `http` or `https` URL).
  package var link: URL?
  /// When the item was first published.
  package var published: Date?
  /// When the item was last changed.
  package var updated: Date?
  /// The author's name (or the e-mail address RSS gives).
  package var author: String?
  /// A short summary as HTML; plain-text sources are escaped into HTML.
  package var summaryHTML: String?
  /// The full content as HTML; plain-text sources are escaped into HTML.
  package var contentHTML: String?

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - id: The stable id.
  ///   - title: The title as plain text.
  ///   - link: The item's web page.
  ///   - published: When it was published.
  ///   - updated: When it was last changed.
  ///   - author: The author's name.
  ///   - summaryHTML: A short summary as HTML.
  ///   - contentHTML: The full content as HTML.
  package init(
    id: String, title: String? = nil, link: URL? = nil, published: Date? = nil,
    updated: Date? = nil, author: String? = nil, summaryHTML: String? = nil,
    contentHTML: String? = nil
  ) {
    self.id = id
    self.title = title
    self.link = link
    self.published = published
    self.updated = updated
    self.author = author
    self.summaryHTML = summaryHTML
    self.contentHTML = contentHTML
  }

  /// The publication date, else the update date: what a list sorts by.
  package var date: Date? { published ?? updated }

  /// The summary as readable plain text, links listed at the end.
  package var summaryText: String? {
    summaryHTML.map { HTMLText(html: $0, baseURL: link).rendered }
  }

  /// The content as readable plain text, links listed at the end.
  package var contentText: String? {
    contentHTML.map { HTMLText(html: $0, baseURL: link).rendered }
  }

  /// The best body text: the content, else the summary, as plain text.
  package var bodyText: String? { contentText ?? summaryText }
}
