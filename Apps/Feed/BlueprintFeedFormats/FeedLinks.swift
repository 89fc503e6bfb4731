package import Foundation

/// A feed that a web page names in its markup:
/// `<link rel="alternate" type="application/rss+xml" href="/feed.xml" title="News">`.
package struct FeedLink: Sendable, Equatable {
  /// The feed's address, resolved against the page (and its `<base href>`).
  package var url: URL
  /// The media type the page gives, lowercased: `application/rss+xml`,
  /// `application/atom+xml` or `application/feed+json`.
  package var type: String
  /// The link's `title`, if any (not sanitized).
  package var title: String?

  /// Creates a link.
  ///
  /// - Parameters:
  ///   - url: The feed's address.
  ///   - type: Its media type.
  ///   - title: Its title.
  package init(url: URL, type: String, title: String? = nil) {
    self.url = url
    self.type = type
    self.title = title
  }
}

/// Finds the feeds a web page names, as feed readers do ("autodiscovery").
///
/// Real pages are not XML, so this is a small tolerant scanner, not a parser: it
/// looks at every `<link>` and the first `<base>` tag, takes attributes in any order,
/// in any case, quoted with `"` or `'` or not at all, decodes character references in
/// their values, and skips comments, `<script>` and `<style>`. A link counts when its
/// `rel` includes `alternate` and its `type` is one of ``feedTypes``; its `href` is
/// resolved against `<base href>` (itself resolved against the page) or the page's
/// URL. Only `http` and `https` results are kept, each once, in the page's order.
///
/// ```swift
/// let links = FeedLinks.find(in: body, contentType: "text/html", pageURL: page)
/// if let first = links.first { subscribe(to: first.url) }
/// ```
package enum FeedLinks {
  /// The media types of feeds: RSS, Atom and JSON Feed.
  package static let feedTypes: Set<String> = [
    "application/rss+xml", "application/atom+xml", "application/feed+json",
  ]

  /// The feeds `data`, a web page fetched from `pageURL`, names.
  ///
  /// - Parameters:
  ///   - data: The page as received.
  ///   - contentType: The HTTP `Content-Type`, whose `charset` names the encoding.
  ///   - pageURL: The page's URL after redirects, against which `href`s resolve.
  /// - Returns: The feeds, in the page's order, without repeats.
  package static func find(in data: Data, contentType: String? = nil, pageURL: URL) -> [FeedLink] {
    let bytes = TextEncoding.utf8Bytes(data, contentType: contentType).bytes
    var scanner = TagScanner(bytes: bytes)
    var base: URL?
    var found: [(href: String, type: String, title: String?)] = []
    while let tag = scanner.nextTag() {
      switch tag.name {
      case "base" where base == nil:
        if let href = tag.attributes["href"], !href.isEmpty {
          base = URL(string: href, relativeTo: pageURL)?.absoluteURL
        }
      case "link":
        let rel = tag.attributes["rel"]?.lowercased().split(whereSeparator: \.isWhitespace) ?? []
        let type = mediaType(tag.attributes["type"] ?? "")
        guard rel.contains("alternate"), feedTypes.contains(type),
          let href = tag.attributes["href"], !href.isEmpty
        else { continue }
        found.append((href, type, tag.attributes["title"]))
      default: continue
      }
    }
    var links: [FeedLink] = []
    for (href, type, title) in found {
      guard let url = URL(string: href, relativeTo: base ?? pageURL)?.absoluteURL,
        let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
        url.host?.isEmpty == false, !links.contains(where: { $0.url == url })
      else { continue }
      let title = title?.trimmingCharacters(in: .whitespacesAndNewlines)
      links.append(FeedLink(url: url, type: type, title: title?.isEmpty == true ? nil : title))
    }
    return links
  }

  /// `application/RSS+XML; charset=utf-8` → `application/rss+xml`.
  private static func mediaType(_ text: String) -> String {
    let type = text.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    return type.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }
}

/// One start tag: its lowercased name and attributes (names lowercased, values with
/// character references decoded; the first of a repeated attribute wins, as in HTML).
struct ScannedTag {
  var name: String
  var attributes: [String: String]
}

/// Walks the start tags of an HTML document, tolerating whatever real pages contain.
struct TagScanner {
  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// The next start tag, or `nil` at the end of the document.
  mutating func nextTag() -> ScannedTag? {
    while let open = find(UInt8(ascii: "<"), from: position) {
      position = open + 1
      if hasPrefix("!--") {
        position = find("-->", from: position + 3).map { $0 + 3 } ?? bytes.count
        continue
      }
      // An end tag (`</head>`), `<!DOCTYPE>` or a stray `<` has no name here.
      let name = lowercasedName()
      guard !name.isEmpty else {
        skipPast(UInt8(ascii: ">"))
        continue
      }
      let attributes = readAttributes()
      if name == "script" || name == "style" {
        // Raw text: a `<link` inside a script's string is not a link.
        position = find("</\(name)", from: position, ignoringCase: true) ?? bytes.count
      }
      return ScannedTag(name: name, attributes: attributes)
    }
    position = bytes.count
    return nil
  }

  /// The tag name at `position` (letters, digits, `-`), lowercased.
  private mutating func lowercasedName() -> String {
    var name: [UInt8] = []
    while position < bytes.count, Self.isNameByte(bytes[position]) {
      name.append(Self.lowercase(bytes[position]))
      position += 1
    }
    return String(decoding: name, as: UTF8.self)
  }

  /// Attributes up to the tag's `>` (or the end); leaves `position` after it.
  private mutating func readAttributes() -> [String: String] {
    var attributes: [String: String] = [:]
    while true {
      skipSpaces()
      guard position < bytes.count else { return attributes }
      let byte = bytes[position]
      if byte == UInt8(ascii: ">") {
        position += 1
        return attributes
      }
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") {
        position += 1
        continue
      }
      var name: [UInt8] = []
      while position < bytes.count, !Self.endsName(bytes[position]) {
        name.append(Self.lowercase(bytes[position]))
        position += 1
      }
      skipSpaces()
      var value = ""
      if position < bytes.count, bytes[position] == UInt8(ascii: "=") {
        position += 1
        skipSpaces()
        value = readValue()
      }
      let key = String(decoding: name, as: UTF8.self)
      if attributes[key] == nil { attributes[key] = HTMLEntities.decodeAll(in: value) }
    }
  }

  /// A quoted or unquoted attribute value.
  private mutating func readValue() -> String {
    guard position < bytes.count else { return "" }
    let quote = bytes[position]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      let start = position + 1
      let end = find(quote, from: start) ?? bytes.count
      position = min(end + 1, bytes.count)
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    let start = position
    while position < bytes.count, !Self.isSpace(bytes[position]),
      bytes[position] != UInt8(ascii: ">")
    {
      position += 1
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private mutating func skipSpaces() {
    while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
  }

  private mutating func skipPast(_ byte: UInt8) {
    position = find(byte, from: position).map { $0 + 1 } ?? bytes.count
  }

  private func hasPrefix(_ text: String) -> Bool {
    let needle = Array(text.utf8)
    return bytes.count - position >= needle.count
      && bytes[position..<position + needle.count].elementsEqual(needle)
  }

  private func find(_ byte: UInt8, from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    return bytes[start...].firstIndex(of: byte)
  }

  private func find(_ text: String, from start: Int, ignoringCase: Bool = false) -> Int? {
    let needle = Array(text.utf8)
    guard let first = needle.first, start < bytes.count else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      if Self.lowercase(bytes[index]) == first || bytes[index] == first {
        let window = bytes[index..<index + needle.count]
        let matches =
          ignoringCase
          ? window.map(Self.lowercase).elementsEqual(needle) : window.elementsEqual(needle)
        if matches { return index }
      }
      index += 1
    }
    return nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
  }

  private static func endsName(_ byte: UInt8) -> Bool {
    isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "/")
  }

  private static func lowercase(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }
}
