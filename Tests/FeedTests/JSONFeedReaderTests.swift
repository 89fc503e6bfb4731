import Foundation
import Testing

@testable import BlueprintFeedFormats
@testable import BlueprintFeedModel

/// The single-pass JSON Feed reader and the field helpers its fast paths touch.
@Suite("Feed parser — JSON Feed in one pass")
struct JSONFeedReaderTests {
  private let version = #""version":"https://jsonfeed.org/version/1.1""#

  private func parse(_ json: String, maximumItems: Int = 100, baseURL: URL? = nil) throws
    -> ParsedFeed
  {
    try FeedParser(maximumItems: maximumItems).parse(Data(json.utf8), baseURL: baseURL)
  }

  @Test("Items use the site link and feed author even when those keys come after the items")
  func feedFieldsAfterItems() throws {
    let feed = try parse(
      #"{"items":[{"url":"posts/1"},{"id":"2","author":{"name":"Own"}}],"#
        + #""author":{"name":"  Feed\n Writer "},"home_page_url":"/blog/","# + version + "}",
      baseURL: URL(string: "https://example.com/feed.json"))
    #expect(feed.siteLink == URL(string: "https://example.com/blog/"))
    try #require(feed.items.count == 2)
    #expect(feed.items[0].link == URL(string: "https://example.com/blog/posts/1"))
    #expect(feed.items[0].id == "https://example.com/blog/posts/1", "the resolved link is the id")
    #expect(feed.items[0].author == "Feed Writer", "inherited, on one line")
    #expect(feed.items[1].author == "Own")
  }

  @Test("The first of `authors` names the feed's author, even when it has no name")
  func feedAuthorsFirst() throws {
    let feed = try parse(
      "{" + version + #","author":{"name":"Single"},"authors":[{"name":null},{"name":"B"}],"#
        + #""items":[{"id":"1"}]}"#)
    #expect(feed.items.first?.author == nil)
  }

  @Test(
    "The item limit counts kept items; elements that are not objects are skipped",
    arguments: [(0, [String]()), (1, ["a"]), (2, ["a", "b"]), (5, ["a", "b", "c"])])
  func itemLimit(limit: Int, ids: [String]) throws {
    let feed = try parse(
      "{" + version + #","items":[1,{"id":"a"},null,"x",{"id":"b"},[],{"id":"c"}]}"#,
      maximumItems: limit)
    #expect(feed.items.map(\.id) == ids)
  }

  @Test("Items that are not an array give an empty feed, not an error")
  func itemsNotAnArray() throws {
    for items in [#"null"#, #"{"id":"1"}"#, #""1""#] {
      let feed = try parse("{" + version + #","title":"T","items":"# + items + "}")
      #expect(feed.title == "T")
      #expect(feed.items.isEmpty)
    }
  }

  @Test("A JSON object without a JSON Feed version is not a feed, whatever its items")
  func notAJSONFeed() {
    for body in [#"{"version":5,"items":[{"id":"1"}]}"#, #"{"items":[{"id":"1"}]}"#] {
      let error = #expect(throws: FeedParseError.self) { try parse(body) }
      #expect(error?.code == .notAFeed)
      #expect(error?.message == "not a feed: JSON without a JSON Feed version")
    }
  }

  // MARK: - Field helpers

  @Test(
    "webURL keeps exactly the absolute links whose host URL can read",
    arguments: [
      "https://example.com/a", "http://example.com", "HTTP://example.com/", "http://", "http:///x",
      "http://?q", "http://#f", "http://@/", "http://:80/", "http://[::1]/", "http://%41/",
      "http://%ff/", "http://a%C3b/", "http://%C3%A9.com/", "http://é.com/", "http://a b/",
      "  https://example.com/trimmed  ", "http://[fe80::1%25en0]/",
    ])
  func webURLMatchesHost(text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let reference = URL(string: trimmed).flatMap { $0.host == nil ? nil : $0 }
    #expect(webURL(text, base: nil) == reference)
  }

  @Test(
    "Entity decoding leaves a bare ampersand and unknown references as written",
    arguments: [
      ("Tom & Jerry", "Tom & Jerry"), ("Tom &amp; Jerry", "Tom & Jerry"),
      ("a & b &amp; c &#x41;", "a & b & c A"), ("&", "&"), ("x &amp", "x &amp"),
      ("&bogus; & &lt;", "&bogus; & <"), ("&&amp;", "&&"), ("caf&eacute;", "café"),
    ])
  func decodeAll(text: String, expected: String) {
    #expect(HTMLEntities.decodeAll(in: text) == expected)
  }
}
