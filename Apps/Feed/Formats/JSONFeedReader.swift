import Foundation

/// Reads JSON Feed 1.0 and 1.1 with `JSONDecoder`, dropping any field of the wrong type.
enum JSONFeedReader {
  /// Reads a JSON Feed.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON.
  ///   - maximumItems: The most items to keep.
  ///   - baseURL: The feed's own URL, against which relative links resolve.
  /// - Returns: The feed.
  /// - Throws: `FeedParseError` when the bytes are not JSON or not a JSON Feed.
  static func read(_ bytes: [UInt8], maximumItems: Int, baseURL: URL?) throws(FeedParseError)
    -> ParsedFeed
  {
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: Data(bytes))
    } catch DecodingError.typeMismatch {
      throw FeedParseError(.notAFeed, "not a feed: JSON that is not an object")
    } catch {
      throw FeedParseError(.malformed, "not a feed: the JSON is not valid")
    }
    guard let version = document.version, version.contains("jsonfeed.org/version/") else {
      throw FeedParseError(.notAFeed, "not a feed: JSON without a JSON Feed version")
    }
    var draft = FeedDraft()
    draft.title = document.title.map { TypedText(value: $0, type: .text) }
    draft.siteLink = document.homePageURL
    draft.description = document.description.map { TypedText(value: $0, type: .text) }
    draft.author = (document.authors?.first ?? document.author)?.name
    draft.items = Array(document.items.prefix(maximumItems))
    return draft.makeFeed(format: .jsonFeed, baseURL: baseURL)
  }

  // MARK: - Lenient Codable shapes

  private enum Key: String, CodingKey {
    case version, title, description, author, authors, items, id, url, summary, name
    case homePageURL = "home_page_url"
    case externalURL = "external_url"
    case contentHTML = "content_html"
    case contentText = "content_text"
    case datePublished = "date_published"
    case dateModified = "date_modified"
  }

  private struct Document: Decodable {
    var version: String?
    var title: String?
    var homePageURL: String?
    var description: String?
    var author: Author?
    var authors: [Author]?
    var items: [ItemDraft] = []

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      version = container.lenient(.version)
      title = container.lenient(.title)
      homePageURL = container.lenient(.homePageURL)
      description = container.lenient(.description)
      author = try? container.decodeIfPresent(Author.self, forKey: .author)
      authors = (try? container.decodeIfPresent(Lenient<Author>.self, forKey: .authors))?.values
      items =
        (try? container.decodeIfPresent(Lenient<Item>.self, forKey: .items))?.values.map(\.draft)
        ?? []
    }
  }

  private struct Author: Decodable {
    var name: String?

    init(from decoder: any Decoder) throws {
      name = try decoder.container(keyedBy: Key.self).lenient(.name)
    }
  }

  /// A JSON Feed item, read straight into the draft the XML readers fill too.
  private struct Item: Decodable {
    var draft = ItemDraft()

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      draft.guid =
        container.lenient(.id)
        ?? (try? container.decodeIfPresent(Int.self, forKey: .id)).flatMap { $0.map(String.init) }
      draft.link = container.lenient(.url) ?? container.lenient(.externalURL)
      draft.title = container.lenient(.title).map { TypedText(value: $0, type: .text) }
      draft.published = container.lenient(.datePublished)
      draft.updated = container.lenient(.dateModified)
      draft.summary = container.lenient(.summary).map(HTMLEscaping.htmlFromPlainText)
      draft.content =
        container.lenient(.contentHTML)
        ?? container.lenient(.contentText).map(HTMLEscaping.htmlFromPlainText)
      if container.contains(.authors) {
        draft.authorName =
          (try? container.decode(Lenient<Author>.self, forKey: .authors))?.values.first?.name
      }
      if draft.authorName == nil, container.contains(.author) {
        draft.authorName = (try? container.decode(Author.self, forKey: .author))?.name
      }
    }
  }

  /// An array that keeps the elements that decode and skips the rest.
  private struct Lenient<Element: Decodable>: Decodable {
    var values: [Element] = []

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      while !container.isAtEnd {
        if let value = try? container.decode(Element.self) {
          values.append(value)
        } else {
          _ = try? container.decode(Skip.self)
        }
      }
    }
  }

  /// Decodes anything and keeps nothing: moves an unkeyed container past a bad element.
  private struct Skip: Decodable {
    init(from decoder: any Decoder) throws {}
  }
}

extension KeyedDecodingContainer {
  /// The string at `key`, or `nil` when it is missing or not a string.
  fileprivate func lenient(_ key: Key) -> String? {
    try? decodeIfPresent(String.self, forKey: key)
  }
}
