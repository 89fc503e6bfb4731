import BlueprintFeedModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// What FreshRSS will not do on demand, scripted on the loopback server: a refused write
/// token, a refused login, a continuation that ends on an empty page or never ends, an
/// item whose content changes under the same id, huge and hostile answers.
@Suite("Google Reader client (loopback)")
struct GoogleReaderLoopbackTests {
  static let credentials = SyncCredentials(user: "ada", password: "pw")

  /// A client of the API at `server`'s `/api/greader.php`.
  func client(_ server: LoopbackServer) -> GoogleReaderClient {
    GoogleReaderClient(
      base: server.url("/api/greader.php"),
      http: FeedSyncConnection(environment: [:], userAgent: "feed-tests/1").http,
      credentials: Self.credentials)
  }

  /// The requests to `path` (after the API's base).
  func requests(_ server: LoopbackServer, _ path: String) -> [LoopbackServer.Request] {
    server.requests.filter { $0.path == "/api/greader.php/" + path }
  }

  static func form(_ request: LoopbackServer.Request) -> [String] {
    String(decoding: request.body, as: UTF8.self).split(separator: "&").map(String.init)
  }

  /// Answers login, the token (`tokens` in turn) and `routes` (by path after the base).
  static func server(
    tokens: [String] = ["t1"],
    _ routes: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply?
  ) throws -> LoopbackServer {
    let handed = LockedValue(0)
    return try LoopbackServer { request in
      let path = request.path.replacingOccurrences(of: "/api/greader.php/", with: "")
      if path == "accounts/ClientLogin" { return .text("SID=x\nLSID=null\nAuth=ada/abc\n") }
      if path == "reader/api/0/token" {
        let index = handed.withLock { count -> Int in
          defer { count += 1 }
          return count
        }
        return .text(tokens[min(index, tokens.count - 1)] + "\n")
      }
      return routes(request) ?? .text("not found", status: 404)
    }
  }

  @Test("every request carries 'GoogleLogin auth=' and the login's value, never the password")
  func authHeader() async throws {
    let server = try Self.server { _ in .json(#"{"subscriptions":[]}"#) }
    defer { server.stop() }
    _ = try await client(server).subscriptions()
    let list = try #require(requests(server, "reader/api/0/subscription/list").first)
    #expect(list.headers["Authorization"] == "GoogleLogin auth=ada/abc")
    #expect(list.query?.contains("output=json") == true)
    #expect(!list.target.contains("pw"))
  }

  @Test(
    "a change refused with 401 Google-Bad-Token fetches a new write token once and goes through")
  func expiredTokenRefetched() async throws {
    let server = try Self.server(tokens: ["old", "new"]) { request in
      guard request.path.hasSuffix("edit-tag") else { return nil }
      return Self.form(request).contains("T=new")
        ? .text("OK") : .text("Unauthorized!", status: 401, headers: ["Google-Bad-Token": "true"])
    }
    defer { server.stop() }
    try await client(server).setState(GoogleReaderClient.read, true, for: [GoogleReaderItemID(7)])
    #expect(requests(server, "reader/api/0/token").count == 2)
    #expect(requests(server, "reader/api/0/edit-tag").count == 2)
  }

  @Test("a change refused again after a new token fails, after exactly one new token")
  func expiredTokenFailsOnce() async throws {
    let server = try Self.server(tokens: ["a", "b", "c"]) { request in
      request.path.hasSuffix("edit-tag")
        ? .text("Unauthorized!", status: 401, headers: ["Google-Bad-Token": "true"]) : nil
    }
    defer { server.stop() }
    let error = await #expect(throws: GoogleReaderError.self) {
      try await client(server).setState(GoogleReaderClient.read, true, for: [GoogleReaderItemID(7)])
    }
    #expect(error == .writeTokenRefused(path: "reader/api/0/edit-tag"))
    #expect(requests(server, "reader/api/0/token").count == 2)
    #expect(requests(server, "reader/api/0/edit-tag").count == 2)
  }

  @Test("a read refused with 401 logs in again once, then fails")
  func refusedLogin() async throws {
    let server = try Self.server { request in
      request.path.hasSuffix("subscription/list")
        ? .text("Unauthorized!", status: 401, headers: ["Google-Bad-Token": "true"]) : nil
    }
    defer { server.stop() }
    let error = await #expect(throws: GoogleReaderError.self) {
      _ = try await client(server).subscriptions()
    }
    #expect(error == .unauthorized(path: "reader/api/0/subscription/list"))
    #expect(requests(server, "accounts/ClientLogin").count == 2)
  }

  @Test("a wrong password is the login refused, naming the host and not the password")
  func wrongPassword() async throws {
    let server = try LoopbackServer { _ in .text("Unauthorized!", status: 401) }
    defer { server.stop() }
    let error = await #expect(throws: GoogleReaderError.self) { try await client(server).login() }
    #expect(error == .loginRefused(host: "127.0.0.1"))
    #expect(error?.description.contains("pw") == false)
  }

  @Test("ids: a continuation that ends on an empty page gives every id once")
  func emptyLastPage() async throws {
    let server = try Self.server { request in
      guard request.path.hasSuffix("stream/items/ids") else { return nil }
      if request.query?.contains("c=c1") == true {
        return .json(#"{"itemRefs":[],"continuation":"c2"}"#)
      }
      return .json(#"{"itemRefs":[{"id":"1796411311444888"},{"id":"12"}],"continuation":"c1"}"#)
    }
    defer { server.stop() }
    let ids = try await client(server).itemIDs(excluding: GoogleReaderClient.read)
    #expect(ids == [GoogleReaderItemID(1_796_411_311_444_888), GoogleReaderItemID(12)])
    #expect(requests(server, "reader/api/0/stream/items/ids").count == 2)
  }

  @Test("ids: a continuation sent again and again stops at the second time")
  func endlessContinuation() async throws {
    let server = try Self.server { request in
      request.path.hasSuffix("stream/items/ids")
        ? .json(#"{"itemRefs":[{"id":"5"}],"continuation":"same"}"#) : nil
    }
    defer { server.stop() }
    let ids = try await client(server).itemIDs()
    #expect(ids == [GoogleReaderItemID(5)])
    #expect(requests(server, "reader/api/0/stream/items/ids").count == 2)
  }

  @Test(
    "hostile answers are refused by name: not JSON, a bad item id, a body past the cap",
    arguments: ["not json", #"{"itemRefs":[{"id":"zz-not-an-id"}]}"#, "huge"])
  func hostile(answer: String) async throws {
    let huge = Data(repeating: UInt8(ascii: " "), count: FeedSyncConnection.maximumAnswer + 1)
    let server = try Self.server { request in
      guard request.path.hasSuffix("stream/items/ids") else { return nil }
      return answer == "huge" ? LoopbackServer.Reply(status: 200, body: huge) : .json(answer)
    }
    defer { server.stop() }
    await #expect(throws: (any Error).self) { _ = try await client(server).itemIDs() }
    if answer != "huge" {
      await #expect(throws: GoogleReaderError.self) { _ = try await client(server).itemIDs() }
    } else {
      let error = await #expect(throws: APIError.self) { _ = try await client(server).itemIDs() }
      #expect(error?.kind == .responseTooLarge(limit: FeedSyncConnection.maximumAnswer))
    }
  }

  @Test("an item whose content changes under the same id stays one item, its marks kept")
  func changedContent() async throws {
    let body = LockedValue("first text")
    let read = LockedValue(false)
    let server = try Self.server { request in
      let path = request.path
      if path.hasSuffix("subscription/list") {
        return .json(
          #"{"subscriptions":[{"id":"feed/1","title":"One","url":"http://127.0.0.1:9/one.xml"}]}"#)
      }
      if path.hasSuffix("stream/items/ids") {
        let starred = request.query?.contains("starred") == true
        return .json(
          starred || read.withLock({ $0 }) ? #"{"itemRefs":[]}"# : #"{"itemRefs":[{"id":"77"}]}"#)
      }
      if path.hasSuffix("stream/items/contents") {
        let text = body.withLock { $0 }
        return .json(
          #"{"items":[{"id":"tag:google.com,2005:reader/item/000000000000004d","title":"T","#
            + #""published":1793872800,"origin":{"streamId":"feed/1"},"summary":{"content":""#
            + text + #""}}]}"#)
      }
      if path.hasSuffix("edit-tag") { return .text("OK") }
      return nil
    }
    defer { server.stop() }
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FeedStore(store: FileKeyValueStore(directory: folder.appending("data")))
    let syncer = FeedSyncer(
      store: store, client: client(server),
      state: FeedSyncStateStore(account: "test", in: folder.appending("sync")))
    #expect(try await syncer.sync().newItems == 1)
    let feed = try #require(try store.subscriptions().feeds.first)
    let item = try #require(try store.record(feed.id).items.first)
    try store.updateRecord(feed.id) { $0.read.insert(item.id) }
    body.withLock { $0 = "second text" }
    let report = try await syncer.sync()
    #expect(report.newItems == 0)
    #expect(report.marksSent == 1)
    read.withLock { $0 = true }
    let record = try store.record(feed.id)
    #expect(record.items.map(\.id) == ["gr:77"])
    #expect(record.read == ["gr:77"])
    #expect(try await syncer.sync().marksReceived == 0)
    #expect(try store.record(feed.id).items.count == 1)
  }
}
