internal import Foundation

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
    let decoder = JSONDecoder()
    if let key = Context.key {
      decoder.userInfo[key] = Context(maximumItems: maximumItems, baseURL: baseURL)
    }
    let document: Document
    do {
      guard !bytes.isEmpty else { throw NotAJSONFeed() }
      document = try decoder.decode(Document.self, from: Data(bytes))
    } catch is NotAJSONFeed {
      throw FeedParseError(.notAFeed, "not a feed: JSON without a JSON Feed version")
    } catch DecodingError.typeMismatch {
      throw FeedParseError(.notAFeed, "not a feed: JSON that is not an object")
    } catch {
      throw FeedParseError(.malformed, "not a feed: the JSON is not valid")
    }
    return ParsedFeed(
      format: .jsonFeed,
      title: document.title.flatMap { plainText(TypedText(value: $0, type: .text)) },
      siteLink: document.siteLink,
      description: document.description.flatMap { plainText(TypedText(value: $0, type: .text)) },
      items: document.items
    )
  }

  /// What the document needs from the caller while it decodes, passed in `userInfo`.
  private struct Context: Sendable {
    static let key = CodingUserInfoKey(rawValue: "blueprint.feed.jsonFeedContext")
    var maximumItems = Int.max
    var baseURL: URL?
  }

  /// Thrown when the object's `version` does not name a JSON Feed: nothing else is read.
  private struct NotAJSONFeed: Error {}

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

  /// The feed, its items finished as they are read: no draft array, no second pass.
  ///
  /// The feed-level fields come first (JSON objects are unordered, the decoder is not), so
  /// each item is resolved against the site link and inherits the feed's author at once,
  /// and reading stops after `maximumItems`.
  private struct Document: Decodable {
    var title: String?
    var siteLink: URL?
    var description: String?
    var items: [ParsedItem] = []

    init(from decoder: any Decoder) throws {
      let context = Context.key.flatMap { decoder.userInfo[$0] as? Context } ?? Context()
      let container = try decoder.container(keyedBy: Key.self)
      guard let version = container.lenient(.version), version.contains("jsonfeed.org/version/")
      else { throw NotAJSONFeed() }
      title = container.lenient(.title)
      siteLink = container.lenient(.homePageURL).flatMap { webURL($0, base: context.baseURL) }
      description = container.lenient(.description)
      let author = try? container.decodeIfPresent(Author.self, forKey: .author)
      let authors = (try? container.decodeIfPresent(Lenient<Author>.self, forKey: .authors))?.values
      let feedAuthor = (authors?.first ?? author)?.name
      let base = siteLink ?? context.baseURL
      guard var list = try? container.nestedUnkeyedContainer(forKey: .items) else { return }
      items.reserveCapacity(max(0, min(list.count ?? 0, context.maximumItems)))
      while items.count < context.maximumItems, !list.isAtEnd {
        if let item = try? list.decode(Item.self) {
          items.append(item.draft.makeItem(base: base, feedAuthor: feedAuthor))
        } else {
          _ = try? list.decode(Skip.self)
        }
      }
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
