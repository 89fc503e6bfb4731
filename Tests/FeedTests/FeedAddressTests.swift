import BlueprintFeedModel
import Foundation
import Testing

@Suite("What people paste into add")
struct FeedAddressTests {
  func address(_ text: String, existing: Set<String> = []) throws -> FeedLocation.Address {
    try FeedLocation.address(
      from: text, currentDirectory: "/tmp/work", fileExists: { existing.contains($0) })
  }

  @Test(
    "a host without a scheme gets https, a loopback host http",
    arguments: [
      ("example.com/feed.xml", "https://example.com/feed.xml", "https"),
      ("Blog.Example.co.uk", "https://blog.example.co.uk", "https"),
      ("example.com:8443/rss?x=1", "https://example.com:8443/rss?x=1", "https"),
      ("127.0.0.1:8765/rss.xml", "http://127.0.0.1:8765/rss.xml", "http"),
      ("localhost:8080/feed", "http://localhost:8080/feed", "http"),
      ("localhost/feed", "http://localhost/feed", "http"),
      ("[::1]:8080/feed", "http://[::1]:8080/feed", "http"),
      ("192.168.1.2/feed", "https://192.168.1.2/feed", "https"),
    ])
  func assumed(text: String, url: String, scheme: String) throws {
    let found = try address(text)
    #expect(found.url.absoluteString == url)
    #expect(found.assumedScheme == scheme)
  }

  @Test(
    "a file of that name wins; names that are not hosts stay paths",
    arguments: [
      (
        "example.com/feed.xml", ["/tmp/work/example.com/feed.xml"],
        "file:///tmp/work/example.com/feed.xml"
      ),
      ("feed.xml", [], "file:///tmp/work/feed.xml"),
      ("news.rss", [], "file:///tmp/work/news.rss"),
      ("feeds/news.xml", [], "file:///tmp/work/feeds/news.xml"),
      ("./example.com/feed", [], "file:///tmp/work/example.com/feed"),
      ("/srv/example.com/x", [], "file:///srv/example.com/x"),
      ("a..b/x", [], "file:///tmp/work/a..b/x"),
      ("user@example.com/x", [], "file:///tmp/work/user@example.com/x"),
      ("example.c0m/x", [], "file:///tmp/work/example.c0m/x"),
    ])
  func paths(text: String, existing: [String], url: String) throws {
    let found = try address(text, existing: Set(existing))
    #expect(found.url.absoluteString == url)
    #expect(found.assumedScheme == nil)
  }

  @Test("a given scheme is kept; host:port is not a scheme")
  func schemes() throws {
    #expect(try address("https://example.com/x").assumedScheme == nil)
    // Scheme and host in lower case, the fragment dropped: one feed, one address.
    #expect(try address("HTTP://Example.COM/X#top").url.absoluteString == "http://example.com/X")
    #expect(try address("http://[::1]:8080/f").url.absoluteString == "http://[::1]:8080/f")
    #expect(throws: FetchError.unsupportedScheme("ftp")) { try address("ftp://example.com/f") }
    #expect(throws: FetchError.unsupportedScheme("mailto")) { try address("mailto:me@example.com") }
    #expect(try address("example.com:80").url.absoluteString == "https://example.com:80")
  }
}
