import BlueprintFeedFeatures
import Core
import CoreTesting
import Foundation
import Testing

/// Set up with a server that cannot be reached, every command that changes feeds or
/// marks works here and says the server is told later; the next refresh with the
/// server back sends each change: nothing lost, nothing doubled.
@Suite("feed sync: changes made offline go out at the next refresh", .timeLimit(.minutes(10)))
struct FeedSyncOfflineTests {
  let fake: GoogleReaderFake
  /// The sites `feed add` and `import` read (the server is not asked for them).
  let sites: LoopbackServer

  init() throws {
    fake = try GoogleReaderFake()
    sites = try LoopbackServer(routes: [:])
  }

  /// An RSS feed served at `/name.xml`.
  func site(_ name: String) -> URL {
    sites.setRoute(
      "/\(name).xml",
      to: .text(
        rss(title: name, site: "http://example.com/\(name)", prefix: name, count: 2),
        headers: ["Content-Type": "application/rss+xml"]))
    return sites.url("/\(name).xml")
  }

  /// Three subscriptions on the server, synced here; `a 2` read and `b 2` starred here
  /// and on the server.
  func syncedHome() async throws -> FakeSyncedHome {
    for name in ["a", "b", "c"] {
      // c is a site here too, so that it can be added again.
      let url = name == "c" ? site("c").absoluteString : "http://example.com/\(name).xml"
      let stream = fake.subscribe(url, title: name)
      for number in 1...2 { fake.publish("\(name) \(number)", in: stream) }
    }
    let home = try await FakeSyncedHome(fake)
    try await home.home.runToExit(["refresh"])
    try await home.home.runToExit(["mark-read", try await home.item("a 2").id])
    try await home.home.runToExit(["star", try await home.item("b 2").id])
    try await home.home.runToExit(["refresh"])
    #expect(fake.item("a 2")?.read == true && fake.item("b 2")?.starred == true)
    return home
  }

  @Test("marks a change of a whole feed turned, undone, go out at the next refresh")
  func undoneMarksGoOut() async throws {
    defer {
      fake.stop()
      sites.stop()
    }
    let home = try await syncedHome()
    defer { home.stop() }
    let feed = Dictionary(uniqueKeysWithValues: try await home.feeds().map { ($0.title, $0.id) })
    let a = try #require(feed["a"])
    try await home.home.runToExit(["mark-read", a])
    try await home.home.runToExit(["refresh"])
    #expect(fake.item("a 1")?.read == true)
    let undone = try await home.home.runToExit(["undo"])
    #expect(undone.output == "undid: marked 1 item of feed \(a) read\n", "\(undone.output)")
    try await home.home.runToExit(["refresh"])
    #expect(fake.item("a 1")?.read == false)
    #expect(fake.item("a 2")?.read == true, "read before the change: it stays read")
  }

  @Test("add, import, rm, rename, marks and stars offline: each reaches the server after")
  func offlineChangesGoOut() async throws {
    defer {
      fake.stop()
      sites.stop()
    }
    let home = try await syncedHome()
    defer { home.stop() }
    let feed = Dictionary(uniqueKeysWithValues: try await home.feeds().map { ($0.title, $0.id) })
    let (a1, a2, b2) = try await (home.item("a 1").id, home.item("a 2").id, home.item("b 2").id)
    fake.mode = .unreachable
    let added = try await home.home.runToExit(["add", site("d").absoluteString])
    #expect(added.output.contains("Read it now: 2 items"), "\(added.output)")
    let opml = try home.home.write(
      #"<?xml version="1.0"?><opml version="2.0"><body><outline text="e" xmlUrl=""#
        + site("e").absoluteString + #""/></body></opml>"#, to: "e.opml")
    let changes: [[String]] = [
      ["import", opml], ["rm", try #require(feed["c"])],
      ["rename", try #require(feed["b"]), "Bee"],
    ]
    var told = [added.error]
    for change in changes {
      told.append(try await home.home.runToExit(change).error)
    }
    for error in told {
      #expect(error.contains("warning: the server was not told yet"), "\(error)")
      #expect(error.contains("told at the next '\(appIdentity.name) refresh'"), "\(error)")
    }
    for mark in [["mark-read", a1], ["mark-unread", a2], ["star", a1], ["unstar", b2]] {
      let result = try await home.home.runToExit(mark)
      #expect(result.error.isEmpty, "\(mark): \(result.error)")
    }
    // A refresh while the server is away fails as a network failure and keeps it all.
    let failed = try await home.home.runToExit(["refresh"], expect: 69)
    #expect(failed.error.contains("the sync stopped"), "\(failed.error)")
    #expect(fake.feeds.map(\.title) == ["a", "b", "c"])

    fake.mode = .up
    let said = try await home.home.runToExit(["refresh"]).output
    #expect(said.contains("sent 4 marks"), "\(said)")
    // The OPML outline's text is e's title here, so it is e's on the server too.
    #expect(
      said.contains(
        "subscriptions: 2 subscribed on the server, 1 unsubscribed on the server, 2 renamed"),
      "\(said)")
    #expect(
      fake.feeds.map(\.url).sorted()
        == [
          "http://example.com/a.xml", "http://example.com/b.xml", site("d").absoluteString,
          site("e").absoluteString,
        ].sorted())
    #expect(fake.feeds.first { $0.url.hasSuffix("/b.xml") }?.title == "Bee")
    #expect(fake.feeds.first { $0.url.hasSuffix("/e.xml") }?.title == "e")
    #expect(fake.items.filter { $0.stream == "feed/3" }.isEmpty)
    #expect(fake.item("a 1")?.read == true && fake.item("a 1")?.starred == true)
    #expect(fake.item("a 2")?.read == false)
    #expect(fake.item("b 2")?.starred == false)
    // Here: the same four feeds, no mark undone by the sync.
    #expect(try await home.feeds().map(\.title).sorted() == ["Bee", "a", "d", "e"])
    let items = try await home.items()
    #expect(items.filter(\.starred).map(\.title) == ["a 1"])
    #expect(items.filter(\.read).compactMap(\.title).sorted() == ["a 1"])
    // Nothing is sent twice, nothing doubled.
    let quiet = try await home.home.runToExit(["refresh"]).output
    #expect(quiet.hasPrefix("0 new items from the server; sent 0 marks, received 0"), "\(quiet)")
    #expect(fake.feeds.count == 4)
    #expect(fake.requests("subscription/quickadd").count == 2)
  }

  @Test("rm with the server up: the feed is gone here and there, not brought back")
  func removedOnline() async throws {
    defer {
      fake.stop()
      sites.stop()
    }
    let home = try await syncedHome()
    defer { home.stop() }
    let c = try #require(try await home.feeds().first { $0.title == "c" })
    let removed = try await home.home.runToExit(["rm", c.id])
    #expect(removed.error.isEmpty, "\(removed.error)")
    #expect(fake.feeds.map(\.title) == ["a", "b"])
    #expect(try await home.feeds().map(\.title) == ["a", "b"])
    let said = try await home.home.runToExit(["refresh"]).output
    #expect(said == "0 new items from the server; sent 0 marks, received 0\n", "\(said)")
    #expect(try await home.feeds().map(\.title) == ["a", "b"])
  }

  @Test("rm and add the same feed again offline: subscribed once on the server, kept here")
  func removedAndAddedAgain() async throws {
    defer {
      fake.stop()
      sites.stop()
    }
    let home = try await syncedHome()
    defer { home.stop() }
    let c = try #require(try await home.feeds().first { $0.title == "c" })
    fake.mode = .unreachable
    try await home.home.runToExit(["rm", c.id])
    try await home.home.runToExit(["add", c.url, "--title", "c again"])
    fake.mode = .up
    try await home.home.runToExit(["refresh"])
    #expect(fake.feeds.filter { $0.url == c.url }.map(\.title) == ["c again"])
    #expect(fake.feeds.count == 3)
    try await home.home.runToExit(["refresh"])
    #expect(try await home.feeds().map(\.title) == ["a", "b", "c again"])
    #expect(fake.feeds.count == 3)
  }
}
