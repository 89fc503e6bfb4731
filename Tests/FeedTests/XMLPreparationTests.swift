import Foundation
import Testing

@testable import BlueprintFeedFormats
@testable import BlueprintFeedModel

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("XML preparation")
struct XMLPreparationTests {
  @Test(
    "Escaped markup in text becomes CDATA; everything else is left alone",
    arguments: [
      ("<d>&lt;p&gt;a &amp; b&lt;/p&gt;</d>", "<d><![CDATA[<p>a & b</p>]]></d>"),
      ("<d>&lt;b&gt; &#8217;&#x41;</d>", "<d><![CDATA[<b> \u{2019}A]]></d>"),
      ("<d>no markup &amp; here</d>", "<d>no markup &amp; here</d>"),
      ("<d>&lt;b&gt; ]]&gt; end</d>", "<d>&lt;b&gt; ]]&gt; end</d>"),
      ("<d>&lt;b&gt; &custom;</d>", "<d>&lt;b&gt; &custom;</d>"),
      ("<d>&lt;b&gt; &#0;</d>", "<d>&lt;b&gt; &#0;</d>"),
      ("<a t=\"&lt;x&gt;\">&lt;y&gt;</a>", "<a t=\"&lt;x&gt;\"><![CDATA[<y>]]></a>"),
      ("<!-- &lt;c&gt; --><d/>", "<!-- &lt;c&gt; --><d/>"),
      ("<!DOCTYPE d [<!ENTITY e \"&lt;\">]><d/>", "<!DOCTYPE d [<!ENTITY e \"&lt;\">]><d/>"),
      ("<d><![CDATA[&lt;kept&gt;]]></d>", "<d><![CDATA[&lt;kept&gt;]]></d>"),
      ("<?pi &lt;x&gt; ?><d/>", "<?pi &lt;x&gt; ?><d/>"),
    ])
  func wrap(input: String, expected: String) {
    let output = XMLPreparation.wrapEscapedText(Array(input.utf8))
    #expect(String(decoding: output, as: UTF8.self) == expected)
  }

  @Test(
    "Preparation changes no text XMLParser delivers",
    arguments: ["rss2.xml", "rdf.xml", "atom.xml", "rss-other-prefixes.xml"])
  func sameText(name: String) throws {
    let bytes = [UInt8](try Fixtures.data(name))
    let (prepared, _) = XMLPreparation.prepare(bytes)
    let wrapped = XMLPreparation.wrapEscapedText(prepared)
    #expect(wrapped != prepared, "the fixture has escaped markup to wrap")
    #expect(TextCollector.text(of: wrapped) == TextCollector.text(of: prepared))
  }

  @Test(
    "Wrapping escaped markup changes no text in the real-world corpus",
    .enabled(if: CorpusTests.folder != nil, "FEED_CORPUS is not set"))
  func sameTextInCorpus() throws {
    let folder = URL(fileURLWithPath: try #require(CorpusTests.folder))
    var wrappedFiles = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
      guard bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "<") else { continue }
      let (prepared, _) = XMLPreparation.prepare(bytes)
      let wrapped = XMLPreparation.wrapEscapedText(prepared)
      if wrapped != prepared { wrappedFiles += 1 }
      #expect(TextCollector.text(of: wrapped) == TextCollector.text(of: prepared), "\(name)")
    }
    #expect(wrappedFiles > 3)
  }

  @Test("HTML entities, bare ampersands and control characters are fixed before parsing")
  func prepare() {
    let input = "<t>a&nbsp;b & c \u{1B}[1m &#27; &amp; &lt;</t>"
    let (output, mapped) = XMLPreparation.prepare(Array(input.utf8))
    #expect(mapped)
    let text = TextCollector.text(of: output)
    #expect(XMLPreparation.restoreControls(in: text) == "a\u{A0}b & c \u{1B}[1m \u{1B} & <")
  }
}

/// Collects all text and CDATA an XMLParser delivers, in order.
final class TextCollector: NSObject, XMLParserDelegate {
  private var text = ""

  static func text(of bytes: [UInt8]) -> String {
    let collector = TextCollector()
    let parser = XMLParser(data: Data(bytes))
    parser.shouldProcessNamespaces = true
    parser.delegate = collector
    _ = parser.parse()
    return collector.text
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  func parser(_ parser: XMLParser, foundCDATA block: Data) {
    text += String(decoding: block, as: UTF8.self)
  }
}
