import Foundation
import Testing

@testable import BlueprintFeedFeatures
@testable import BlueprintFeedFormats

@Suite("OPML export escaping")
struct OPMLTests {
  @Test(
    "attribute text is escaped, terminal-unsafe characters never appear raw",
    arguments: [
      ("A & B <\"x\">", "A &amp; B &lt;&quot;x&quot;&gt;", "A & B <\"x\">"),
      ("evil\u{1B}[31mred\u{07}", "evil[31mred", "evil[31mred"),
      ("csi\u{9B}31m del\u{7F}", "csi&#x9B;31m del&#x7F;", "csi\u{9B}31m del\u{7F}"),
      ("abc\u{202E}gnp.exe\u{2066}", "abc&#x202E;gnp.exe&#x2066;", "abc\u{202E}gnp.exe\u{2066}"),
      ("two\nlines\ttab", "two&#10;lines&#9;tab", "two\nlines\ttab"),
      ("line\u{2028}para\u{2029}end", "line&#x2028;para&#x2029;end", "line\u{2028}para\u{2029}end"),
    ])
  func escaping(title: String, escaped: String, readBack: String) throws {
    #expect(OPML.escape(title) == escaped)
    let document = OPML.document([(title: title, url: "https://example.com/feed", folder: nil)])
    let outlines = try OPML.outlines(in: Data(document.utf8))
    #expect(outlines == [OPML.Outline(url: "https://example.com/feed", title: readBack)])
  }
}
