import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// `read` through the built `feed`: search, the order of undated items, a feed named
/// by a title several share.
@Suite("the read command", .timeLimit(.minutes(10)))
struct ReadTests: FeedHomeSuite {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-features") }

  @Test("read --search matches title, author and text, ignoring case")
  func search() throws {
    try addFeed()
    let hits = try home.run("read", "--search", "ITEM 2").output
    #expect(hits.contains("1.2") && !hits.contains("1.3"))
    #expect(try home.run("read", "-s", "text of item 3").output.contains("1.3"))
    #expect(try home.run("read", "--search", "zebra").output == "No items match 'zebra'.\n")
    let json = try home.run("read", "--search", "item 1", "--json").output
    #expect(json.contains("\"1.1\"") && !json.contains("\"1.2\""))
  }

  @Test("undated items come after dated ones, newest first")
  func undatedLast() throws {
    let feedText = """
      <rss version="2.0"><channel><title>Mixed</title>
      <item><guid>u1</guid><title>Undated</title></item>
      <item><guid>d1</guid><title>Old</title><pubDate>Mon, 05 Jan 2015 10:00:00 GMT</pubDate></item>
      <item><guid>d2</guid><title>New</title><pubDate>Mon, 05 Oct 2026 10:00:00 GMT</pubDate></item>
      </channel></rss>
      """
    try addFeed(feedText)
    let lines = try home.run("read").output.split(separator: "\n").dropFirst()
    #expect(
      lines.map { $0.split(separator: " ").last.map(String.init) } == ["New", "Old", "Undated"])
  }

  @Test("a title shared by several feeds names them instead of saying there is none")
  func ambiguousTitle() throws {
    try home.run("add", try home.write(FeedSamples.rss(count: 1), to: "a.xml"), "--title", "Same")
    try home.run("add", try home.write(FeedSamples.rss(count: 1), to: "b.xml"), "--title", "same")
    let result = try home.run("read", "SAME", expect: 64)
    #expect(result.error.contains("'SAME' is the title of several feeds (1, 2)"), "\(result.error)")
    #expect(result.error.contains("hint: name the feed by its id"))
    try home.run("read", "2")
  }
}
