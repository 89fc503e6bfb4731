import Foundation
import Testing

@testable import CoreSync

/// The XML reader under the CalDAV client: namespaces, text, references, CDATA, what
/// it skips, every well-formedness error it reports, and its depth limit.
@Suite("XMLPullReader")
struct XMLPullReaderTests {
  static let dav = "DAV:"

  static func events(_ xml: String, depthLimit: Int = 64) throws(XMLReadError) -> [XMLEvent] {
    try events(Data(xml.utf8), depthLimit: depthLimit)
  }

  static func events(_ data: Data, depthLimit: Int = 64) throws(XMLReadError) -> [XMLEvent] {
    var reader = try XMLPullReader(data, depthLimit: depthLimit)
    var found: [XMLEvent] = []
    while let event = try reader.next() { found.append(event) }
    return found
  }

  static func start(_ namespace: String, _ name: String, _ attributes: [XMLAttribute] = [])
    -> XMLEvent
  {
    .start(XMLName(namespace: namespace, name: name), attributes: attributes)
  }

  static func end(_ namespace: String, _ name: String) -> XMLEvent {
    .end(XMLName(namespace: namespace, name: name))
  }

  /// The reason an ill-formed document is refused with, or a failed expectation.
  static func reason(_ xml: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    reason(Data(xml.utf8), sourceLocation: sourceLocation)
  }

  static func reason(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
      let read = try events(data)
      Issue.record("read without an error: \(read)", sourceLocation: sourceLocation)
      return ""
    } catch {
      return error.description
    }
  }

  // MARK: - Namespaces

  @Test("a prefix resolves to its namespace; a self-closing tag is a start and an end")
  func prefixed() throws {
    #expect(
      try Self.events(#"<D:a xmlns:D="DAV:"><D:b/></D:a>"#) == [
        Self.start(Self.dav, "a"), Self.start(Self.dav, "b"), Self.end(Self.dav, "b"),
        Self.end(Self.dav, "a"),
      ])
  }

  @Test("the default namespace holds for the children, until one redeclares or undeclares it")
  func defaultNamespace() throws {
    let xml = #"<a xmlns="urn:x"><b xmlns="urn:y"><c/></b><d xmlns=""/><e/></a>"#
    #expect(
      try Self.events(xml) == [
        Self.start("urn:x", "a"), Self.start("urn:y", "b"), Self.start("urn:y", "c"),
        Self.end("urn:y", "c"), Self.end("urn:y", "b"), Self.start("", "d"), Self.end("", "d"),
        Self.start("urn:x", "e"), Self.end("urn:x", "e"), Self.end("urn:x", "a"),
      ])
  }

  @Test("a prefix redeclared in a child holds there only")
  func redeclaredPrefix() throws {
    let xml = #"<p:a xmlns:p="urn:1"><p:b xmlns:p="urn:2"><p:c/></p:b><p:d/></p:a>"#
    #expect(
      try Self.events(xml).compactMap { event -> String? in
        guard case .start(let name, _) = event else { return nil }
        return "\(name.namespace) \(name.name)"
      } == ["urn:1 a", "urn:2 b", "urn:2 c", "urn:1 d"])
  }

  static let undeclared = ["<p:a/>", #"<a><b xmlns:p="urn:1"/><p:c/></a>"#, #"<a p:b="1"/>"#]

  @Test(
    "an undeclared prefix is an error, also one declared only on a sibling", arguments: undeclared)
  func undeclaredPrefix(xml: String) {
    #expect(Self.reason(xml).contains("the namespace prefix p is not declared"))
  }

  @Test("attributes: unprefixed in no namespace, prefixed resolved, declarations left out")
  func attributes() throws {
    let xml = #"<C:comp xmlns:C="urn:c" name="VTODO" C:kind='a &amp; b'/>"#
    #expect(
      try Self.events(xml).first
        == Self.start(
          "urn:c", "comp",
          [
            XMLAttribute(name: XMLName(namespace: "", name: "name"), value: "VTODO"),
            XMLAttribute(name: XMLName(namespace: "urn:c", name: "kind"), value: "a & b"),
          ]))
  }

  @Test("names beyond ASCII")
  func unicodeNames() throws {
    #expect(
      try Self.events("<задача·1 é=\"ü\"/>").first
        == Self.start(
          "", "задача·1", [XMLAttribute(name: XMLName(namespace: "", name: "é"), value: "ü")]))
  }

  @Test("the xml prefix needs no declaration")
  func xmlPrefix() throws {
    let attribute = XMLAttribute(
      name: XMLName(namespace: "http://www.w3.org/XML/1998/namespace", name: "lang"), value: "en")
    #expect(try Self.events(#"<a xml:lang="en"/>"#).first == Self.start("", "a", [attribute]))
  }

  // MARK: - Text

  @Test("the five entities and decimal and hex character references")
  func references() throws {
    let xml = "<a>&lt;&gt;&amp;&quot;&apos; &#65;&#x42;&#x1F600;&#0000000067;</a>"
    #expect(try Self.events(xml)[1] == .text("<>&\"' AB😀C"))
  }

  @Test("CDATA is text as written, joined with the text around it")
  func cdata() throws {
    #expect(
      try Self.events("<a>x<![CDATA[<b>&amp;]]]]>y</a>")
        == [Self.start("", "a"), .text("x<b>&amp;]]y"), Self.end("", "a")])
  }

  @Test("the XML declaration, comments and processing instructions are skipped")
  func skipped() throws {
    let xml = """
      \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
      <!-- before --><?pi data?>
      <a>x<!-- inside -->y<?pi?></a>
      <!-- after --><?pi?>

      """
    #expect(try Self.events(xml) == [Self.start("", "a"), .text("xy"), Self.end("", "a")])
  }

  @Test("line ends read as \\n in text, as spaces in attribute values; CDATA as written")
  func lineEnds() throws {
    let xml = "<a b=\"1\r\n2\t3\">x\r\ny\rz<![CDATA[\r\n]]>&#13;</a>"
    let attribute = XMLAttribute(name: XMLName(namespace: "", name: "b"), value: "1 2 3")
    #expect(
      try Self.events(xml)[0...1] == [Self.start("", "a", [attribute]), .text("x\ny\nz\r\n\r")])
  }

  @Test("white space between elements is text")
  func whitespace() throws {
    #expect(
      try Self.events("<a>\n  <b> </b>\n</a>") == [
        Self.start("", "a"), .text("\n  "), Self.start("", "b"), .text(" "), Self.end("", "b"),
        .text("\n"), Self.end("", "a"),
      ])
  }

  // MARK: - Errors

  /// Documents that break XML 1.0, with what the error says.
  static let notWellFormed: [(String, String)] = [
    ("<a><b></a></b>", "the end tag </a> does not match <b>"),
    ("<a><b></b>", "<a> is never closed"),
    ("</a>", "the end tag </a> has no start tag"),
    ("<a></a >x", "text after the root element"),
    ("x<a/>", "text before the root element"),
    ("&amp;<a/>", "text before the root element"),
    ("<a/><b/>", "a second root element"),
    (#"<a b="<"/>"#, "a `<` inside an attribute value"),
    ("<a b=1/>", "an attribute value must be in quotes"),
    (#"<a b="1"c="2"/>"#, "no space before an attribute of <a>"),
    (#"<a b="1" b="2"/>"#, "the attribute b appears twice"),
    ("<a b/>", "the attribute b has no value"),
    (#"<a b="1"/"#, "a `/` inside the tag <a>"),
    (#"<a b="1"#, "an attribute value never ends"),
    (#"<a b="1""#, "the tag <a never ends"),
    ("<a></a", "the end tag </a never ends"),
    ("<a>&nbsp;</a>", "the unknown entity &nbsp;"),
    ("<a>Tom & Jerry</a>", "a `&` that starts no reference"),
    ("<a>Tom & Jerry; and</a>", "a `&` that starts no reference"),
    ("<a>&;</a>", "a `&` that starts no reference"),
    ("<a>&#0;</a>", "&#0; is not a character XML allows"),
    ("<a>&#1;</a>", "&#1; is not a character XML allows"),
    ("<a>&#xD800;</a>", "&#xD800; is not a character XML allows"),
    ("<a>&#xFFFE;</a>", "&#xFFFE; is not a character XML allows"),
    ("<a>&#x110000;</a>", "&#x110000; is not a character XML allows"),
    ("<a>&#;</a>", "&#; is not a character XML allows"),
    ("<a>&#x;</a>", "&#x; is not a character XML allows"),
    ("<a>&#12a;</a>", "&#12a; is not a character XML allows"),
    ("<a>&#X41;</a>", "&#X41; is not a character XML allows"),
    ("<a>\u{1}</a>", "a character XML does not allow (byte 3)"),
    ("<a>\u{FFFF}</a>", "a character XML does not allow (byte 3)"),
    ("<a>]]></a>", "`]]>` in text"),
    ("<a><!-- a -- b --></a>", "`--` inside a comment"),
    ("<a><!-- a </a>", "a comment never ends"),
    ("<a><![CDATA[x</a>", "a CDATA section never ends"),
    ("<a><?pi x</a>", "a processing instruction never ends"),
    ("<a><? x?></a>", "a processing instruction without a target"),
    (
      #"<?xml version="1.0" encoding=utf-8?><a/>"#,
      "the XML declaration's encoding is not in quotes"
    ),
    ("<![CDATA[x]]><a/>", "a CDATA section outside the root element"),
    ("<a><!DOCTYPE a></a>", "a declaration (`<!`) where an element or text should be"),
    (#" <?xml version="1.0"?><a/>"#, "an XML declaration after the start of the document"),
    (#"<a/><?xml version="1.0"?>"#, "an XML declaration after the start of the document"),
    ("<a>< b/></a>", "a name was expected"),
    ("<1a/>", "a name was expected"),
    ("<a×b/>", "a×b is not a name XML allows"),
    ("<·a/>", "·a is not a name XML allows"),
    ("", "no root element"),
    ("<!-- only a comment -->", "no root element"),
  ]

  @Test("a document that is not well-formed is refused", arguments: notWellFormed)
  func refused(xml: String, expected: String) {
    #expect(Self.reason(xml).contains(expected))
  }

  /// Documents that break namespaces in XML, or that are not UTF-8.
  static let refusedBeyondXML: [(String, String)] = [
    (#"<a xmlns:p=""/>"#, "the prefix p is declared with an empty namespace"),
    (#"<a xmlns:="urn:1"/>"#, "xmlns: is not a namespace prefix"),
    (#"<a xmlns:xmlns="urn:1"/>"#, "the prefix xmlns cannot be declared"),
    (#"<a xmlns:xml="urn:1"/>"#, "the prefix xml is bound to another namespace"),
    (#"<a xmlns:p="urn:1" xmlns:q="urn:1" p:b="1" q:b="2"/>"#, "two attributes named {urn:1}b"),
    (#"<p:a:b xmlns:p="urn:1"/>"#, "p:a:b is not a qualified name"),
    ("<:a/>", ":a is not a qualified name"),
    (#"<?xml version="1.0" encoding="ISO-8859-1"?><a/>"#, "the encoding iso-8859-1"),
  ]

  @Test("namespace errors and other encodings are refused", arguments: refusedBeyondXML)
  func refusedBeyond(xml: String, expected: String) {
    #expect(Self.reason(xml).contains(expected))
  }

  @Test(
    "bytes that are not UTF-8 are refused",
    arguments: [[0x3C, 0x61, 0x3E, 0xFF, 0x3C, 0x2F, 0x61, 0x3E], [0x3C, 0x61, 0x3E, 0xC3]]
      as [[UInt8]])
  func notUTF8(bytes: [UInt8]) {
    #expect(Self.reason(Data(bytes)).contains("the bytes are not valid UTF-8"))
  }

  @Test("an error names the line it was found on")
  func line() {
    #expect(
      Self.reason("<a>\n<b>\n</c>\n</a>")
        == "not well-formed XML (line 3: the end tag </c> does not match <b>)")
  }

  @Test("elements nest up to the limit; one more is refused")
  func depthLimit() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
    }
    #expect(try Self.events(nested(64), depthLimit: 64).count == 128)
    #expect(throws: XMLReadError(kind: .tooDeep(limit: 64), line: 1)) {
      try Self.events(nested(65), depthLimit: 64)
    }
    #expect(
      Self.reason(nested(100_000)) == "the answer nests elements more than 64 deep")
  }
}
