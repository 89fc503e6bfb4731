import BlueprintFeedModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// Folders through a sync, against a Google Reader server on loopback that keeps its
/// subscriptions as FreshRSS does: one folder per feed, new feeds in `Uncategorized`,
/// `a=` files a feed in a label, `r=` alone files it in the default folder.
@Suite("feed sync: folders (loopback)")
struct FolderSyncLoopbackTests {
  /// The server's subscriptions (stream id → address and folder) and the
  /// `subscription/edit` forms it was sent.
  final class Server: Sendable {
    let feeds = LockedValue<[String: (url: String, folder: String)]>([:])
    let edits = LockedValue<[[String: String]]>([])
    let next = LockedValue(1)
    /// How many `subscription/list` requests to refuse (with a 500) after the next
    /// `ac=subscribe`: the connection lost between that request and the next.
    let failListsAfterSubscribe = LockedValue(0)
    let subscribed = LockedValue(false)

    func answer(_ request: LoopbackServer.Request) -> LoopbackServer.Reply? {
      let path = request.path
      let form = Self.form(request)
      if path.hasSuffix("subscription/list"), subscribed.withLock({ $0 }) {
        let refuse = failListsAfterSubscribe.withLock { count -> Bool in
          defer { count = max(0, count - 1) }
          return count > 0
        }
        if refuse { return .text("lost", status: 500) }
      }
      if path.hasSuffix("subscription/list") {
        let rows = feeds.withLock { $0 }.sorted { $0.key < $1.key }.map { stream, feed in
          #"{"id":"\#(stream)","title":"T\#(stream.dropFirst(5))","url":"\#(feed.url)","#
            + #""categories":[{"id":"user/-/label/\#(feed.folder)","label":"\#(feed.folder)"}]}"#
        }
        return .json(#"{"subscriptions":["# + rows.joined(separator: ",") + "]}")
      }
      if path.hasSuffix("subscription/quickadd") {
        let stream = add(form["quickadd"] ?? "", folder: "Uncategorized")
        return .json(#"{"numResults":1,"streamId":"\#(stream)"}"#)
      }
      if path.hasSuffix("subscription/edit") {
        // The write token every POST carries is the client's business, not the edit's.
        edits.withLock { $0.append(form.filter { $0.key != "T" }) }
        let stream = form["s"] ?? ""
        let folder =
          form["a"].map { String($0.dropFirst("user/-/label/".count)) }
          ?? (form["r"] != nil ? "Uncategorized" : nil)
        switch form["ac"] {
        case "subscribe":
          _ = add(String(stream.dropFirst(5)), folder: folder ?? "Uncategorized")
          subscribed.withLock { $0 = true }
        case "edit":
          guard let folder else { break }
          feeds.withLock { $0[stream]?.folder = folder }
        default: return .text("bad", status: 400)
        }
        return .text("OK")
      }
      if path.hasSuffix("stream/items/ids") { return .json(#"{"itemRefs":[]}"#) }
      return nil
    }

    func add(_ url: String, folder: String) -> String {
      let number = next.withLock { number -> Int in
        defer { number += 1 }
        return number
      }
      let stream = "feed/\(number)"
      feeds.withLock { $0[stream] = (url, folder) }
      return stream
    }

    static func form(_ request: LoopbackServer.Request) -> [String: String] {
      var fields: [String: String] = [:]
      for pair in String(decoding: request.body, as: UTF8.self).split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1).map {
          $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
        }
        fields[parts[0]] = parts.count > 1 ? parts[1] : ""
      }
      return fields
    }
  }

  let server = Server()
  let loopback: LoopbackServer
  let folder: TemporaryDirectory
  let store: FeedStore
  let syncer: FeedSyncer

  init() throws {
    let server = server
    loopback = try GoogleReaderLoopbackTests.server { server.answer($0) }
    folder = try TemporaryDirectory()
    store = FeedStore(store: FileKeyValueStore(directory: folder.appending("data")))
    let client = GoogleReaderClient(
      base: loopback.url("/api/greader.php"),
      http: FeedSyncConnection(environment: [:], userAgent: "feed-tests/1").http,
      credentials: GoogleReaderLoopbackTests.credentials)
    syncer = FeedSyncer(
      store: store, client: client,
      state: FeedSyncStateStore(account: "test", in: folder.appending("sync")))
  }

  func stop() {
    loopback.stop()
    folder.remove()
  }

  func folders() throws -> [String: String?] {
    Dictionary(
      uniqueKeysWithValues: try store.subscriptions().feeds.map {
        ($0.url.absoluteString, $0.folder)
      })
  }

  @Test("the server's folder comes here, and so does a move made there")
  func serverFolders() async throws {
    defer { stop() }
    _ = server.add("http://127.0.0.1:9/a.xml", folder: "Tech")
    #expect(try await syncer.sync().moved == 0)
    #expect(try folders() == ["http://127.0.0.1:9/a.xml": "Tech"])
    server.feeds.withLock { $0["feed/1"]?.folder = "News" }
    #expect(try await syncer.sync().moved == 1)
    #expect(try folders() == ["http://127.0.0.1:9/a.xml": "News"])
    #expect(server.edits.withLock { $0 }.isEmpty)
  }

  @Test("a feed added here in a folder is subscribed into it with ac=subscribe and a=")
  func addWithFolder() async throws {
    defer { stop() }
    _ = try store.add(URL(string: "http://127.0.0.1:9/b.xml")!, folder: "Tech")
    let report = try await syncer.sync()
    #expect(report.subscribedThere.count == 1)
    #expect(
      server.edits.withLock { $0 } == [
        ["ac": "subscribe", "s": "feed/http://127.0.0.1:9/b.xml", "a": "user/-/label/Tech"]
      ])
    #expect(server.feeds.withLock { $0["feed/1"]?.folder } == "Tech")
    // Linked, in agreement: the next sync sends nothing and moves nothing.
    let again = try await syncer.sync()
    #expect(again.moved == 0 && again.subscribedThere.isEmpty)
    #expect(server.edits.withLock { $0.count } == 1)
    #expect(try folders() == ["http://127.0.0.1:9/b.xml": "Tech"])
  }

  @Test("subscribed into a folder but the answer lost: the next sync links it, no second feed")
  func subscribeInterrupted() async throws {
    defer { stop() }
    _ = try store.add(URL(string: "http://127.0.0.1:9/b.xml")!, folder: "Tech")
    server.failListsAfterSubscribe.withLock { $0 = 1 }
    await #expect(throws: APIError.self) { try await syncer.sync() }
    #expect(server.feeds.withLock { $0.count } == 1)
    let report = try await syncer.sync()
    #expect(report.addedHere.isEmpty && report.subscribedThere.isEmpty)
    #expect(try store.subscriptions().feeds.count == 1)
    #expect(server.feeds.withLock { $0.count } == 1)
    #expect(try folders() == ["http://127.0.0.1:9/b.xml": "Tech"])
    #expect(server.edits.withLock { $0.count } == 1)
  }

  @Test("a move here goes out as ac=edit with a= the new label and r= the server's, and wins")
  func moveHereWins() async throws {
    defer { stop() }
    _ = server.add("http://127.0.0.1:9/a.xml", folder: "Tech")
    _ = try await syncer.sync()
    let id = try #require(try store.subscriptions().feeds.first?.id)
    try store.move(id, to: "Reading")
    server.feeds.withLock { $0["feed/1"]?.folder = "Elsewhere" }
    #expect(try await syncer.syncSubscriptions().moved == 1)
    #expect(
      server.edits.withLock { $0 } == [
        ["ac": "edit", "s": "feed/1", "a": "user/-/label/Reading", "r": "user/-/label/Elsewhere"]
      ])
    #expect(server.feeds.withLock { $0["feed/1"]?.folder } == "Reading")
    #expect(try folders() == ["http://127.0.0.1:9/a.xml": "Reading"])
    #expect(try await syncer.sync().moved == 0)
  }

  @Test("moved to one folder on both sides: agreed, nothing sent")
  func sameMoveBothSides() async throws {
    defer { stop() }
    _ = server.add("http://127.0.0.1:9/a.xml", folder: "Tech")
    _ = try await syncer.sync()
    let id = try #require(try store.subscriptions().feeds.first?.id)
    try store.move(id, to: "News")
    server.feeds.withLock { $0["feed/1"]?.folder = "News" }
    #expect(try await syncer.sync().moved == 0)
    #expect(server.edits.withLock { $0 }.isEmpty)
    #expect(try folders() == ["http://127.0.0.1:9/a.xml": "News"])
    // Agreed: a move there afterwards comes here.
    server.feeds.withLock { $0["feed/1"]?.folder = "Later" }
    #expect(try await syncer.sync().moved == 1)
    #expect(try folders() == ["http://127.0.0.1:9/a.xml": "Later"])
  }

  @Test("out of its folder here: r= alone; the server's default folder then comes back")
  func noFolder() async throws {
    defer { stop() }
    _ = server.add("http://127.0.0.1:9/a.xml", folder: "Tech")
    _ = try await syncer.sync()
    let id = try #require(try store.subscriptions().feeds.first?.id)
    try store.move(id, to: nil)
    _ = try await syncer.sync()
    #expect(
      server.edits.withLock { $0 } == [["ac": "edit", "s": "feed/1", "r": "user/-/label/Tech"]])
    // The server filed it in its default folder: shown here from the next sync on,
    // which is no move of anyone's.
    let report = try await syncer.sync()
    #expect(report.moved == 0)
    #expect(try folders() == ["http://127.0.0.1:9/a.xml": "Uncategorized"])
    #expect(server.edits.withLock { $0.count } == 1)
  }

  @Test("first sync, one feed on both sides: a folder given here wins, none takes the server's")
  func firstSyncLinks() async throws {
    defer { stop() }
    _ = server.add("http://127.0.0.1:9/mine.xml", folder: "Theirs")
    _ = server.add("http://127.0.0.1:9/plain.xml", folder: "Theirs")
    _ = try store.add(URL(string: "http://127.0.0.1:9/mine.xml")!, folder: "Mine")
    _ = try store.add(URL(string: "http://127.0.0.1:9/plain.xml")!)
    let report = try await syncer.sync()
    #expect(report.addedHere.isEmpty && report.subscribedThere.isEmpty)
    #expect(
      try folders() == [
        "http://127.0.0.1:9/mine.xml": "Mine", "http://127.0.0.1:9/plain.xml": "Theirs",
      ])
    #expect(
      server.edits.withLock { $0 } == [
        ["ac": "edit", "s": "feed/1", "a": "user/-/label/Mine", "r": "user/-/label/Theirs"]
      ])
    #expect(server.feeds.withLock { $0["feed/1"]?.folder } == "Mine")
  }

  @Test("a folder name feed cannot keep comes as no folder, and the list stays readable")
  func refusedServerFolder() async throws {
    defer { stop() }
    _ = server.add("http://127.0.0.1:9/a.xml", folder: String(repeating: "x", count: 150))
    _ = try await syncer.sync()
    #expect(try folders() == ["http://127.0.0.1:9/a.xml": nil])
  }

  @Test("a sync state written before folders reads with no folder agreed")
  func oldState() throws {
    let json = #"{"localID":"3","url":"https://example.com/feed","title":"News"}"#
    let feed = try JSONDecoder().decode(SyncedFeed.self, from: Data(json.utf8))
    #expect(
      feed == SyncedFeed(localID: "3", url: URL(string: "https://example.com/feed")!, title: "News")
    )
    #expect(feed.folder == nil)
  }
}
