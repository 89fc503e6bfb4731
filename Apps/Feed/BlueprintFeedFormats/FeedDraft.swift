internal import Foundation

/// The raw text of a feed's fields, as collected by a reader, before it is interpreted.
struct FeedDraft {
  var format: FeedFormat?
  var title: TypedText?
  var siteLink: String?
  /// How well `siteLink` fits as the site's page (see `XMLFeedReader.alternateRank`).
  var siteLinkRank = 0
  var description: TypedText?
  var author: String?
  var items: [ItemDraft] = []

  /// Whether anything a reader could show was delivered.
  var hasContent: Bool { title.map { !$0.value.isBlank } == true || !items.isEmpty }

  /// Interprets the fields: plain text, dates, links and ids. A bad field is dropped.
  ///
  /// - Parameters:
  ///   - format: The format to report.
  ///   - baseURL: The feed's own URL, against which relative links resolve.
  /// - Returns: The feed.
  func makeFeed(format: FeedFormat, baseURL: URL?) -> ParsedFeed {
    let site = siteLink.flatMap { webURL($0, base: baseURL) }
    let base = site ?? baseURL
    return ParsedFeed(
      format: format,
      title: title.flatMap(plainText),
      siteLink: site,
      description: description.flatMap(plainText),
      items: items.map { $0.makeItem(base: base, feedAuthor: author) }
    )
  }
}

/// The raw text of one item's fields.
struct ItemDraft {
  var guid: String?
  var guidIsPermaLink = true
  var about: String?
  var title: TypedText?
  var dcTitle: TypedText?
  var mediaTitle: TypedText?
  var link: String?
  /// How well `link` fits as the item's page (Atom alternate links).
  var linkRank = 0
  /// An enclosure or media file: part of the identity of an item without id or link.
  var enclosure: String?
  var published: String?
  var updated: String?
  var dcDate: String?
  var issued: String?
  var modified: String?
  var author: String?
  var authorName: String?
  var dcCreator: String?
  var itunesAuthor: String?
  var summary: String?
  var content: String?

  func makeItem(base: URL?, feedAuthor: String?) -> ParsedItem {
    var linkURL = link.flatMap { webURL($0, base: base) }
    if linkURL == nil, guidIsPermaLink, let guid, guid.contains("://") {
      linkURL = webURL(guid, base: nil)
    }
    if linkURL == nil, let about { linkURL = webURL(about, base: base) }
    let titleText =
      title.flatMap(plainText) ?? dcTitle.flatMap(plainText) ?? mediaTitle.flatMap(plainText)
    let publishedDate =
      published.flatMap(parseDate) ?? dcDate.flatMap(parseDate) ?? issued.flatMap(parseDate)
    let updatedDate = updated.flatMap(parseDate) ?? modified.flatMap(parseDate)
    let id = nonBlank(guid) ?? linkURL?.absoluteString ?? nonBlank(link) ?? fallbackID(titleText)
    let authorText = [authorName, author, dcCreator, itunesAuthor, feedAuthor].lazy
      .compactMap { $0.flatMap(collapsedText) }.first
    return ParsedItem(
      id: id, title: titleText, link: linkURL, published: publishedDate, updated: updatedDate,
      author: authorText, summaryHTML: nonBlank(summary), contentHTML: nonBlank(content))
  }
}

extension ItemDraft {
  /// An id for an item with no guid, id or link: a hash of what tells it apart.
  ///
  /// Title and date text come first, then the body and the enclosure when there are any,
  /// so that two items with the same title and no date (two videos of a series) do not
  /// merge. An item with only a title and a date keeps the id earlier versions gave it.
  func fallbackID(_ titleText: String?) -> String {
    let body = content ?? summary ?? ""
    var parts = [
      titleText ?? "", published ?? dcDate ?? issued ?? updated ?? modified ?? "",
      titleText == nil ? body : "",
    ]
    if titleText != nil, !body.isEmpty { parts.append(body) }
    if let enclosure = nonBlank(enclosure) { parts.append(enclosure) }
    return "fnv1a:" + StableHash.fnv1a(parts)
  }
}

// MARK: - Field helpers

extension String {
  /// Whether the string is empty or only whitespace.
  var isBlank: Bool { allSatisfy(\.isWhitespace) }
}

/// Whether a byte is ASCII whitespace (space, tab, line feed, form feed, carriage return).
func isASCIISpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
}

/// The string without leading and trailing ASCII whitespace, or `nil` when nothing is left.
func nonBlank(_ text: String?) -> String? {
  guard let text else { return nil }
  let utf8 = text.utf8
  guard let first = utf8.firstIndex(where: { !isASCIISpace($0) }),
    let last = utf8.lastIndex(where: { !isASCIISpace($0) })
  else { return nil }
  if first == utf8.startIndex, utf8.index(after: last) == utf8.endIndex { return text }
  return String(text[first...last])
}

/// Text on one line: runs of spaces, tabs and line breaks become one space.
func collapsedText(_ text: String) -> String? {
  var previousWasSpace = true
  var needsWork = false
  for byte in text.utf8 {
    let isSpace = isASCIISpace(byte)
    if isSpace, previousWasSpace || byte != 0x20 {
      needsWork = true
      break
    }
    previousWasSpace = isSpace
  }
  if !needsWork, !previousWasSpace { return text }
  var output: [UInt8] = []
  output.reserveCapacity(text.utf8.count)
  var pendingSpace = false
  for byte in text.utf8 {
    if isASCIISpace(byte) {
      pendingSpace = !output.isEmpty
    } else {
      if pendingSpace { output.append(0x20) }
      pendingSpace = false
      output.append(byte)
    }
  }
  return output.isEmpty ? nil : String(decoding: output, as: UTF8.self)
}

/// A title or description as plain text on one line: markup is dropped, with no link
/// numbers or image placeholders.
func plainText(_ text: TypedText) -> String? {
  switch text.type {
  case .text: collapsedText(HTMLEntities.decodeAll(in: text.value))
  case .html, .xhtml: collapsedText(HTMLText.line(html: text.value))
  case .textOrHTML:
    HTMLText.looksLikeMarkup(text.value)
      ? collapsedText(HTMLText.line(html: text.value))
      : collapsedText(HTMLEntities.decodeAll(in: text.value))
  }
}

/// A date in RFC 822 or RFC 3339, or `nil`.
func parseDate(_ text: String) -> Date? { FeedDate.parse(text) }

/// An absolute `http` or `https` URL, resolved against `base` when relative.
func webURL(_ text: String, base: URL?) -> URL? {
  guard let trimmed = nonBlank(text) else { return nil }
  if trimmed.hasPrefix("https://") || trimmed.hasPrefix("http://") {
    // Already absolute: skip the costlier relative resolution.
    guard let url = URL(string: trimmed) else { return nil }
    // The percent-encoded host is cheaper to get; its decoded form (`host`) is nil for
    // the same URLs, except that it is also nil when the escapes are not valid UTF-8.
    guard let encodedHost = url.host(percentEncoded: true) else { return nil }
    if encodedHost.utf8.contains(UInt8(ascii: "%")), url.host == nil { return nil }
    return url
  }
  guard let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
    let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
  else { return nil }
  return url
}
