package import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads RSS, RSS 1.0 (RDF), Atom and JSON Feed documents into a `ParsedFeed`.
///
/// The format is detected from the content, never from the URL. The parser is lenient —
/// a bad field or date drops that field, not the item or the feed — and safe: external
/// entities are never resolved, entity-expansion bombs are rejected, and the body size
/// and item count are bounded.
///
/// ```swift
/// let parser = FeedParser()
/// let feed = try parser.parse(body, contentType: response.value(forHTTPHeaderField: "Content-Type"))
/// print(feed.title ?? "Untitled", feed.items.count)
/// ```
package struct FeedParser: Sendable {
  /// The largest body `parse` reads by default: 10 MiB.
  package static let defaultMaximumBytes = 10 * 1024 * 1024
  /// The most items `parse` keeps by default.
  package static let defaultMaximumItems = 10_000

  /// The largest body, in bytes, that `parse` reads; a larger one is an error.
  package var maximumBytes: Int
  /// The most items `parse` keeps; reading stops after the first `maximumItems`.
  package var maximumItems: Int

  /// Creates a parser.
  ///
  /// - Parameters:
  ///   - maximumBytes: The largest body to read.
  ///   - maximumItems: The most items to keep.
  package init(maximumBytes: Int = defaultMaximumBytes, maximumItems: Int = defaultMaximumItems) {
    self.maximumBytes = maximumBytes
    self.maximumItems = maximumItems
  }

  /// Parses a feed.
  ///
  /// - Parameters:
  ///   - data: The body as received.
  ///   - contentType: The HTTP `Content-Type`, whose `charset` names the encoding.
  ///   - baseURL: The feed's own URL, against which relative links resolve.
  /// - Returns: The feed.
  /// - Throws: `FeedParseError` when the body is too large, not a feed, or yields nothing.
  package func parse(_ data: Data, contentType: String? = nil, baseURL: URL? = nil)
    throws(FeedParseError) -> ParsedFeed
  {
    guard data.count <= maximumBytes else {
      throw FeedParseError(
        .tooLarge, "the feed is \(data.count) bytes, more than the limit of \(maximumBytes)")
    }
    let decoded = TextEncoding.utf8Bytes(data, contentType: contentType)
    var bytes = decoded.bytes
    let start = bytes.firstIndex { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
    guard let start else { throw FeedParseError(.notAFeed, "not a feed: the body is empty") }
    if start > 0 { bytes.removeFirst(start) }
    var feed: ParsedFeed
    switch bytes[0] {
    case UInt8(ascii: "{"):
      feed = try JSONFeedReader.read(bytes, maximumItems: maximumItems, baseURL: baseURL)
    case UInt8(ascii: "<"):
      feed = try parseXML(bytes, baseURL: baseURL)
    default:
      throw FeedParseError(.notAFeed, "not a feed: the body is neither XML nor JSON")
    }
    if let warning = decoded.warning { feed.warnings.insert(warning, at: 0) }
    return feed
  }

  /// Runs `XMLParser` over `bytes` with `reader` as its delegate: whether it read the
  /// whole document, its error and the line it stopped at.
  private static func runXMLParser(on bytes: [UInt8], reader: XMLFeedReader)
    -> (succeeded: Bool, error: NSError?, line: Int)
  {
    guard !bytes.isEmpty else { return (false, nil, 0) }
    let parser = XMLParser(data: Data(bytes))
    parser.shouldProcessNamespaces = true
    parser.shouldReportNamespacePrefixes = false
    parser.shouldResolveExternalEntities = false
    parser.delegate = reader
    let succeeded = parser.parse()
    parser.delegate = nil
    return (succeeded, parser.parserError as? NSError, parser.lineNumber)
  }

  private func parseXML(_ bytes: [UInt8], baseURL: URL?) throws(FeedParseError) -> ParsedFeed {
    var (prepared, mappedControls) = XMLPreparation.prepare(bytes)
    prepared = XMLPreparation.wrapEscapedText(prepared)
    let reader = XMLFeedReader(
      maximumItems: maximumItems, restoresControls: mappedControls, baseURL: baseURL)
    let (succeeded, parserError, line) = Self.runXMLParser(on: prepared, reader: reader)
    if let root = reader.foreignRoot {
      throw FeedParseError(.notAFeed, "not a feed: the document's root element is <\(root)>")
    }
    let isBomb = parserError?.code == 89
    if isBomb, reader.draft.items.isEmpty {
      throw FeedParseError(
        .entityExpansion, "not a feed: the document expands entities recursively")
    }
    let detail = parserError.map { " (XML error \($0.code) at line \(line))" } ?? ""
    guard let format = reader.draft.format else {
      throw FeedParseError(.malformed, "not a feed: no XML element could be read\(detail)")
    }
    // libxml2 may report success for a truncated document; an error is what counts.
    let failed = !succeeded || parserError != nil
    if failed, !reader.reachedItemLimit, !reader.draft.hasContent {
      throw FeedParseError(.malformed, "the \(format) feed yields no title and no items\(detail)")
    }
    var feed = reader.draft.makeFeed(format: format, baseURL: baseURL)
    if isBomb {
      feed.warnings.append(
        "the feed stops at an entity that expands without bound; "
          + "the \(feed.items.count) items before it are kept")
    }
    return feed
  }
}
