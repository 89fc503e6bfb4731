package import Foundation

/// A subscription as `subscription/list` answers it.
package struct GoogleReaderSubscription: Sendable, Hashable, Decodable {
  /// The stream id, `feed/…`.
  package var id: String
  /// The title on the server.
  package var title: String?
  /// The feed's address.
  package var url: String?
  /// The folders (labels) it is in: `user/-/label/NAME` ids and their names.
  package var categories: [Category]?

  /// A folder.
  package struct Category: Sendable, Hashable, Decodable {
    package var id: String
    package var label: String?
  }

  /// The feed's address: `url`, else the stream id after `feed/` (The Old Reader and
  /// Inoreader name a feed by its address there).
  package var feedURL: URL? {
    if let url, let parsed = URL(string: url), parsed.scheme != nil { return parsed }
    guard id.hasPrefix("feed/") else { return nil }
    return URL(string: String(id.dropFirst(5))).flatMap { $0.scheme == nil ? nil : $0 }
  }

  /// The name of its folder: the first category that is a label (`user/…/label/NAME`),
  /// by its `label`, else the name in its id.
  package var folder: String? {
    guard let category = categories?.first(where: { $0.id.contains("/label/") }) else {
      return nil
    }
    if let label = category.label, !label.isEmpty { return label }
    return category.id.range(of: "/label/").map { String(category.id[$0.upperBound...]) }
  }
}

/// One item as `stream/items/contents` or `stream/contents` answers it.
package struct GoogleReaderItem: Sendable, Hashable, Decodable {
  package var id: String
  package var title: String?
  package var published: Double?
  package var updated: Double?
  package var author: String?
  package var canonical: [Link]?
  package var alternate: [Link]?
  package var categories: [String]?
  package var origin: Origin?
  package var summary: Content?
  package var content: Content?

  package struct Link: Sendable, Hashable, Decodable {
    package var href: String?
  }

  package struct Origin: Sendable, Hashable, Decodable {
    package var streamId: String?
  }

  package struct Content: Sendable, Hashable, Decodable {
    package var content: String?
  }

  /// Whether `categories` say the item is read.
  package var isRead: Bool {
    categories?.contains { $0.hasSuffix("/state/com.google/read") } ?? false
  }

  /// Whether `categories` say the item is starred.
  package var isStarred: Bool {
    categories?.contains { $0.hasSuffix("/state/com.google/starred") } ?? false
  }
}

/// The answers' envelopes.
enum GoogleReaderEnvelope {
  struct Subscriptions: Decodable {
    var subscriptions: [GoogleReaderSubscription]
  }

  struct ItemRefs: Decodable {
    var itemRefs: [Ref]?
    var continuation: Continuation?

    struct Ref: Decodable {
      var id: String
    }
  }

  struct Items: Decodable {
    var items: [GoogleReaderItem]?
    var continuation: Continuation?
  }

  struct QuickAdd: Decodable {
    var numResults: Int?
    var streamId: String?
    var streamName: String?
    var error: String?
  }

  /// A continuation, which servers send as a string or a number.
  struct Continuation: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        self.text = text
      } else {
        self.text = String(try container.decode(Int64.self))
      }
    }
  }
}
