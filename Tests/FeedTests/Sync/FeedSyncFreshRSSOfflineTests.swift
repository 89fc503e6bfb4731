import Core
import CoreTesting
import Foundation
import Testing

/// The built `feed` against the FreshRSS `.ci/run` starts, through a proxy that can cut
/// the network: subscriptions and marks changed while FreshRSS cannot be reached go out
/// at the next refresh, and a second home sees them.
@Suite(
  "feed sync against FreshRSS: offline changes",
  .enabled(if: freshRSS != nil, Comment(rawValue: freshRSSMissing)), .serialized,
  .timeLimit(.minutes(10)))
struct FeedSyncFreshRSSOfflineTests {
  /// The server; the suite runs only when there is one.
  let server = freshRSS ?? FreshRSS(api: URL(fileURLWithPath: "/"), root: "/")
  let sites: LoopbackServer

  init() throws {
    sites = try LoopbackServer(routes: [:])
  }

  /// Serves an RSS feed of `count` items at `/name.xml` on the sites' server.
  func serveFeed(_ name: String, count: Int) -> String {
    sites.setRoute(
      "/\(name).xml",
      to: .text(
        rss(title: name, site: "http://example.com/\(name)", prefix: name, count: count),
        headers: ["Content-Type": "application/rss+xml"]))
    return sites.url("/\(name).xml").absoluteString
  }

  /// Every item on the server as `title|read=…|starred=…`, sorted.
  func serverItems(_ reader: OtherReader) async throws -> [String] {
    let text = try await reader.get(
      "reader/api/0/stream/contents/user/-/state/com.google/reading-list",
      [URLQueryItem(name: "output", value: "json"), URLQueryItem(name: "n", value: "1000")])
    struct Stream: Decodable {
      struct Item: Decodable {
        var title: String
        var categories: [String]
      }
      var items: [Item]
    }
    return try JSONDecoder().decode(Stream.self, from: Data(text.utf8)).items.map { item in
      let read = item.categories.contains { $0.hasSuffix("/state/com.google/read") }
      let starred = item.categories.contains { $0.hasSuffix("/state/com.google/starred") }
      return "\(item.title)|read=\(read)|starred=\(starred)"
    }.sorted()
  }

  /// The server's subscriptions as `title|url`, sorted.
  func serverFeeds(_ reader: OtherReader) async throws -> [String] {
    let text = try await reader.get(
      "reader/api/0/subscription/list", [URLQueryItem(name: "output", value: "json")])
    struct List: Decodable {
      struct Feed: Decodable {
        var title: String
        var url: String
      }
      var subscriptions: [Feed]
    }
    return try JSONDecoder().decode(List.self, from: Data(text.utf8)).subscriptions.map {
      "\($0.title)|\($0.url)"
    }.sorted()
  }

  /// The reference (`3.1`) of the item titled `title` in `home`.
  func reference(_ title: String, _ home: SyncingFeedHome) async throws -> String {
    struct List: Decodable {
      struct Item: Decodable {
        var id: String
        var title: String?
      }
      var items: [Item]
    }
    let json = try await home.home.runToExit(["read", "--json"]).standardOutput
    let items = try JSONDecoder().decode(List.self, from: json).items
    return try #require(items.first { $0.title == title }?.id)
  }

  @Test("add, rm, rename, mark-read, mark-unread, star offline: the next refresh sends each")
  func offlineAddThenRefresh() async throws {
    defer { sites.stop() }
    let proxy = try SwitchableProxy(to: server.base)
    defer { proxy.stop() }
    let (user, password) = try server.makeUser()
    let reader = try await server.otherReader(user: user, password: password)
    let home = try SyncingFeedHome(user: user, password: password)
    defer { home.stop() }
    let kept = serveFeed("kept", count: 2)
    try await home.run("add", kept)
    try await home.run("add", serveFeed("gone", count: 1))
    try await home.run("sync", "setup", proxy.server.url(server.api.path).absoluteString)
    try await home.run("refresh")
    try await home.run("mark-read", "1.2")
    try await home.run("refresh")
    #expect(try await serverItems(reader).contains("kept 1|read=true|starred=false"))

    proxy.isUp = false
    let new = serveFeed("new", count: 3)
    for change in [["add", new], ["rename", "1", "Kept feed"], ["rm", "2"]] {
      let result = try await home.home.runToExit(change)
      #expect(result.error.contains("the server was not told yet"), "\(change): \(result.error)")
    }
    // Marks on the new feed's items too, read from its site: the server has not seen them.
    let (new0, new1) = try await (reference("new 0", home), reference("new 1", home))
    for change in [
      ["mark-read", "1.1"], ["mark-unread", "1.2"], ["star", "1.2"], ["star", new0],
      ["mark-read", new1],
    ] {
      try await home.run(change[0], change[1])
    }
    #expect(try await home.home.runToExit(["refresh"], expect: 69).error.contains("sync stopped"))
    #expect(try await serverFeeds(reader) == ["gone|\(sites.url("/gone.xml"))", "kept|\(kept)"])

    proxy.isUp = true
    try await home.run("refresh")
    #expect(try await serverFeeds(reader) == ["Kept feed|\(kept)", "new|\(new)"])
    #expect(
      try await serverItems(reader) == [
        "kept 0|read=true|starred=false", "kept 1|read=false|starred=true",
        "new 0|read=false|starred=true", "new 1|read=true|starred=false",
        "new 2|read=false|starred=false",
      ])
    // Here: the site's items of the new feed became the server's, none doubled.
    let items = try await home.items()
    #expect(
      items == [
        "Kept feed|kept 0|read=true|starred=false", "Kept feed|kept 1|read=false|starred=true",
        "new|new 0|read=false|starred=true", "new|new 1|read=true|starred=false",
        "new|new 2|read=false|starred=false",
      ])
    #expect(try await home.feeds() == ["Kept feed", "new"])
    // Another home of the same user gets the same (items read before its first sync
    // are not fetched).
    let second = try SyncingFeedHome(user: user, password: password)
    defer { second.stop() }
    try await second.run("sync", "setup", server.api.absoluteString)
    try await second.run("refresh")
    #expect(try await second.feeds() == ["Kept feed", "new"])
    #expect(
      try await second.items() == items.filter { !$0.contains("kept 0") && !$0.contains("new 1") })
  }
}
