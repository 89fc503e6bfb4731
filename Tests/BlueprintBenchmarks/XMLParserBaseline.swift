import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The cost of `XMLParser` alone (namespaces on, a delegate that does nothing): the
/// baseline of the rows that parse XML, feed's and CalDAV's.
enum XMLParserBaseline {
  private final class EmptyDelegate: NSObject, XMLParserDelegate {}

  /// One pass of `XMLParser` over `data`.
  static func pass(_ data: Data) {
    let parser = XMLParser(data: data)
    let delegate = EmptyDelegate()
    parser.delegate = delegate
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    _ = parser.parse()
  }
}
