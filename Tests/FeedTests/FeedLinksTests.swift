import Foundation
import Testing

@testable import BlueprintFeedFormats

@Suite("Finding the feed a web page names")
struct FeedLinksTests {
  static let page = URL(string: "https://example.com/blog/post.html") ?? URL(fileURLWithPath: "/")

  func links(_ html: String, page: URL = page) -> [String] {
    FeedLinks.find(in: Data(html.utf8), contentType: "text/html", pageURL: page)
      .map(\.url.absoluteString)
  }

  @Test(
    "page shapes: attribute order, quotes, case, relative hrefs",
    arguments: [
      (
        #"<link rel="alternate" type="application/rss+xml" href="/feed.xml">"#,
        "https://example.com/feed.xml"
      ),
      (
        #"<link href='feed.xml' type='application/atom+xml' rel='alternate'>"#,
        "https://example.com/blog/feed.xml"
      ),
      (
        "<LINK REL=Alternate TYPE=Application/RSS+XML HREF=../rss>",
        "https://example.com/rss"
      ),
      (
        #"<link rel="alternate" type="application/feed+json" href="//cdn.example.org/f.json"/>"#,
        "https://cdn.example.org/f.json"
      ),
      (
        #"<link rel="alternate home" type="application/rss+xml; charset=utf-8" href="https://other.example/x?a=1&amp;b=2" />"#,
        "https://other.example/x?a=1&b=2"
      ),
      (
        "<link\n  rel=\"alternate\"\n\ttype=\"application/rss+xml\"\n  href=\"/multi-line\">",
        "https://example.com/multi-line"
      ),
    ])
  func shapes(html: String, expected: String) {
    #expect(links("<html><head><title>x</title>\(html)</head><body></body></html>") == [expected])
  }

  @Test(
    "links that are not feeds, or not reachable, are ignored",
    arguments: [
      #"<link rel="stylesheet" type="text/css" href="/style.css">"#,
      #"<link rel="alternate" hreflang="de" href="/de/">"#,
      #"<link rel="alternate" type="text/html" href="/print">"#,
      #"<link rel="alternate" type="application/rss+xml">"#,
      #"<link rel="alternate" type="application/rss+xml" href="">"#,
      #"<link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">"#,
      #"<link rel="alternate" type="application/rss+xml" href="ftp://example.com/f">"#,
      #"<!-- <link rel="alternate" type="application/rss+xml" href="/old.xml"> -->"#,
      #"<script>var s = '<link rel="alternate" type="application/rss+xml" href="/js.xml">';</script>"#,
      #"<style>/* <link rel="alternate" type="application/rss+xml" href="/css.xml"> */</style>"#,
      #"<p>rel="alternate" type="application/rss+xml" href="/text.xml"</p>"#,
    ])
  func ignored(html: String) {
    #expect(links("<head>\(html)</head>").isEmpty)
  }

  @Test("every feed in the page's order, each once, with titles; <base href> resolves them")
  func order() throws {
    let html = """
      <!DOCTYPE html><html><head>
      <base href="https://static.example.net/site/">
      <link rel="alternate" type="application/atom+xml" title=" Posts " href="posts.atom">
      <link rel="alternate" type="application/rss+xml" title="Comments" href="comments.rss">
      <link rel="alternate" type="application/atom+xml" href="posts.atom">
      <base href="/ignored/">
      </head><body><link rel="alternate" type="application/feed+json" href="/f.json"></body></html>
      """
    let found = FeedLinks.find(in: Data(html.utf8), pageURL: Self.page)
    #expect(
      found.map(\.url.absoluteString) == [
        "https://static.example.net/site/posts.atom",
        "https://static.example.net/site/comments.rss",
        "https://static.example.net/f.json",
      ])
    #expect(found.map(\.title) == ["Posts", "Comments", nil])
    #expect(
      found.map(\.type) == ["application/atom+xml", "application/rss+xml", "application/feed+json"])
  }

  @Test(
    "a relative <base href> resolves against the page; broken markup ends the scan, not the app")
  func baseAndBrokenMarkup() {
    #expect(
      links(#"<base href="/b/"><link rel=alternate type=application/rss+xml href=f.xml>"#)
        == ["https://example.com/b/f.xml"])
    for broken in [
      "<link rel=\"alternate", "<link rel='alternate' type='application/rss+xml' href='/x",
      "<", "<!--", "<script>", "<link rel=alternate type=application/rss+xml href=", "</",
      "\u{0}<link\u{0}>",
    ] {
      _ = links(broken)
    }
    #expect(
      links(#"<link rel="alternate" type="application/rss+xml" href="/a.xml"<p>"#)
        == ["https://example.com/a.xml"])
  }
}
