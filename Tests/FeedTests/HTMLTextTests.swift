import Foundation
import Testing

@testable import BlueprintFeedFormats
@testable import BlueprintFeedModel

@Suite("HTML to plain text")
struct HTMLTextTests {
  @Test(
    "Layout of blocks, lines and lists",
    arguments: [
      ("<p>One</p><p>Two</p>", "One\n\nTwo"),
      ("Line<br>break<br/>here<BR />end", "Line\nbreak\nhere\nend"),
      ("  lots   of\n\n  space  ", "lots of space"),
      ("<h1>Title</h1>Body", "Title\n\nBody"),
      ("<ul><li>a</li><li>b</li></ul>", "• a\n• b"),
      ("<ol><li>a<li>b<li>c</ol>", "1. a\n2. b\n3. c"),
      ("<ol start=\"4\"><li>d</li></ol>", "4. d"),
      ("<ul><li>a<ul><li>inner</li></ul></li><li>b</li></ul>", "• a\n  • inner\n• b"),
      (
        "<p>Before</p><blockquote><p>Quoted</p><p>More</p></blockquote><p>After</p>",
        "Before\n\n> Quoted\n>\n> More\n\nAfter"
      ),
      ("<pre>  keep\n    this</pre>", "keep\n    this"),
      ("<div>a</div><div>b</div>", "a\nb"),
      ("a<br><br><br><br>b", "a\n\nb"),
      ("<table><tr><td>x</td><td>y</td></tr><tr><td>z</td></tr></table>", "x y\nz"),
      (
        "<p>Image: <img src=\"a.png\" alt=\"A cat\"></p><img src=\"b.png\">",
        "Image: [image: A cat]"
      ),
    ])
  func layout(html: String, expected: String) {
    #expect(HTMLText(html: html).text == expected)
  }

  @Test(
    "Character references",
    arguments: [
      ("&amp; &lt; &gt; &quot; &#39; &apos;", "& < > \" ' '"),
      ("a&nbsp;b", "a\u{A0}b"),
      ("wait&hellip; &mdash; &ndash;", "wait\u{2026} \u{2014} \u{2013}"),
      ("&#8217;&#x2019;&#X2019;", "\u{2019}\u{2019}\u{2019}"),
      ("&#150;", "\u{2013}"),
      ("&#0; &#xD800; &#x110000;", "\u{FFFD} \u{FFFD} \u{FFFD}"),
      ("&eacute;t&eacute; &copy; &euro;", "\u{E9}t\u{E9} \u{A9} \u{20AC}"),
      ("AT&T & &unknown; &amp", "AT&T & &unknown; &amp"),
    ])
  func entities(html: String, expected: String) {
    #expect(HTMLText(html: html).text == expected)
  }

  @Test("Links are numbered and listed, duplicates share a number")
  func links() throws {
    let html = """
      <p>Read <a href="https://a.example/x?p=1&amp;q=2">this</a> and
      <a href='/rel'>that</a>, again <A HREF=https://a.example/x?p=1&amp;q=2>this</A>.</p>
      <a href="#top">top</a> <a href="javascript:alert(1)">js</a> <a>none</a>
      """
    let text = HTMLText(html: html, baseURL: url("https://base.example/post/"))
    #expect(text.text == "Read this [1] and that [2], again this [1].\n\ntop js none")
    #expect(
      text.links.map(\.absoluteString) == [
        "https://a.example/x?p=1&q=2", "https://base.example/rel",
      ])
    #expect(
      text.rendered == """
        Read this [1] and that [2], again this [1].

        top js none

        [1] https://a.example/x?p=1&q=2
        [2] https://base.example/rel
        """)
  }

  @Test("Scripts, styles and comments are dropped")
  func dropped() {
    let html = """
      <style>p { color: red }</style><script type="text/javascript">var a = "<p>no</p>";</script>
      <!-- a comment <p>no</p> -->Kept<SCRIPT>x</SCRIPT> text<!DOCTYPE html><?php echo 1 ?>
      """
    #expect(HTMLText(html: html).text == "Kept text")
  }

  @Test(
    "Malformed HTML still reads",
    arguments: [
      ("<p>unclosed <b>bold <i>italic", "unclosed bold italic"),
      ("</p></div></li></ul>stray ends", "stray ends"),
      ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),
      ("a <3 b", "a <3 b"),
      ("text <a href=\"https://x.example", "text"),
      ("<p title=\"a > b\">attr with gt</p>", "attr with gt"),
      ("<!-- never closed", ""),
      ("<script>never closed", ""),
      ("<", "<"),
      ("&", "&"),
      ("<![CDATA[kept <b>as</b> text]]>", "kept <b>as</b> text"),
      ("<a href=\"https://x.example\">unclosed link", "unclosed link [1]"),
    ])
  func malformed(html: String, expected: String) {
    #expect(HTMLText(html: html).text == expected)
  }

  @Test("Deep nesting stays bounded")
  func deepNesting() {
    let html =
      String(repeating: "<ul><li>x", count: 5_000) + String(repeating: "<blockquote>", count: 5_000)
      + "q"
    let text = HTMLText(html: html).text
    let longestLine = text.split(separator: "\n").map(\.utf8.count).max() ?? 0
    #expect(longestLine < 40)
    #expect(text.split(separator: "\n").last?.hasPrefix("> > > > > > ") == true)
    #expect(text.hasSuffix(" q"))
  }

  @Test("Control characters and bidi overrides pass through as data")
  func controls() {
    let text = HTMLText(html: "<p>\u{1B}[31mred\u{1B}[0m \u{202E}txt</p>").text
    #expect(text == "\u{1B}[31mred\u{1B}[0m \u{202E}txt")
  }
}
