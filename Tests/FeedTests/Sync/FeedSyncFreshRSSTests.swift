import Core
import CoreTesting
import Foundation
import Testing

/// The built `feed` against the FreshRSS `.ci/run` starts, each test as a user of its
/// own: setup, two homes converging through the server, another reader's changes,
/// more items than a page, and a sync killed between any two requests.
@Suite(
  "feed sync against FreshRSS", .enabled(if: freshRSS != nil, Comment(rawValue: freshRSSMissing)),
  .serialized, .timeLimit(.minutes(10)))
struct FeedSyncFreshRSSTests {
  /// The server; the suite runs only when there is one.
  let server = freshRSS ?? FreshRSS(api: URL(fileURLWithPath: "/"), root: "/")
  let sites: LoopbackServer

  init() throws {
    sites = try LoopbackServer(routes: [:])
  }

  /// Serves an RSS feed of `count` items at `/name.xml` on the sites' server.
  func serveFeed(_ name: String, count: Int, prefix: String? = nil) -> URL {
    sites.setRoute(
      "/\(name).xml",
      to: .text(
        rss(title: name, site: "http://example.com/\(name)", prefix: prefix ?? name, count: count),
        headers: ["Content-Type": "application/rss+xml"]))
    return sites.url("/\(name).xml")
  }

  @Test("setup takes the server's base address, says what it found; status says where")
  func setup() async throws {
    let (user, password) = try server.makeUser()
    let home = try SyncingFeedHome(user: user, password: password)
    defer { home.stop() }
    let reader = try await server.otherReader(user: user, password: password)
    _ = try await reader.post(
      "reader/api/0/subscription/quickadd",
      [("quickadd", serveFeed("alpha", count: 3).absoluteString)])
    let said = try await home.run("sync", "setup", server.base.absoluteString)
    #expect(said.contains("as \(user): 1 subscription, 3 unread items"), "\(said)")
    #expect(said.contains(server.api.absoluteString))
    let status = try await home.run("sync", "status")
    #expect(status.contains(server.api.absoluteString) && status.contains("~/.netrc"), "\(status)")
    #expect(!status.contains(password))
    try await home.run("refresh")
    #expect(try await home.items().count == 3)
    #expect(
      try await home.run("sync", "setup", "--off").contains("every feed, item and mark is kept"))
    #expect(try await home.items().count == 3)
  }

  @Test("two homes converge through the server: marks, stars, adds, removes, renames")
  func twoHomes() async throws {
    let (user, password) = try server.makeUser()
    let first = try SyncingFeedHome(user: user, password: password)
    let second = try SyncingFeedHome(user: user, password: password)
    defer {
      first.stop()
      second.stop()
    }
    // The first reads a feed before it syncs: the first sync merges, deleting nothing.
    try await first.run("add", serveFeed("one", count: 4).absoluteString)
    try await first.run("mark-read", "1.1")
    try await first.run("sync", "setup", server.api.absoluteString)
    try await first.run("refresh")
    try await second.run("add", serveFeed("two", count: 2).absoluteString)
    try await second.run("sync", "setup", server.base.absoluteString)
    try await second.run("refresh")
    try await first.run("refresh")
    #expect(try await first.feeds() == ["one", "two"])
    #expect(try await second.feeds() == ["one", "two"])
    // Items read on the server before a reader's first sync are not fetched (as
    // NetNewsWire does): the second never had "one 0".
    let converged = try await first.items()
    #expect(
      try await second.items() == converged.filter { $0 != "one|one 0|read=true|starred=false" })
    #expect(
      try await first.items().filter { $0.contains("read=true") } == [
        "one|one 0|read=true|starred=false"
      ])

    // Marks and stars both ways; a rename here; a feed removed there. (The second added
    // "two" first: there "one" is feed 2, and "one 1" its item 1.)
    try await second.run("star", "2.1")
    try await second.run("mark-read", "2.2")
    try await first.run("mark-read", "1.4")
    try await first.run("rename", "one", "First feed")
    try await second.run("rm", "two")
    for home in [first, second, first, second] { try await home.run("refresh") }
    let expected = try await first.items()
    #expect(try await second.items() == expected.filter { !$0.contains("one 0") })
    #expect(expected.contains("First feed|one 1|read=false|starred=true"), "\(expected)")
    #expect(expected.contains("First feed|one 2|read=true|starred=false"), "\(expected)")
    #expect(expected.contains("First feed|one 3|read=true|starred=false"), "\(expected)")
    #expect(try await first.feeds() == ["First feed"])
    #expect(try await second.feeds() == ["First feed"])
    let quiet = try await first.run("refresh")
    #expect(quiet.hasPrefix("0 new items from the server; sent 0 marks, received 0"), "\(quiet)")
  }

  @Test("another reader's marks and subscriptions reach feed")
  func anotherReader() async throws {
    let (user, password) = try server.makeUser()
    let home = try SyncingFeedHome(user: user, password: password)
    defer { home.stop() }
    try await home.run("add", serveFeed("mine", count: 3).absoluteString)
    try await home.run("sync", "setup", server.base.absoluteString)
    try await home.run("refresh")
    let reader = try await server.otherReader(user: user, password: password)
    let unread = try await reader.unreadIDs()
    #expect(unread.count == 3)
    let one = try #require(unread.min())
    #expect(
      try await reader.post(
        "reader/api/0/edit-tag", [("i", one), ("a", "user/-/state/com.google/read")]) == "OK")
    #expect(
      try await reader.post(
        "reader/api/0/edit-tag", [("i", one), ("a", "user/-/state/com.google/starred")]) == "OK")
    _ = try await reader.post(
      "reader/api/0/subscription/quickadd",
      [("quickadd", serveFeed("theirs", count: 2).absoluteString)])
    let said = try await home.run("refresh")
    #expect(said.contains("2 new items"), "\(said)")
    let items = try await home.items()
    #expect(items.count == 5)
    #expect(items.filter { $0.hasSuffix("read=true|starred=true") }.count == 1, "\(items)")
    #expect(try await home.feeds() == ["mine", "theirs"])
  }

  @Test("a sync that would remove every feed here stops and asks for --force-delete")
  func massDeletion() async throws {
    let (user, password) = try server.makeUser()
    let home = try SyncingFeedHome(user: user, password: password)
    defer { home.stop() }
    try await home.run("add", serveFeed("m1", count: 1).absoluteString)
    try await home.run("add", serveFeed("m2", count: 1).absoluteString)
    try await home.run("sync", "setup", server.base.absoluteString)
    try await home.run("refresh")
    let reader = try await server.otherReader(user: user, password: password)
    for stream in ["feed/1", "feed/2"] {
      #expect(
        try await reader.post(
          "reader/api/0/subscription/edit", [("ac", "unsubscribe"), ("s", stream)])
          == "OK")
    }
    let refused = try await home.home.runToExit(["refresh"], expect: 65)
    #expect(refused.error.contains("would remove 2 of the 2 feeds here"), "\(refused.error)")
    #expect(refused.error.contains("--force-delete"))
    #expect(try await home.feeds() == ["m1", "m2"])
    try await home.run("refresh", "--force-delete")
    #expect(try await home.feeds() == [])
  }

  @Test("more items than a page: 2,700 in 6 feeds, none skipped")
  func manyItems() async throws {
    let (user, password) = try server.makeUser()
    let reader = try await server.otherReader(user: user, password: password)
    for index in 0..<6 {
      _ = try await reader.post(
        "reader/api/0/subscription/quickadd",
        [("quickadd", serveFeed("many\(index)", count: 450).absoluteString)])
    }
    #expect(try await reader.unreadIDs().count == 2_700)
    let home = try SyncingFeedHome(user: user, password: password)
    defer { home.stop() }
    try await home.run("sync", "setup", server.base.absoluteString)
    let said = try await home.run("refresh")
    #expect(said.hasPrefix("2700 new items from the server"), "\(said)")
    let items = try await home.items()
    #expect(items.count == 2_700)
    #expect(Set(items).count == 2_700)
  }

  @Test("killed after request n, for every n of a refresh: the next refreshes converge")
  func killedAnywhere() async throws {
    let proxy = try KillingProxy(to: server.base)
    let api = proxy.server.url(server.api.path).absoluteString
    var killed = 0
    for request in 1...30 {
      let (user, password) = try server.makeUser()
      let first = try SyncingFeedHome(user: user, password: password)
      let second = try SyncingFeedHome(user: user, password: password)
      defer {
        first.stop()
        second.stop()
      }
      try await first.run("add", serveFeed("k\(request)a", count: 3, prefix: "a").absoluteString)
      try await first.run("add", serveFeed("k\(request)b", count: 2, prefix: "b").absoluteString)
      try await first.run("sync", "setup", api)
      try await first.run("refresh")
      try await second.run("sync", "setup", api)
      try await second.run("refresh")
      // Changes on both sides, then the first's refresh is killed at request n.
      try await first.run("mark-read", "1.1")
      try await first.run("star", "1.2")
      try await first.run("rename", "1", "Renamed")
      try await second.run("mark-read", "2.1")
      try await second.run("add", serveFeed("k\(request)c", count: 1, prefix: "c").absoluteString)
      try await second.run("refresh")
      try await second.run("rm", "2")
      let result = try await proxy.run(killingAt: request) {
        try first.home.product.start(["refresh"], environment: first.home.environment)
      }
      guard result.wasSignalled else {
        #expect(result.status == 0, "\(result.error)")
        #expect(killed >= 5, "a refresh with these changes makes several requests")
        break
      }
      killed += 1
      for home in [first, second, first, second] { try await home.run("refresh") }
      let expected = try await first.items()
      #expect(try await second.items() == expected, "killed after request \(request)")
      #expect(
        expected == [
          "Renamed|a 0|read=true|starred=false", "Renamed|a 1|read=false|starred=true",
          "Renamed|a 2|read=false|starred=false", "k\(request)c|c 0|read=false|starred=false",
        ], "killed after request \(request)")
      #expect(try await first.feeds() == second.feeds(), "killed after request \(request)")
    }
    #expect(killed > 0)
  }
}
