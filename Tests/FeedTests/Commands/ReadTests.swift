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

  @Test("a feed added from a file is found by that file's name, as by its URL")
  func fileByName() async throws {
    let folder = home.appending("work")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(FeedSamples.rss(title: "Latin", count: 2).utf8)
      .write(to: folder.appendingPathComponent("latin1.xml"))
    let added = try await home.run(in: folder, "add", "latin1.xml")
    #expect(added.status == 0, "\(added.error)")
    for name in ["latin1.xml", "./latin1.xml"] {
      let read = try await home.run(in: folder, "read", name)
      #expect(read.status == 0, "\(name): \(read.error)")
      #expect(read.output.contains("1.2"), "\(name): \(read.output)")
    }
    // From another folder, the bare name still names the one feed read from it.
    let elsewhere = try await home.runToExit("read", "latin1.xml")
    #expect(elsewhere.output.contains("1.2"))
    // A name no feed was read from is still no feed.
    let missing = try await home.run(in: folder, "read", "other.xml")
    #expect(missing.status == 64)
    #expect(missing.error.contains("no feed 'other.xml'"))
  }
}
