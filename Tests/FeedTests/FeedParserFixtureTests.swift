import Foundation
import Testing

@testable import BlueprintFeedFormats
@testable import BlueprintFeedModel

@Suite("Feed parser — fixtures")
struct FeedParserFixtureTests {
  @Test("RSS 2.0: channel, extensions, CDATA, entities, ids and odd dates")
  func rss2() throws {
    let feed = try Fixtures.parse("rss2.xml")
    #expect(feed.format == .rss)
    #expect(feed.title == "Tom & Jerry\u{2019}s Blog")
    #expect(feed.siteLink == url("https://example.com/"))
    #expect(feed.description == "Notes on cartoons and cheese")
    try #require(feed.items.count == 4)

    let first = feed.items[0]
    #expect(first.id == "tag:example.com,2024:1")
    #expect(first.title == "First post")
    #expect(first.link == url("https://example.com/2024/first"))
    #expect(first.published == utc(2024, 1, 2, 10, 30))
    #expect(first.updated == nil)
    #expect(first.author == "Tom Cat")
    #expect(first.summaryHTML == "A short <em>teaser</em>\u{A0}with an ellipsis\u{2026}")
    #expect(first.summaryText == "A short teaser\u{A0}with an ellipsis\u{2026}")
    #expect(
      first.contentHTML
        == "<p>Hello <b>world</b> &amp; friends.</p><p>See <a href=\"/about\">about</a>.</p>")
    #expect(
      first.contentText
        == "Hello world & friends.\n\nSee about [1].\n\n[1] https://example.com/about")
    #expect(first.bodyText == first.contentText)

    let second = feed.items[1]
    #expect(second.id == "https://example.com/2024/second")
    #expect(second.published == utc(2024, 1, 5, 13))
    #expect(second.author == "jerry@example.com (Jerry Mouse)")
    #expect(second.summaryHTML == nil && second.contentHTML == nil && second.bodyText == nil)

    let third = feed.items[2]
    #expect(third.title == "Bad date is dropped")
    #expect(third.id == "https://example.com/2024/third")
    #expect(third.link == url("https://example.com/2024/third"), "a permalink guid is the link")
    #expect(third.published == nil)

    let fourth = feed.items[3]
    #expect(fourth.title == nil)
    #expect(fourth.link == nil)
    #expect(fourth.published == utc(2024, 1, 6, 12))
    #expect(fourth.id.hasPrefix("fnv1a:") && fourth.id.count == 22)
    #expect(fourth.bodyText == "Only a description, no title, link or guid.")
  }

  @Test("Hash ids are stable across parses and differ between items")
  func hashIDs() throws {
    let body = """
      <rss><channel><title>H</title>
      <item><title>Same title</title><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item>
      <item><title>Same title</title><pubDate>Tue, 02 Jan 2024 00:00:00 GMT</pubDate></item>
      </channel></rss>
      """
    let ids = try FeedParser().parse(Data(body.utf8)).items.map(\.id)
    let again = try FeedParser().parse(Data(body.utf8)).items.map(\.id)
    #expect(ids == again)
    #expect(Set(ids).count == 2)
    // FNV-1a 64 of "Same title␟Mon, 01 Jan 2024 00:00:00 GMT␟␟", fixed so a change to the hash shows.
    #expect(
      ids[0] == "fnv1a:" + StableHash.fnv1a(["Same title", "Mon, 01 Jan 2024 00:00:00 GMT", ""]))
    #expect(StableHash.fnv1a([]) == "cbf29ce484222325")
    #expect(StableHash.fnv1a(["a"]) != StableHash.fnv1a(["b"]))
  }

  @Test("RSS 0.91 with a Netscape DOCTYPE and HTML entities")
  func rss091() throws {
    let feed = try Fixtures.parse("rss091.xml")
    #expect(feed.format == .rss)
    #expect(feed.title == "Old\u{A0}School News")
    #expect(feed.description == "Since 1999 \u{2014} still here")
    let item = try #require(feed.items.first)
    #expect(item.title == "Caf\u{E9} opens \u{2013} again")
    #expect(item.summaryText == "The caf\u{E9} at 5th & Main\u{2026}")
    #expect(item.id == "http://news.example.org/cafe")
  }

  @Test("RSS 1.0 (RDF) with Dublin Core")
  func rdf() throws {
    let feed = try Fixtures.parse("rdf.xml")
    #expect(feed.format == .rdf)
    #expect(feed.title == "Science Daily-ish")
    #expect(feed.siteLink == url("https://science.example.net/"))
    #expect(feed.description == "Research news")
    try #require(feed.items.count == 2)
    #expect(feed.items[0].title == "Cells divide")
    #expect(feed.items[0].published == utc(2023, 11, 30, 7, 15))
    #expect(feed.items[0].author == "A. Biologist")
    #expect(feed.items[0].summaryText == "Cells do divide.")
    #expect(feed.items[1].link == url("https://science.example.net/a/2"), "rdf:about stands in")
    #expect(feed.items[1].published == utc(2023, 11, 29))
  }

  @Test("Atom: text constructs, links, source, inherited author")
  func atom() throws {
    let feed = try Fixtures.parse("atom.xml")
    #expect(feed.format == .atom)
    #expect(feed.title == "Ada & Co Journal")
    #expect(feed.description == "Engines & notes")
    #expect(feed.siteLink == url("https://ada.example.com/"))
    try #require(feed.items.count == 2)

    let first = feed.items[0]
    #expect(first.id == "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a")
    #expect(first.title == "Notes on the Engine")
    #expect(first.link == url("https://ada.example.com/notes/engine"))
    let published = try #require(first.published)
    #expect(abs(published.timeIntervalSince(utc(2024, 2, 29, 23, 59, 59)) - 0.123) < 0.001)
    #expect(first.updated == utc(2024, 3, 1, 7, 30))
    #expect(first.author == "Ada Lovelace", "entries inherit the feed's author")
    #expect(first.summaryHTML == "Plain summary with &lt;angle&gt; brackets<br>\non two lines")
    #expect(first.summaryText == "Plain summary with <angle> brackets\non two lines")
    #expect(first.contentText == "Part one\n\n• gears\n• cards")

    let second = feed.items[1]
    #expect(second.title == "An XHTML title")
    #expect(second.author == "Charles Babbage")
    #expect(second.link == url("https://ada.example.com/xhtml"))
    #expect(second.updated == utc(2024, 1, 15, 13))
    #expect(second.published == nil)
    #expect(second.date == second.updated)
    #expect(second.contentText == "One & two [1]\n\n> Quoted\n\n[1] https://example.org/two")
  }

  @Test("Namespaces are matched by URI, not by prefix")
  func prefixes() throws {
    let atom = try Fixtures.parse("atom-prefixed.xml")
    #expect(atom.format == .atom)
    #expect(atom.title == "Prefixed Atom")
    #expect(atom.siteLink == url("https://prefixed.example/"))
    let entry = try #require(atom.items.first)
    #expect(entry.title == "Entry with prefixes")
    #expect(entry.updated == utc(2024, 5, 4, 23, 35, 5))
    #expect(entry.contentText == "Line one\nLine two & more")

    let rss = try Fixtures.parse("rss-other-prefixes.xml")
    let item = try #require(rss.items.first)
    #expect(item.published == utc(2024, 6, 1, 10))
    #expect(item.author == "Dee Creator")
    #expect(item.contentText == "Right namespace")
  }

  @Test("JSON Feed 1.1: authors, numeric ids, wrong types dropped")
  func jsonFeed11() throws {
    let feed = try Fixtures.parse("feed-1.1.json")
    #expect(feed.format == .jsonFeed)
    #expect(feed.title == "JSON Journal")
    #expect(feed.siteLink == url("https://json.example.com/"))
    #expect(feed.description == "A JSON Feed")
    try #require(feed.items.count == 3, "the string item is skipped, the others kept")

    let first = feed.items[0]
    #expect(first.id == "1")
    #expect(first.title == "Hello \u{1B}]0;pwned\u{07} world", "escape sequences are data here")
    #expect(first.link == url("https://json.example.com/1"))
    #expect(first.published == utc(2024, 4, 1, 16))
    #expect(first.updated == utc(2024, 4, 2, 10).addingTimeInterval(0.5))
    #expect(first.author == "Jay Son")
    #expect(first.summaryText == "Short")
    #expect(first.contentText == "Hi & welcome")

    let second = feed.items[1]
    #expect(second.id == "42")
    #expect(second.link == url("https://elsewhere.example/story"))
    #expect(second.published == nil)
    #expect(second.author == "Guest")
    #expect(second.contentText == "Plain text\nwith two lines & an ampersand")

    let third = feed.items[2]
    #expect(third.title == nil)
    #expect(third.link == url("https://json.example.com/relative/page"))
    #expect(third.id == "https://json.example.com/relative/page")
  }

  @Test("JSON Feed 1.0: the single author")
  func jsonFeed10() throws {
    let feed = try Fixtures.parse("feed-1.0.json")
    let item = try #require(feed.items.first)
    #expect(item.author == "Legacy Author")
    #expect(item.contentText == "1. one\n2. two")
    #expect(item.published == utc(2017, 5, 17, 15, 2, 12))
  }

  @Test("Malformed XML keeps what was delivered")
  func malformed() throws {
    let feed = try Fixtures.parse("malformed.xml")
    #expect(feed.title == "Broken & Proud", "a bare & is kept")
    #expect(feed.items.first?.title == "Survives")
    #expect(feed.items.first?.published == utc(2024, 1, 1))
  }

  @Test(
    "Encodings from the prolog, the BOM or the zero pattern",
    arguments: [
      ("rss-latin1.xml", "Caf\u{E9} cr\u{E8}me \u{FC}ber", "Se\u{F1}or \u{BF}qu\u{E9}?"),
      (
        "rss-windows1252.xml", "\u{201C}Smart\u{201D} quotes \u{2013} \u{20AC}5",
        "It\u{2019}s na\u{EF}ve\u{2026}"
      ),
      ("atom-utf16le.xml", "\u{65E5}\u{672C}\u{8A9E} \u{1F600} feed", "\u{C5}ngstr\u{F6}m"),
      ("atom-utf16be-nobom.xml", "\u{65E5}\u{672C}\u{8A9E} \u{1F600} feed", "\u{C5}ngstr\u{F6}m"),
    ])
  func encodings(name: String, title: String, itemTitle: String) throws {
    let feed = try Fixtures.parse(name)
    #expect(feed.title == title)
    #expect(feed.items.map(\.title) == [itemTitle])
  }

  @Test("The Content-Type charset overrides the prolog")
  func contentTypeCharset() throws {
    let body = Data(
      "<?xml version=\"1.0\" encoding=\"utf-8\"?><rss><channel><title>caf\u{E9}</title></channel></rss>"
        .utf8)
    // UTF-8 bytes read as windows-1252 give mojibake, as the header says they should.
    let feed = try FeedParser().parse(body, contentType: "text/xml; charset=\"ISO-8859-1\"")
    #expect(feed.title == "caf\u{C3}\u{A9}")
    let declared = try Fixtures.data("rss-latin1.xml")
    #expect(
      try FeedParser().parse(declared, contentType: "application/rss+xml; charset=latin1").title
        == "Caf\u{E9} cr\u{E8}me \u{FC}ber")
  }

  @Test("An encoding nobody can read is read as UTF-8 with a warning, not lost")
  func unreadableEncoding() throws {
    let ascii = Data(
      "<?xml version=\"1.0\" encoding=\"x-klingon\"?><rss><channel><title>ok</title></channel></rss>"
        .utf8)
    let clean = try FeedParser().parse(ascii)
    #expect(clean.title == "ok")
    #expect(clean.warnings.isEmpty, "valid UTF-8 loses nothing")
    var bytes = Data("<?xml version=\"1.0\" encoding=\"x-klingon\"?><rss><channel><title>".utf8)
    bytes.append(contentsOf: [0xF0, 0xD2, 0xC9])
    bytes.append(
      contentsOf: Data(" tlhIngan</title><item><title>one</title></item></channel></rss>".utf8))
    let feed = try FeedParser().parse(bytes)
    #expect(feed.title == "\u{FFFD}\u{FFFD}\u{FFFD} tlhIngan")
    #expect(feed.items.map(\.title) == ["one"])
    #expect(
      feed.warnings == [
        "the character encoding \"x-klingon\" cannot be read here; the feed was read as UTF-8 "
          + "and what could not be read shows as \u{FFFD}"
      ])
  }

  @Test("A bare ampersand in an attribute or text does not stop the parse")
  func bareAmpersands() throws {
    let body = """
      <feed xmlns="http://www.w3.org/2005/Atom"><title>Q&A</title>
      <entry><title>Fish & chips</title><id>urn:1</id>
      <link href="https://example.com/?a=1&b=2"/></entry>
      <entry><title>Second</title><id>urn:2</id></entry></feed>
      """
    let feed = try FeedParser().parse(Data(body.utf8))
    #expect(feed.title == "Q&A")
    #expect(feed.items.map(\.title) == ["Fish & chips", "Second"])
    #expect(feed.items.first?.link == url("https://example.com/?a=1&b=2"))
  }

  @Test("Invalid UTF-8 is repaired, not rejected")
  func invalidUTF8() throws {
    var bytes = Data("<rss><channel><title>bad ".utf8)
    bytes.append(contentsOf: [0xFF, 0xFE])
    bytes.append(contentsOf: Data(" byte</title></channel></rss>".utf8))
    #expect(try FeedParser().parse(bytes).title == "bad \u{FFFD}\u{FFFD} byte")
  }

  @Test("The item limit keeps the first items")
  func itemLimit() throws {
    let items = (1...50).map { "<item><title>\($0)</title></item>" }.joined()
    let body = Data("<rss><channel><title>many</title>\(items)</channel></rss>".utf8)
    let feed = try FeedParser(maximumItems: 10).parse(body)
    #expect(feed.items.map(\.title) == (1...10).map { "\($0)" })
    let json = Data(
      #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1"},{"id":"2"},{"id":"3"}]}"#
        .utf8)
    #expect(try FeedParser(maximumItems: 2).parse(json).items.map(\.id) == ["1", "2"])
  }

  @Test("Round-trips through Codable")
  func codable() throws {
    let feed = try Fixtures.parse("rss2.xml")
    let decoded = try JSONDecoder().decode(ParsedFeed.self, from: JSONEncoder().encode(feed))
    #expect(decoded == feed)
  }
}
