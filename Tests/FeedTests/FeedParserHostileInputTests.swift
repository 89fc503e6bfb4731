import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFormats
@testable import BlueprintFeedModel

@Suite("Feed parser — hostile input")
struct FeedParserHostileInputTests {
  @Test("External entities are never resolved", .timeLimit(.minutes(10)))
  func externalEntity() throws {
    let body = """
      <?xml version="1.0"?>
      <!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <rss version="2.0"><channel><title>before &xxe; after</title>
      <item><title>A &xxe; B</title><description>one &xxe; two</description></item>
      </channel></rss>
      """
    let feed = try FeedParser().parse(Data(body.utf8))
    // It yields nothing, and the text around it stays.
    #expect(feed.title == "before after")  // titles collapse white space
    #expect(feed.items.count == 1)
    #expect(feed.items.first?.title == "A B")
    #expect(feed.items.first?.summaryHTML == "one  two")
    let everything = String(decoding: try JSONEncoder().encode(feed), as: UTF8.self)
    #expect(!everything.contains("root:"))
    #expect(!everything.contains("/bin/"))
  }

  @Test("A billion-laughs bomb with nothing before it is an error", .timeLimit(.minutes(10)))
  func billionLaughs() {
    let entities = (1...9).map { level in
      "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
    }
    let body = """
      <?xml version="1.0"?>
      <!DOCTYPE rss [<!ENTITY lol0 "lol">\(entities.joined())]>
      <rss version="2.0"><channel><title>laughs</title>
      <item><title>&lol9;</title></item></channel></rss>
      """
    // Nothing comes before the bomb, so there is nothing to keep: an error.
    let thrown = #expect(throws: FeedParseError.self) { try FeedParser().parse(Data(body.utf8)) }
    #expect(thrown?.code == .entityExpansion)
  }

  @Test("Escape sequences and bidi overrides in titles are preserved as data")
  func escapeSequences() throws {
    let esc = "\u{1B}"
    let body = """
      <rss><channel><title>\(esc)[31mRed\(esc)[0m \(esc)]8;;https://evil.example\u{07}link\(esc)]8;;\u{07}</title>
      <item><title>\u{202E}txt.exe&#27;[2J&#x1b;]0;title&#7;</title>
      <description><![CDATA[<p>\(esc)[1mbold</p>]]></description></item></channel></rss>
      """
    let feed = try FeedParser().parse(Data(body.utf8))
    #expect(
      feed.title
        == "\(esc)[31mRed\(esc)[0m \(esc)]8;;https://evil.example\u{07}link\(esc)]8;;\u{07}")
    let item = try #require(feed.items.first)
    #expect(item.title == "\u{202E}txt.exe\(esc)[2J\(esc)]0;title\u{07}")
    #expect(item.summaryText == "\(esc)[1mbold")
  }

  @Test("A body over the size limit is rejected before it is read", .timeLimit(.minutes(10)))
  func oversized() {
    var body = Data("<rss><channel><title>big</title><item><description>".utf8)
    body.append(Data(repeating: UInt8(ascii: "a"), count: 50 * 1024 * 1024))
    let thrown = #expect(throws: FeedParseError.self) { try FeedParser().parse(body) }
    #expect(thrown?.code == .tooLarge)
    #expect(thrown?.message == "the feed is \(body.count) bytes, more than the limit of 10485760")
  }

  @Test(
    "Things that are not feeds are errors with a one-line message",
    arguments: [
      ("", FeedParseError.Code.notAFeed, "not a feed: the body is empty"),
      ("   \n", .notAFeed, "not a feed: the body is empty"),
      ("hello", .notAFeed, "not a feed: the body is neither XML nor JSON"),
      (
        "<!DOCTYPE html><html><body>Moved</body></html>", .notAFeed,
        "not a feed: the document's root element is <html>"
      ),
      (
        "<?xml version=\"1.0\"?><opml version=\"2.0\"><head/></opml>", .notAFeed,
        "not a feed: the document's root element is <opml>"
      ),
      ("{\"rss\": {\"channel\": {}}}", .notAFeed, "not a feed: JSON without a JSON Feed version"),
      ("[1, 2]", .notAFeed, "not a feed: the body is neither XML nor JSON"),
      ("{\"version\": ", .malformed, "not a feed: the JSON is not valid"),
      ("<<<>>>", .malformed, "not a feed: no XML element could be read (XML error 68 at line 1)"),
      (
        "<rss><channel><title></title>", .malformed,
        "the rss feed yields no title and no items (XML error 5 at line 1)"
      ),
    ])
  func notFeeds(body: String, code: FeedParseError.Code, message: String) {
    let error = #expect(throws: FeedParseError.self) { try FeedParser().parse(Data(body.utf8)) }
    #expect(error?.code == code)
    #expect(error?.message == message)
    #expect(error?.description.contains("\n") == false)
  }

  @Test("Random bytes give an error or a feed, never a crash", .timeLimit(.minutes(10)))
  func randomBytes() {
    var generator = SeededRandom(seed: 0x5EED)
    let prefixes = [
      "", "<", "<rss><channel><title>", "{", "<feed xmlns=\"http://www.w3.org/2005/Atom\">",
      "\u{FEFF}<",
    ]
    var outcomes = (feeds: 0, errors: 0)
    for round in 0..<600 {
      var body = Data(prefixes[round % prefixes.count].utf8)
      let length = Int(generator.next() % 2_048)
      for _ in 0..<length { body.append(UInt8(truncatingIfNeeded: generator.next())) }
      do {
        let feed = try FeedParser().parse(body)
        _ = feed.items.map(\.bodyText)
        outcomes.feeds += 1
      } catch {
        outcomes.errors += 1
        #expect(!error.message.isEmpty)
      }
    }
    #expect(outcomes.feeds + outcomes.errors == 600)
    #expect(outcomes.errors > 300)
  }

  @Test("Random HTML-ish text always converts", .timeLimit(.minutes(10)))
  func randomHTML() {
    var generator = SeededRandom(seed: 42)
    let pieces = [
      "<", ">", "&", ";", "#x", "</", "<a href=", "\"", "'", "p", "li", "ul", "ol", "br", "script",
      "<!--", "-->", "<![CDATA[", "]]>", " ", "\n", "é", "\u{1B}", "blockquote", "pre", "=", "/",
    ]
    for _ in 0..<2_000 {
      var html = ""
      for _ in 0..<Int(generator.next() % 60) {
        html += pieces[Int(generator.next() % UInt64(pieces.count))]
      }
      let text = HTMLText(html: html)
      #expect(text.links.count <= html.components(separatedBy: "href").count)
    }
  }
}
