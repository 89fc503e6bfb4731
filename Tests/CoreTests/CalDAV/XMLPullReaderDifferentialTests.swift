import Foundation
import Testing

@testable import CoreSync

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The reader against FoundationXML's `XMLParser` (libxml2), which it replaced: every
/// document the reader's tests refuse, `XMLParser` refuses too (but one declaring
/// another encoding, which libxml2 converts), and every document they read, both read
/// into the same elements and text. Serialized: XMLParser instances parsing at once on
/// several threads crash.
@Suite("XMLPullReader against XMLParser", .serialized)
struct XMLPullReaderDifferentialTests {
  /// Well-formed documents: the reader tests' and the servers' answers.
  static let wellFormed: [String] = [
    #"<D:a xmlns:D="DAV:"><D:b/></D:a>"#,
    #"<a xmlns="urn:x"><b xmlns="urn:y"><c/></b><d xmlns=""/><e/></a>"#,
    #"<p:a xmlns:p="urn:1"><p:b xmlns:p="urn:2"><p:c/></p:b><p:d/></p:a>"#,
    #"<C:comp xmlns:C="urn:c" name="VTODO" C:kind='a &amp; b'/>"#,
    "<a>&lt;&gt;&amp;&quot;&apos; &#65;&#x42;&#x1F600;&#0000000067;</a>",
    "<a>x<![CDATA[<b>&amp;]]]]>y</a>",
    // With a delegate, XMLParser crashes on a processing instruction without data
    // (`<?pi?>`: it hands on a null pointer); the reader's own tests read one.
    "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- c --><?pi d?>\n<a>x<!-- i -->y<?pi e?></a>\n",
    "<a b=\"1\r\n2\t3\">x\r\ny\rz<![CDATA[\r\n]]>&#13;</a>",
    "<a>\n  <b> </b>\n</a>",
    "<a>]]</a>",
    "<задача·1 é=\"ü\">текст</задача·1>",
    "<a\n  b = '1'\n></a\n>",
    String(repeating: "<a>", count: 64) + String(repeating: "</a>", count: 64),
  ]

  @Test("XMLParser refuses what the reader refuses")
  func bothRefuse() {
    let refused =
      XMLPullReaderTests.notWellFormed + XMLPullReaderTests.refusedBeyondXML
      + XMLPullReaderTests.undeclared.map { ($0, "") }
    for (xml, _) in refused where !xml.isEmpty && !xml.contains("ISO-8859-1") {
      #expect(!Self.xmlParserAccepts(Data(xml.utf8)), "XMLParser read \(xml.debugDescription)")
    }
    #expect(!Self.xmlParserAccepts(Data([0x3C, 0x61, 0x3E, 0xFF, 0x3C, 0x2F, 0x61, 0x3E])))
  }

  @Test("both read the same elements and text", arguments: wellFormed)
  func sameEvents(xml: String) throws {
    let ours = try XMLPullReaderTests.events(xml).map { event -> XMLEvent in
      // XMLParser names attributes by qualified name; compare elements and text.
      guard case .start(let name, _) = event else { return event }
      return .start(name, attributes: [])
    }
    #expect(ours == Self.xmlParserEvents(Data(xml.utf8)))
  }

  // MARK: - XMLParser

  /// Whether XMLParser reads `data` without an error. Its `parse()` returns `true` for
  /// some documents it found errors in (a truncated one): the error is what counts.
  static func xmlParserAccepts(_ data: Data) -> Bool {
    let parser = XMLParser(data: data)
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    return parser.parse() && parser.parserError == nil
  }

  static func xmlParserEvents(_ data: Data) -> [XMLEvent]? {
    let parser = XMLParser(data: data)
    let recorder = Recorder()
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    parser.delegate = recorder
    guard parser.parse(), parser.parserError == nil else { return nil }
    return recorder.events
  }

  /// Records XMLParser's callbacks as reader events, adjacent text joined.
  private final class Recorder: NSObject, XMLParserDelegate {
    var events: [XMLEvent] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      events.append(
        .start(XMLName(namespace: namespaceURI ?? "", name: elementName), attributes: []))
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?
    ) {
      events.append(.end(XMLName(namespace: namespaceURI ?? "", name: elementName)))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { append(string) }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
      append(String(decoding: block, as: UTF8.self))
    }

    private func append(_ text: String) {
      if case .text(let before)? = events.last {
        events[events.count - 1] = .text(before + text)
      } else if !text.isEmpty {
        events.append(.text(text))
      }
    }
  }
}
