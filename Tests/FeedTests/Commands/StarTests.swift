import BlueprintFeedFeatures
import CoreTesting
import Foundation
import Testing

/// `star` and `unstar` without a sync server: the mark is kept here, shown by `read`
/// and `--json`, and a missing feed or item is named as `show` names it.
@Suite("the star and unstar commands", .timeLimit(.minutes(10)))
struct StarTests {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-star") }

  @Test("star marks an item in read and --json; unstar takes the mark away")
  func starAndUnstar() throws {
    let path = try home.write(FeedSamples.rss(title: "Local news", count: 2), to: "news.xml")
    try home.run("add", path, "--title", "News")
    let starred = try home.run("star", "1.1")
    #expect(starred.output.hasPrefix("Starred 1.1: "), "\(starred.output)")
    let line = try #require(
      try home.run("read").output.split(separator: "\n").first { $0.contains(" 1.1 ") })
    #expect(line.contains("★"), "\(line)")
    let json = try home.run("read", "--json").standardOutput
    let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    let items = try #require(object["items"] as? [[String: Any]])
    let first = try #require(items.first { ($0["id"] as? String) == "1.1" })
    #expect(first["starred"] as? Bool == true)
    #expect(items.first { ($0["id"] as? String) == "1.2" }?["starred"] as? Bool == false)
    try home.run("unstar", "1.1")
    #expect(!(try home.run("read").output.contains("★")))
  }

  @Test("an item of no feed, no such item, and a malformed id: exit 64, worded as show")
  func missing() throws {
    let path = try home.write(FeedSamples.rss(title: "Local news", count: 1), to: "news.xml")
    try home.run("add", path)
    #expect(try home.run("star", "9.1", expect: 64).error.contains("no feed '9'"))
    #expect(try home.run("star", "1.7", expect: 64).error.contains("no item 1.7 in feed 1"))
    #expect(try home.run("unstar", "x", expect: 64).error.contains("invalid item 'x'"))
  }
}
