import Core
import CoreTesting
import Foundation
import Testing

/// Folders through the built `feed` and the FreshRSS `.ci/run` starts, as a user of its
/// own: another reader's folders and moves reach feed, feed's adds and moves reach the
/// server and a second home, and a feed taken out of its folder lands in the default.
@Suite(
  "feed sync: folders against FreshRSS",
  .enabled(if: freshRSS != nil, Comment(rawValue: freshRSSMissing)), .serialized,
  .timeLimit(.minutes(10)))
struct FolderSyncFreshRSSTests {
  let server = freshRSS ?? FreshRSS(api: URL(fileURLWithPath: "/"), root: "/")
  let sites: LoopbackServer

  init() throws { sites = try LoopbackServer(routes: [:]) }

  func serveFeed(_ name: String) -> URL {
    sites.setRoute(
      "/\(name).xml",
      to: .text(
        rss(title: name, site: "http://example.com/\(name)", prefix: name, count: 2),
        headers: ["Content-Type": "application/rss+xml"]))
    return sites.url("/\(name).xml")
  }

  /// Each feed's folder by its title, as `feed list --json` says (`-` for none).
  func folders(_ home: SyncingFeedHome) async throws -> [String: String] {
    struct List: Decodable {
      struct Feed: Decodable {
        var title: String
        var folder: String?
      }
      var feeds: [Feed]
    }
    let json = try await home.home.runToExit(["list", "--json"]).output
    let list = try JSONDecoder().decode(List.self, from: Data(json.utf8))
    return Dictionary(uniqueKeysWithValues: list.feeds.map { ($0.title, $0.folder ?? "-") })
  }

  /// Each subscription's folder by its title, and its stream id by title, as the
  /// server lists them.
  func serverFolders(_ reader: OtherReader) async throws -> (
    folders: [String: String], streams: [String: String]
  ) {
    struct List: Decodable {
      struct Subscription: Decodable {
        struct Category: Decodable { var label: String }
        var id: String
        var title: String
        var categories: [Category]
      }
      var subscriptions: [Subscription]
    }
    let json = try await reader.get(
      "reader/api/0/subscription/list", [URLQueryItem(name: "output", value: "json")])
    let list = try JSONDecoder().decode(List.self, from: Data(json.utf8)).subscriptions
    return (
      Dictionary(uniqueKeysWithValues: list.map { ($0.title, $0.categories.first?.label ?? "-") }),
      Dictionary(uniqueKeysWithValues: list.map { ($0.title, $0.id) })
    )
  }

  @Test("folders travel both ways: adds and moves here, another reader's, a second home")
  func bothWays() async throws {
    let (user, password) = try server.makeUser()
    let first = try SyncingFeedHome(user: user, password: password)
    let second = try SyncingFeedHome(user: user, password: password)
    defer {
      first.stop()
      second.stop()
    }
    let reader = try await server.otherReader(user: user, password: password)
    // Another machine filed "tech" in Tech; this one filed "mine" in Reading offline.
    #expect(
      try await reader.post(
        "reader/api/0/subscription/edit",
        [
          ("ac", "subscribe"), ("s", "feed/" + serveFeed("tech").absoluteString),
          ("a", "user/-/label/Tech"),
        ]) == "OK")
    try await first.run("add", serveFeed("mine").absoluteString, "--folder", "Reading")
    try await first.run("sync", "setup", server.base.absoluteString)
    try await first.run("refresh")
    #expect(try await folders(first) == ["tech": "Tech", "mine": "Reading"])
    #expect(try await serverFolders(reader).folders == ["tech": "Tech", "mine": "Reading"])

    // Synced: an add with a folder and a move go to the server at once.
    try await first.run("add", serveFeed("later").absoluteString, "--folder", "Later")
    try await first.run("move", "mine", "News")
    #expect(
      try await serverFolders(reader).folders == [
        "tech": "Tech", "mine": "News", "later": "Later",
      ])

    // Another reader moves "tech": the next refresh brings it here.
    let tech = try #require(try await serverFolders(reader).streams["tech"])
    #expect(
      try await reader.post(
        "reader/api/0/subscription/edit",
        [("ac", "edit"), ("s", tech), ("a", "user/-/label/Work"), ("r", "user/-/label/Tech")])
        == "OK")
    let said = try await first.run("refresh")
    #expect(said.contains("1 moved"), "\(said)")
    let expected = ["tech": "Work", "mine": "News", "later": "Later"]
    #expect(try await folders(first) == expected)

    // A second home finds every folder on its first sync.
    try await second.run("sync", "setup", server.base.absoluteString)
    try await second.run("refresh")
    #expect(try await folders(second) == expected)

    // Out of its folder here: FreshRSS files it in its default folder, which then
    // shows in both homes.
    try await second.run("move", "later")
    let fallback = try #require(try await serverFolders(reader).folders["later"])
    #expect(fallback != "Later")
    for home in [second, first] { try await home.run("refresh") }
    #expect(try await folders(first) == folders(second))
    #expect(try await folders(first)["later"] == fallback)
    let quiet = try await first.run("refresh")
    #expect(!quiet.contains("moved"), "\(quiet)")
  }

  @Test("moved here and there between two syncs: the move made here wins")
  func moveHereWins() async throws {
    let (user, password) = try server.makeUser()
    let home = try SyncingFeedHome(user: user, password: password)
    defer { home.stop() }
    let reader = try await server.otherReader(user: user, password: password)
    try await home.run("add", serveFeed("one").absoluteString, "--folder", "A")
    try await home.run("sync", "setup", server.base.absoluteString)
    try await home.run("refresh")
    // Offline here: the move waits for the next refresh.
    try await home.run("sync", "setup", "--off")
    try await home.run("move", "one", "Here")
    let stream = try #require(try await serverFolders(reader).streams["one"])
    _ = try await reader.post(
      "reader/api/0/subscription/edit",
      [("ac", "edit"), ("s", stream), ("a", "user/-/label/There"), ("r", "user/-/label/A")])
    try await home.run("sync", "setup", server.base.absoluteString)
    try await home.run("refresh")
    #expect(try await folders(home) == ["one": "Here"])
    #expect(try await serverFolders(reader).folders == ["one": "Here"])
  }
}
