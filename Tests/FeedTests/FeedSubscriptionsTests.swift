import BlueprintFeedFeatures
import BlueprintFeedFormats
import Core
import CoreTesting
import Foundation
import Testing

/// The built `feed`, on what a list of subscriptions looks like: what `import` says,
/// feeds that share a title, a feed named by its file, and hosts that do not resolve.
@Suite("feed subscriptions, end to end", .timeLimit(.minutes(10)))
struct FeedSubscriptionsTests {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-subs", terminal: nil) }

  /// An OPML file with one outline per `(title, xmlUrl)`.
  func opml(_ outlines: [(String, String)], named name: String = "subs.opml") throws -> String {
    let body = outlines.map { #"<outline text="\#($0.0)" xmlUrl="\#($0.1)"/>"# }
    return try home.write(
      "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body>\n"
        + body.joined(separator: "\n") + "\n</body></opml>\n", to: name)
  }

  @Test("import says how many feeds it added, and that refresh fetches them")
  func importSaysWhatNext() async throws {
    let file = try opml([("A", "https://a.example/feed"), ("B", "https://b.example/feed")])
    let imported = try await home.runToExit("import", file)
    #expect(
      imported.output
        == "Added 2 feeds (0 already subscribed); '\(appIdentity.name) refresh' fetches them.\n")
    let again = try await home.runToExit("import", file)
    #expect(again.output == "Added no feeds (2 already subscribed).\n")
    // Nothing was fetched: the feeds wait for that refresh.
    #expect(try await home.runToExit("list").output.contains("not fetched"))
  }

  @Test("list tells feeds that share a title apart by their hosts, and only those")
  func sameTitles() async throws {
    let file = try opml([
      ("News", "https://one.example/feed.xml"), ("news", "https://two.example/rss"),
      ("Other", "https://three.example/feed.xml"),
      ("Blog", "https://same.example/a.xml"), ("Blog", "https://same.example/b.xml"),
    ])
    try await home.runToExit("import", file)
    let list = try await home.runToExit("list").output
    let rows = list.split(separator: "\n").dropFirst().map(String.init)
    #expect(rows.count == 5, "\(list)")
    #expect(rows[0].contains("News (one.example)"), "\(list)")
    #expect(rows[1].contains("news (two.example)"), "\(list)")
    #expect(rows[2].contains("Other ") && !rows[2].contains("three.example"), "\(list)")
    // One host for both: the addresses tell them apart.
    #expect(rows[3].contains("Blog (same.example/a.xml)"), "\(list)")
    #expect(rows[4].contains("Blog (same.example/b.xml)"), "\(list)")
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

  @Test("a host whose name does not resolve is tried once and named once")
  func unresolvedHost() async throws {
    // `.invalid` never resolves (RFC 2606): the lookup fails at once, offline too.
    let file = try opml([
      ("First", "http://nowhere.invalid/a.xml"), ("Second", "http://nowhere.invalid/b.xml"),
      ("Third", "http://elsewhere.invalid/c.xml"),
    ])
    try await home.runToExit("import", file)
    let refresh = try await home.runToExit("refresh", expect: 69)
    // No second attempt: the message does not say "retried".
    #expect(!refresh.output.contains("retried"), "\(refresh.output)")
    #expect(refresh.output.contains("cannot find the host nowhere.invalid\n"), "\(refresh.output)")
    #expect(refresh.output.contains("cannot find the host elsewhere.invalid\n"))
    // The second feed of that host is not looked up again, and the host is named once.
    #expect(
      refresh.output.components(separatedBy: "nowhere.invalid").count == 2, "\(refresh.output)")
    // Which of the host's two feeds is looked up depends on which fetch starts first;
    // the other names it.
    let tried = try #require(
      refresh.output.split(separator: "\n").first {
        $0.hasSuffix("cannot find the host nowhere.invalid")
      }
    ).split(separator: " ")[1]
    #expect(["1", "2"].contains(tried))
    #expect(
      refresh.output.contains(
        "not fetched: its host's name did not resolve for feed \(tried) during this refresh"))
    #expect(refresh.error.contains("3 of 3 feeds failed to refresh"))
  }
}
