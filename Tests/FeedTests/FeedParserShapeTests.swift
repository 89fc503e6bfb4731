import Foundation
import Testing

@testable import BlueprintFeedFormats
@testable import BlueprintFeedModel

/// Shapes real feeds have that once lost a title, a link, an id or a date.
@Suite("Feed parser — real-world shapes")
struct FeedParserShapeTests {
  private func parse(_ body: String, contentType: String? = nil, baseURL: URL? = nil) throws
    -> ParsedFeed
  {
    try FeedParser().parse(Data(body.utf8), contentType: contentType, baseURL: baseURL)
  }

  // MARK: - RSS 1.0

  @Test("RSS 1.0: an <image> and a <textinput> after the channel keep the feed's title and link")
  func rdfImageAndTextInput() throws {
    let feed = try parse(
      """
      <?xml version="1.0"?>
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
      <channel rdf:about="https://slashdot.example/">
        <title>Slashdot-ish</title><link>https://slashdot.example/</link>
        <description>News for nerds</description>
        <image rdf:resource="https://slashdot.example/logo.gif"/>
        <textinput rdf:resource="https://slashdot.example/search"/>
      </channel>
      <image rdf:about="https://slashdot.example/logo.gif">
        <title>Slashdot logo</title><url>https://slashdot.example/logo.gif</url>
        <link>https://slashdot.example/logo-page</link>
      </image>
      <item rdf:about="https://slashdot.example/1"><title>One</title>
        <link>https://slashdot.example/1</link></item>
      <textinput rdf:about="https://slashdot.example/search">
        <title>Search</title><description>Search Slashdot</description>
        <name>query</name><link>https://slashdot.example/search.pl</link>
      </textinput>
      </rdf:RDF>
      """)
    #expect(feed.title == "Slashdot-ish")
    #expect(feed.siteLink == url("https://slashdot.example/"))
    #expect(feed.description == "News for nerds")
    #expect(feed.items.map(\.title) == ["One"])
  }

  // MARK: - Plain fields

  @Test("An author with child elements is the person's name, never markup")
  func authorWithChildren() throws {
    let feed = try parse(
      """
      <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
      <item><title>One</title><guid>urn:1</guid>
        <author><name>Diane Chaleff</name><title>Product Manager, Google</title></author></item>
      <item><title>Two</title><guid>urn:2</guid>
        <dc:creator><name>Ann Smith</name><email>ann@example.com</email></dc:creator></item>
      <item><title>Three</title><guid>urn:3</guid>
        <author><email>someone@example.com</email> (Someone)</author></item>
      </channel></rss>
      """)
    #expect(
      feed.items.map(\.author) == ["Diane Chaleff", "Ann Smith", "someone@example.com (Someone)"])
  }

  @Test("Ids, links and dates take character data only")
  func plainFields() throws {
    let feed = try parse(
      """
      <rss version="2.0"><channel><title>T</title>
      <item><title>One</title><guid isPermaLink="false"><span>urn:one</span></guid>
        <link><a>https://example.com/one</a></link>
        <pubDate><b>Mon, 01 Jan 2024 10:00:00 GMT</b></pubDate></item>
      </channel></rss>
      """)
    let item = try #require(feed.items.first)
    #expect(item.id == "urn:one")
    #expect(item.link == url("https://example.com/one"))
    #expect(item.published == utc(2024, 1, 1, 10))
  }

  @Test("A stray end tag costs no item its guid, link or date")
  func strayEndTag() throws {
    let feed = try parse(
      """
      <rss version="2.0"><channel><title>T</title>
      <item><title>Broken </b>title</title><guid isPermaLink="false">urn:1</guid>
        <link>https://example.com/1</link><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate></item>
      <item><title>Next</title><description>Line<br>break <p>open</description>
        <guid isPermaLink="false">urn:2</guid></item>
      </channel></rss>
      """)
    try #require(feed.items.count == 2)
    #expect(feed.items[0].title == "Broken title")
    #expect(feed.items[0].id == "urn:1")
    #expect(feed.items[0].link == url("https://example.com/1"))
    #expect(feed.items[0].published == utc(2024, 1, 1, 10))
    #expect(feed.items[1].id == "urn:2")
    #expect(feed.items[1].title == "Next")
  }

  // MARK: - Titles

  @Test(
    "HTML titles read as plain text: no link numbers, no image placeholders",
    arguments: [
      (
        "<title type=\"html\">Read &lt;a href=\"https://x.example/\"&gt;this&lt;/a&gt; &lt;img src=\"i.png\" alt=\"icon\"&gt;now</title>",
        "Read this now"
      ),
      (
        "<title type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">A <a href=\"/x\">link</a> <b>bold</b></div></title>",
        "A link bold"
      ),
      ("<title type=\"text\">Use &lt;b&gt; for bold</title>", "Use <b> for bold"),
    ])
  func atomTitles(element: String, expected: String) throws {
    let feed = try parse(
      "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>F</title><entry><id>urn:1</id>\(element)</entry></feed>"
    )
    #expect(feed.items.first?.title == expected)
  }

  @Test(
    "Escaped markup in RSS titles is stripped; text that only looks odd is kept",
    arguments: [
      ("&lt;b&gt;Breaking:&lt;/b&gt; news &amp;amp; views", "Breaking: news & views"),
      ("<![CDATA[<em>Quoted</em> &amp; more]]>", "Quoted & more"),
      ("Caf&#233; &lt;i&gt;ouvert&lt;/i&gt;", "Caf\u{E9} ouvert"),
      ("a &lt; b and c &gt; d", "a < b and c > d"),
      ("Generics: Array&lt;Element&gt; in Swift", "Generics: Array<Element> in Swift"),
      ("Tom &amp; Jerry", "Tom & Jerry"),
    ])
  func rssTitles(title: String, expected: String) throws {
    let feed = try parse(
      "<rss><channel><title>\(title)</title><item><title>\(title)</title></item></channel></rss>")
    #expect(feed.title == expected)
    #expect(feed.items.first?.title == expected)
  }

  // MARK: - Entities

  @Test(
    "Every HTML entity name reads, unknown names stay as text",
    arguments: [
      ("&alpha;&Beta;&lambda;&Omega;", "\u{3B1}\u{392}\u{3BB}\u{3A9}"),
      ("&rarr;&lArr;&harr;&crarr;", "\u{2192}\u{21D0}\u{2194}\u{21B5}"),
      (
        "&sum;&int;&forall;&exist;&isin;&notin;", "\u{2211}\u{222B}\u{2200}\u{2203}\u{2208}\u{2209}"
      ),
      ("&spades;&clubs;&hearts;&diams;", "\u{2660}\u{2663}\u{2665}\u{2666}"),
      ("&NotEqualTilde;", "\u{2242}\u{338}"),
      ("&CounterClockwiseContourIntegral;", "\u{2233}"),
      ("&madeup; &ampx; stay", "&madeup; &ampx; stay"),
      ("&#X41;&#x42;&#67;", "ABC"),
    ])
  func entities(text: String, expected: String) throws {
    let feed = try parse(
      "<rss><channel><title>\(text)</title><item><title>\(text)</title><description>&lt;p&gt;\(text)&lt;/p&gt;</description></item></channel></rss>"
    )
    #expect(feed.title == expected)
    #expect(feed.items.first?.title == expected)
    #expect(feed.items.first?.summaryText == expected)
  }

  @Test("Entities the document declares in its own DTD are expanded")
  func declaredEntities() throws {
    let feed = try parse(
      """
      <?xml version="1.0"?>
      <!DOCTYPE rss [
        <!ENTITY site "Caf&#233; Society">
        <!ENTITY motto "&site; &mdash; since &year;">
        <!ENTITY year "1999">
        <!-- a comment with "quotes" -->
      ]>
      <rss version="2.0"><channel><title>&site;</title>
      <item><title>&motto;</title><description>&lt;p&gt;&motto;&lt;/p&gt;</description></item>
      </channel></rss>
      """)
    #expect(feed.title == "Caf\u{E9} Society")
    #expect(feed.items.first?.title == "Caf\u{E9} Society \u{2014} since 1999")
    #expect(feed.items.first?.summaryText == "Caf\u{E9} Society \u{2014} since 1999")
  }

  @Test("The items before an entity bomb are kept", .timeLimit(.minutes(10)))
  func itemsBeforeBomb() throws {
    let entities = (1...9).map { level in
      "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
    }
    let feed = try parse(
      """
      <?xml version="1.0"?>
      <!DOCTYPE rss [<!ENTITY lol0 "lol">\(entities.joined())]>
      <rss version="2.0"><channel><title>laughs</title>
      <item><title>First</title><guid>urn:1</guid></item>
      <item><title>Second</title><guid>urn:2</guid></item>
      <item><title>&lol9;</title><guid>urn:3</guid></item>
      <item><title>After</title><guid>urn:4</guid></item></channel></rss>
      """)
    #expect(feed.items.map(\.id) == ["urn:1", "urn:2"])
    #expect(feed.warnings.count == 1)
    #expect(feed.warnings.first?.contains("2 items before it are kept") == true)
  }

  // MARK: - Links and ids

  @Test("xml:base resolves relative links, nested bases included")
  func xmlBase() throws {
    let feed = try parse(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example/">
      <title>B</title><link href="/home"/>
      <entry xml:base="posts/2024/"><id>urn:1</id><title>One</title><link href="one.html"/></entry>
      <entry><id>urn:2</id><title>Two</title><link href="two.html"/></entry>
      </feed>
      """, baseURL: url("https://feeds.example/atom.xml"))
    #expect(feed.siteLink == url("https://blog.example/home"))
    #expect(
      feed.items.map(\.link) == [
        url("https://blog.example/posts/2024/one.html"), url("https://blog.example/two.html"),
      ])
  }

  @Test("xml:base on an RSS channel resolves item links")
  func xmlBaseRSS() throws {
    let feed = try parse(
      """
      <rss version="2.0"><channel xml:base="https://news.example/section/">
      <title>N</title><link>./</link>
      <item><title>A</title><link>a.html</link></item></channel></rss>
      """)
    #expect(feed.siteLink == url("https://news.example/section/"))
    #expect(feed.items.first?.link == url("https://news.example/section/a.html"))
  }

  @Test("Among Atom alternate links the text/html one is the item's page")
  func preferHTMLAlternate() throws {
    let feed = try parse(
      """
      <feed xmlns="http://www.w3.org/2005/Atom"><title>P</title>
      <link rel="alternate" type="application/atom+xml" href="https://p.example/feed"/>
      <link rel="alternate" type="text/html" href="https://p.example/"/>
      <entry><id>urn:1</id><title>One</title>
        <link rel="alternate" type="application/pdf" href="https://p.example/one.pdf"/>
        <link rel="alternate" type="text/html" href="https://p.example/one"/>
        <link rel="alternate" href="https://p.example/one-untyped"/></entry>
      </feed>
      """)
    #expect(feed.siteLink == url("https://p.example/"))
    #expect(feed.items.first?.link == url("https://p.example/one"))
  }

  @Test("Items without id, link or date stay apart; titles fall back to media:title and dc:title")
  func noIdentity() throws {
    let feed = try parse(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
      <title>Channel videos</title>
      <entry><title>Weekly update</title><media:group><media:title>Weekly update</media:title>
        <media:content url="https://videos.example/v/aaa" type="application/x-shockwave-flash"/>
        </media:group></entry>
      <entry><title>Weekly update</title><media:group><media:title>Weekly update</media:title>
        <media:content url="https://videos.example/v/bbb" type="application/x-shockwave-flash"/>
        </media:group></entry>
      <entry><media:group><media:title>Only a media title</media:title></media:group></entry>
      </feed>
      """)
    #expect(feed.items.count == 3)
    #expect(Set(feed.items.map(\.id)).count == 3)
    #expect(feed.items.map(\.title) == ["Weekly update", "Weekly update", "Only a media title"])

    let rss = try parse(
      """
      <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>R</title>
      <item><dc:title>Dublin Core title</dc:title><description>first body</description></item>
      <item><dc:title>Dublin Core title</dc:title><description>second body</description></item>
      <item><title>Episode</title><enclosure url="https://cdn.example/1.mp3" type="audio/mpeg" length="1"/></item>
      <item><title>Episode</title><enclosure url="https://cdn.example/2.mp3" type="audio/mpeg" length="1"/></item>
      </channel></rss>
      """)
    #expect(
      rss.items.map(\.title) == Array(repeating: "Dublin Core title", count: 2) + [
        "Episode", "Episode",
      ])
    #expect(Set(rss.items.map(\.id)).count == 4)
  }

  @Test("dcterms:issued and dcterms:modified give the dates")
  func dublinCoreTerms() throws {
    let feed = try parse(
      """
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
        xmlns:dcterms="http://purl.org/dc/terms/">
      <channel rdf:about="https://d.example/"><title>D</title><link>https://d.example/</link></channel>
      <item rdf:about="https://d.example/1"><title>One</title>
        <dcterms:issued>2003-12-13T18:30:02Z</dcterms:issued>
        <dcterms:modified>2003-12</dcterms:modified></item>
      </rdf:RDF>
      """)
    let item = try #require(feed.items.first)
    #expect(item.published == utc(2003, 12, 13, 18, 30, 2))
    #expect(item.updated == utc(2003, 12, 1))
  }
}
