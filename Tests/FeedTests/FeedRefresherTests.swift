import BlueprintFeedModel
import Core
import CoreTesting
import Foundation
import Testing

/// The fetch engine against a real HTTP server on 127.0.0.1.
@Suite("Refreshing feeds over HTTP", .timeLimit(.minutes(10)))
struct FeedRefresherTests {
  let store = FeedStore(store: InMemoryKeyValueStore())

  @Test("a 304 keeps the cached items, sends the stored validators and counts as success")
  func notModified() async throws {
    let server = try LoopbackServer(replies: [
      .text(
        FeedSamples.rss(count: 2),
        headers: ["ETag": "\"v1\"", "Last-Modified": "Sat, 31 Oct 2026 10:00:00 GMT"]),
      .status(304),
    ])
    defer { server.stop() }
    let feed = try store.add(server.url("/feed.xml"))
    let refresher = FeedSamples.refresher(store)

    let first = try await refresher.refresh([feed])
    #expect(first.map(\.outcome) == [.updated(new: 2, total: 2)])
    try store.updateRecord(feed.id) { $0.read.insert("item-1") }

    let later = FeedSamples.refresher(store, at: FeedSamples.now.addingTimeInterval(60))
    let second = try await later.refresh([feed])
    #expect(second.map(\.outcome) == [.notModified])
    #expect(try #require(second.first).isFailure == false)

    // A failed count ends the test here: indexing past it would trap the whole run.
    let requests = server.requests
    try #require(requests.count == 2, "\(requests.map(\.target))")
    #expect(requests[0].headers["If-None-Match"] == nil)
    #expect(requests[1].headers["If-None-Match"] == "\"v1\"")
    #expect(requests[1].headers["If-Modified-Since"] == "Sat, 31 Oct 2026 10:00:00 GMT")
    #expect(requests[0].headers["User-Agent"] == "feed/test")
    let record = try store.record(feed.id)
    #expect(record.items.map(\.id) == ["item-2", "item-1"])
    #expect(record.read == ["item-1"])
    #expect(try store.feeds()[0].record.lastFetched == FeedSamples.now.addingTimeInterval(60))
  }

  @Test("Retry-After is honoured across runs: skipped until then, fetched after")
  func retryAfter() async throws {
    let server = try LoopbackServer(replies: [
      .text("slow down", status: 429, headers: ["Retry-After": "3600"]),
      .text(FeedSamples.rss(count: 1)),
    ])
    defer { server.stop() }
    let feed = try store.add(server.url("/feed.xml"))

    let first = try await FeedSamples.refresher(store).refresh([feed])
    #expect(first[0].isFailure)
    let waitUntil = FeedSamples.now.addingTimeInterval(3600)
    #expect(try store.record(feed.id).retryNotBefore == waitUntil)
    #expect(server.requests.count == 1)  // not retried within the run

    // A later run, before the time: not even asked.
    let soon = FeedSamples.refresher(store, at: FeedSamples.now.addingTimeInterval(1800))
    #expect(try await soon.refresh([feed]).map(\.outcome) == [.skipped(until: waitUntil)])
    #expect(server.requests.count == 1)

    let after = FeedSamples.refresher(store, at: waitUntil.addingTimeInterval(1))
    #expect(try await after.refresh([feed]).map(\.outcome) == [.updated(new: 1, total: 1)])
    #expect(server.requests.count == 2)
    let record = try store.record(feed.id)
    #expect(record.retryNotBefore == nil)
    #expect(record.lastError == nil)
  }

  @Test(
    "a permanent redirect updates the stored URL; a temporary one does not",
    arguments: [
      (301, true), (308, true), (302, false), (307, false),
    ])
  func redirect(status: Int, updates: Bool) async throws {
    let server = try LoopbackServer(routes: [
      "/old.xml": .status(status, headers: ["Location": "/new.xml"]),
      "/new.xml": .text(FeedSamples.rss(count: 1)),
    ])
    defer { server.stop() }
    let feed = try store.add(server.url("/old.xml"))
    let results = try await FeedSamples.refresher(store).refresh([feed])
    #expect(results.map(\.outcome) == [.updated(new: 1, total: 1)])
    let stored = try store.subscriptions().feeds[0].url
    #expect(stored == server.url(updates ? "/new.xml" : "/old.xml"))
  }

  @Test(
    "a permanent redirect's address is stored as add stores one: host in lower case, no fragment")
  func redirectCanonical() async throws {
    let server = try LoopbackServer(routes: [
      "/new.xml": .text(FeedSamples.rss(count: 1))
    ])
    defer { server.stop() }
    let mover = try LoopbackServer(routes: [
      "/old.xml": .status(
        301, headers: ["Location": "http://LOCALHOST:\(server.port)/new.xml#top"])
    ])
    defer { mover.stop() }
    let feed = try store.add(mover.url("/old.xml"))
    _ = try await FeedSamples.refresher(store).refresh([feed])
    let stored = try store.subscriptions().feeds[0].url.absoluteString
    #expect(stored == "http://localhost:\(server.port)/new.xml")
    // And the address in another case is the same feed to add.
    let again = try #require(URL(string: "HTTP://LocalHost:\(server.port)/new.xml"))
    #expect(throws: FeedStoreError.self) { try store.add(again) }
  }

  @Test("one request per host at once, measured at the server")
  func concurrencyBound() async throws {
    let inFlight = InFlight()
    let server = try LoopbackServer { request in
      let host = (request.headers["Host"] ?? "").lowercased()
      inFlight.enter(host)
      inFlight.holdUntilOverlap()  // the first request waits for a second one
      inFlight.leave(host)
      return .text(FeedSamples.rss(title: request.path, count: 1))
    }
    defer { server.stop() }
    // Two host names for the same server, most feeds on the first one.
    var feeds: [Subscription] = []
    for index in 0..<8 { feeds.append(try store.add(server.url("/a\(index).xml"))) }
    // Host names are case-insensitive: LOCALHOST and localhost share one limit.
    for index in 0..<6 {
      let name = index.isMultiple(of: 2) ? "localhost" : "LOCALHOST"
      let other = try #require(URL(string: "http://\(name):\(server.port)/b\(index).xml"))
      feeds.append(try store.add(other))
    }
    let results = try await FeedSamples.refresher(store, concurrency: 8).refresh(feeds)
    #expect(results.allSatisfy { !$0.isFailure })
    #expect(server.requests.count == 14)
    let perHost = inFlight.maximumPerHost
    #expect(perHost.count == 2)
    #expect(perHost.values.allSatisfy { $0 == 1 }, "\(perHost)")
    #expect(inFlight.maximumTotal == 2)  // requests to the two hosts really overlapped
  }

  @Test("a failing or hostile feed fails alone; the good ones are saved")
  func failingAmongGood() async throws {
    let server = try LoopbackServer(routes: [
      "/good1.xml": .text(FeedSamples.rss(count: 2)),
      "/missing.xml": .text("gone", status: 404),
      "/html": .text("<html><body>not a feed</body></html>"),
      "/bomb.xml": .text(HostileFeeds.billionLaughs),
      "/good2.xml": .text(FeedSamples.rss(count: 3)),
    ])
    defer { server.stop() }
    let feeds = try ["/good1.xml", "/missing.xml", "/html", "/bomb.xml", "/good2.xml"].map {
      try store.add(server.url($0))
    }
    let results = try await FeedSamples.refresher(store).refresh(feeds)
    #expect(results.map(\.feedID) == feeds.map(\.id))
    #expect(results.map(\.isFailure) == [false, true, true, true, false])
    #expect(try store.record(feeds[0].id).items.count == 2)
    #expect(try store.record(feeds[4].id).items.count == 3)
    #expect(try store.record(feeds[1].id).lastError?.contains("HTTP 404") == true)
    #expect(try store.record(feeds[2].id).lastError?.hasPrefix("not a feed") == true)
  }

  @Test("a body over the size cap fails that feed without reading it all")
  func sizeCap() async throws {
    let big = FeedSamples.rss(count: 1, extra: String(repeating: "<!-- padding -->", count: 10_000))
    let server = try LoopbackServer(routes: ["/big.xml": .text(big)])
    defer { server.stop() }
    let feed = try store.add(server.url("/big.xml"))
    let refresher = FeedSamples.refresher(
      store, client: FeedSamples.client(maxResponseSize: 50_000), maximumBytes: 50_000)
    let results = try await refresher.refresh([feed])
    guard case .failed(let message) = results[0].outcome else {
      Issue.record("expected a failure, got \(results[0].outcome)")
      return
    }
    #expect(message.contains("larger than"))
  }

  @Test("file URLs go through the same pipeline, with the same cap")
  func fileFeeds() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let small = folder.appending("small.xml")
    try Data(FeedSamples.rss(count: 2).utf8).write(to: small)
    let big = folder.appending("big.xml")
    try Data(FeedSamples.rss(count: 200).utf8).write(to: big)
    let feeds = [
      try store.add(small), try store.add(big), try store.add(folder.appending("none.xml")),
      try store.add(folder.url),
    ]
    let results = try await FeedSamples.refresher(store, maximumBytes: 10_000).refresh(feeds)
    #expect(results[0].outcome == .updated(new: 2, total: 2))
    #expect(results[1].outcome == .failed(FetchError.tooLarge(limit: 10_000).description))
    #expect(
      results[2].outcome
        == .failed(FetchError.fileNotFound(folder.appending("none.xml").path).description))
    #expect(
      results[3].outcome
        == .failed(
          FetchError.cannotRead(folder.url.path, reason: "it is a folder, not a feed file")
            .description))
  }

  @Test("the limiter never exceeds its bounds and serves every waiter")
  func limiter() async {
    let limiter = FetchLimiter(total: 3, perHost: 2)
    let inFlight = InFlight()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<40 {
        group.addTask {
          let host = "h\(index % 3)"
          await limiter.withPermit(for: host) {
            inFlight.enter(host)
            await Task.yield()
            inFlight.leave(host)
          }
        }
      }
    }
    #expect(inFlight.maximumPerHost.values.allSatisfy { $0 <= 2 })
    #expect(inFlight.maximumTotal <= 3)
    #expect(limiter.limit == 3)  // no ceiling: the total stays fixed
  }

  @Test("the total grows while fetches succeed and others wait, to its ceiling; failing halves it")
  func growingLimiter() async {
    let limiter = FetchLimiter(total: 2, perHost: 2, ceiling: 5)
    let inFlight = InFlight()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<40 {
        group.addTask {
          let host = "h\(index % 10)"
          await limiter.withPermit(for: host) {
            inFlight.enter(host)
            await Task.yield()
            inFlight.leave(host)
          }
        }
      }
    }
    #expect(inFlight.maximumPerHost.values.allSatisfy { $0 <= 2 })
    #expect(inFlight.maximumTotal <= 5)
    #expect(limiter.limit == 5)
    struct Refused: Error {}
    await #expect(throws: Refused.self) {
      try await limiter.withPermit(for: "h0") { throw Refused() }
    }
    #expect(limiter.limit == 2)  // 5 halved, never below the start
  }
}
