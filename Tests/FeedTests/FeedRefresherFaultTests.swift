import BlueprintFeedModel
import Core
import CoreTesting
import Foundation
import Testing

/// A store that counts the writes that change each key, and can refuse every write or
/// the reads of one key.
final class CountingStore: KeyValueStore {
  let base = InMemoryKeyValueStore()
  private let state = LockedValue(
    (writes: [String: Int](), failing: false, unreadable: String?.none))

  struct DiskFull: Error, CustomStringConvertible {
    var description: String { "No space left on device" }
  }

  var writes: [String: Int] { state.withLock { $0.writes } }
  func failWrites(_ failing: Bool) { state.withLock { $0.failing = failing } }
  func failReads(of key: String) { state.withLock { $0.unreadable = key } }

  private func noteWrite(_ key: String) throws {
    try state.withLock { state in
      if state.failing {
        throw PersistenceError.cannotWrite(key: key, path: "memory:\(key)", underlying: DiskFull())
      }
      state.writes[key, default: 0] += 1
    }
  }

  func data(forKey key: String) throws -> Data? {
    if state.withLock({ $0.unreadable == key }) {
      throw PersistenceError.cannotRead(
        key: key, path: "memory:\(key)", underlying: CocoaError(.fileReadNoPermission))
    }
    return try base.data(forKey: key)
  }
  func setData(_ data: Data, forKey key: String) throws {
    try noteWrite(key)
    try base.setData(data, forKey: key)
  }
  func removeValue(forKey key: String) throws { try base.removeValue(forKey: key) }
  func keys() throws -> [String] { try base.keys() }
  func location(forKey key: String) -> String { base.location(forKey: key) }
  func dataChanges(forKey key: String) -> AsyncStream<Data?> { base.dataChanges(forKey: key) }
  func updateData<Result>(forKey key: String, _ body: (inout Data?) throws -> Result) throws
    -> Result
  {
    try base.updateData(forKey: key) { data in
      let old = data
      let result = try body(&data)
      if data != old { try noteWrite(key) }
      return result
    }
  }
}

/// Deadlines, back-off and faults while refreshing.
@Suite("Refreshing: deadlines, back-off and faults", .timeLimit(.minutes(10)))
struct FeedRefresherFaultTests {
  let counting = CountingStore()
  var store: FeedStore { FeedStore(store: counting) }

  @Test("a 304 that changes nothing rewrites no record; the check time is still shown")
  func notModifiedWritesNoRecord() async throws {
    let server = try LoopbackServer(replies: [
      .text(FeedSamples.rss(count: 2), headers: ["ETag": "\"v1\""]), .status(304), .status(304),
    ])
    defer { server.stop() }
    let feed = try store.add(server.url("/feed.xml"))
    try await FeedSamples.refresher(store).refresh([feed])
    #expect(counting.writes["feed-1"] == 1)

    let later = FeedSamples.now.addingTimeInterval(60)
    let second = try await FeedSamples.refresher(store, at: later).refresh([feed])
    #expect(second.map(\.outcome) == [.notModified])
    #expect(counting.writes["feed-1"] == 1)  // no rewrite of the record
    #expect(counting.writes["checked"] == 1)  // one small write for the whole refresh
    #expect(try store.feeds()[0].record.lastFetched == later)
    #expect(try store.feeds()[0].record.items.count == 2)
  }

  @Test("a 304 after a failure clears the error in the record")
  func notModifiedAfterFailure() async throws {
    let server = try LoopbackServer(replies: [
      .text(FeedSamples.rss(count: 1), headers: ["ETag": "\"v1\""]), .status(404), .status(304),
    ])
    defer { server.stop() }
    let feed = try store.add(server.url("/feed.xml"))
    let refresher = FeedRefresher(
      store: store, fetcher: FeedFetcher(client: FeedSamples.client()),
      now: { FeedSamples.now })
    try await refresher.refresh([feed])
    #expect(try await refresher.refresh([feed])[0].isFailure)
    #expect(try store.record(feed.id).lastError != nil)
    #expect(try await refresher.refresh([feed]).map(\.outcome) == [.notModified])
    #expect(try store.record(feed.id).lastError == nil)
  }

  @Test(
    "Retry-After is capped at a day; a 429 or 503 without one backs off by the default",
    arguments: [
      (429, "99999999999", FeedRefresher.maximumRetryAfter),
      (503, "86401", FeedRefresher.maximumRetryAfter),
      (503, "120", Duration.seconds(120)),
      (429, nil, FeedRefresher.defaultBackoff),
      (503, nil, FeedRefresher.defaultBackoff),
    ] as [(Int, String?, Duration)])
  func backoff(status: Int, retryAfter: String?, wait: Duration) async throws {
    let headers: HTTPHeaders = retryAfter.map { ["Retry-After": $0] } ?? [:]
    let server = try LoopbackServer(replies: [
      .text("busy", status: status, headers: headers), .text(FeedSamples.rss(count: 1)),
    ])
    defer { server.stop() }
    let feed = try store.add(server.url("/feed.xml"))
    #expect(try await FeedSamples.refresher(store).refresh([feed])[0].isFailure)
    let until = FeedSamples.now.addingTimeInterval(TimeInterval(wait.components.seconds))
    #expect(try store.record(feed.id).retryNotBefore == until)
    // A later run (another process) still waits.
    let later = FeedSamples.refresher(store, at: FeedSamples.now.addingTimeInterval(60))
    #expect(try await later.refresh([feed]).map(\.outcome) == [.skipped(until: until)])
    #expect(server.requests.count == 1)
  }

  @Test("--force fetches a feed whose server asked to wait")
  func force() async throws {
    let server = try LoopbackServer(replies: [
      .text("busy", status: 503, headers: ["Retry-After": "3600"]),
      .text(FeedSamples.rss(count: 1)),
    ])
    defer { server.stop() }
    let feed = try store.add(server.url("/feed.xml"))
    try await FeedSamples.refresher(store).refresh([feed])
    let forced = try await FeedSamples.refresher(store).refresh([feed], force: true)
    #expect(forced.map(\.outcome) == [.updated(new: 1, total: 1)])
    #expect(try store.record(feed.id).retryNotBefore == nil)
  }

  @Test("a feed sending a byte at a time is stopped at its own deadline; the transfer is closed")
  func feedDeadline() async throws {
    let server = try LoopbackServer(routes: [
      "/stalled.xml": .text(FeedSamples.rss(count: 50)).slow(pieces: 1, every: .milliseconds(100))
    ])
    defer { server.stop() }
    let clock = ManualClock()
    let feed = try store.add(server.url("/stalled.xml"))
    let refresher = FeedRefresher(
      store: store, fetcher: FeedFetcher(client: FeedSamples.client()),
      deadline: .seconds(600), feedDeadline: .seconds(20), now: { FeedSamples.now },
      clock: clock)
    let task = Task { try await refresher.refresh([feed]) }
    await server.waitForRequests(1)
    await clock.waitForSleepers(2)  // the refresh's deadline and the feed's
    clock.advance(by: .seconds(20))
    let results = try await task.value
    guard case .failed(let message) = results[0].outcome else {
      Issue.record("expected a failure, got \(results[0].outcome)")
      return
    }
    #expect(message.contains("longer than 20 s"))
    #expect(try store.record(feed.id).lastError == message)
    #expect(await server.waitForClientClose(timeout: .seconds(30)) != nil)
  }

  @Test("a host that did not answer in time is not asked for its other feeds")
  func silentHost() async throws {
    let server = try LoopbackServer(routes: [
      "/fast.xml": .text(FeedSamples.rss(count: 2)),
      "/stalled1.xml": .text(FeedSamples.rss(count: 1)).delayed(.seconds(600)),
      "/stalled2.xml": .text(FeedSamples.rss(count: 1)).delayed(.seconds(600)),
      "/stalled3.xml": .text(FeedSamples.rss(count: 1)).delayed(.seconds(600)),
    ])
    defer { server.stop() }
    let clock = ManualClock()
    var feeds: [Subscription] = []
    for name in ["stalled1", "stalled2", "stalled3"] {
      feeds.append(try store.add(server.url("/\(name).xml")))
    }
    // The same server under another name: another host, which answers.
    let other = try #require(URL(string: "http://localhost:\(server.port)/fast.xml"))
    feeds.append(try store.add(other))
    // Another port of the same host: another server, which answers too.
    let neighbour = try LoopbackServer(routes: ["/fast.xml": .text(FeedSamples.rss(count: 3))])
    defer { neighbour.stop() }
    feeds.append(try store.add(neighbour.url("/fast.xml")))
    let refresher = FeedRefresher(
      store: store, fetcher: FeedFetcher(client: FeedSamples.client()),
      deadline: .seconds(600), feedDeadline: .seconds(20), now: { FeedSamples.now },
      clock: clock)
    let task = Task { [feeds] in try await refresher.refresh(feeds) }
    await server.waitForRequests(2)  // a stalled feed (whichever went first) and the other host's
    await neighbour.waitForRequests(1)
    // The answering feeds are saved before the clock moves: one still reading its answer
    // would be stopped by its own 20 s deadline too (seen on a loaded machine).
    let store = store
    await waitUntil("the answering feeds are saved") {
      [feeds[3].id, feeds[4].id].allSatisfy { (try? store.record($0).lastFetched) != nil }
    }
    await clock.waitForSleepers(2)  // the refresh's deadline and the stalled feed's
    clock.advance(by: .seconds(20))
    let results = try await task.value
    // One server takes one fetch at a time: any of the three stalled feeds may go first.
    let stopped = "the fetch took longer than 20 s (--feed-timeout) and was stopped"
    let first = try #require((0..<3).first { results[$0].outcome == .failed(stopped) })
    let notAsked =
      "not fetched: 127.0.0.1:\(server.port) did not answer feed \(feeds[first].id) in time "
      + "during this refresh"
    for index in (0..<3) where index != first {
      #expect(results[index].outcome == .failed(notAsked))
      #expect(try store.record(feeds[index].id).lastError == notAsked)
    }
    #expect(results[3].outcome == .updated(new: 2, total: 2))
    #expect(results[4].outcome == .updated(new: 3, total: 3))
    #expect(server.requests.map(\.path).sorted() == ["/fast.xml", "/stalled\(first + 1).xml"])
  }

  @Test("the refresh's deadline stops the feeds still running; finished ones are saved")
  func refreshDeadline() async throws {
    // Two servers: a server takes one fetch at a time, so on one the stalled feed could
    // take it first and the fast one would never start.
    let server = try LoopbackServer(routes: ["/fast.xml": .text(FeedSamples.rss(count: 3))])
    let stalledServer = try LoopbackServer(routes: [
      "/stalled.xml": .text(FeedSamples.rss(count: 1)).delayed(.seconds(600))
    ])
    defer {
      server.stop()
      stalledServer.stop()
    }
    let clock = ManualClock()
    let fast = try store.add(server.url("/fast.xml"))
    let stalled = try store.add(stalledServer.url("/stalled.xml"))
    let refresher = FeedRefresher(
      store: store, fetcher: FeedFetcher(client: FeedSamples.client()),
      deadline: .seconds(30), feedDeadline: .seconds(600), now: { FeedSamples.now },
      clock: clock)
    let (finished, continuation) = AsyncStream.makeStream(of: String.self)
    let task = Task {
      try await refresher.refresh([fast, stalled]) { result in continuation.yield(result.feedID) }
    }
    var iterator = finished.makeAsyncIterator()
    #expect(await iterator.next() == fast.id)
    await stalledServer.waitForRequests(1)
    await clock.waitForSleepers(2)  // the refresh's deadline and the stalled feed's
    clock.advance(by: .seconds(30))
    let results = try await task.value
    #expect(results[0].outcome == .updated(new: 3, total: 3))
    #expect(results[1].isFailure)
    #expect(
      results[1].outcome
        == .failed("the refresh's deadline (--timeout) passed before this feed finished"))
    #expect(try store.record(fast.id).items.count == 3)
  }

  @Test("a feed removed while its refresh runs leaves no orphan record")
  func removedDuringRefresh() async throws {
    let server = try LoopbackServer(routes: [
      "/slow.xml": .text(FeedSamples.rss(count: 1)).delayed(.seconds(2))
    ])
    defer { server.stop() }
    let feed = try store.add(server.url("/slow.xml"))
    let task = Task { try await FeedSamples.refresher(store).refresh([feed]) }
    await server.waitForRequests(1)
    try store.remove(feed.id)
    _ = try await task.value
    #expect(try counting.data(forKey: FeedStore.recordKey(feed.id)) == nil)
    #expect(try counting.keys().filter { $0.hasPrefix("feed-") }.isEmpty)
  }

  @Test("a new feed never inherits a record left behind")
  func leftoverRecord() throws {
    try store.updateRecord("1") { $0.title = "left behind" }
    let feed = try store.add(URL(string: "https://a.example/feed")!)
    #expect(feed.id == "2")
    #expect(try store.record(feed.id).title == nil)
  }

  @Test("a store that cannot write: every result says the save failed")
  func diskFull() async throws {
    let server = try LoopbackServer(routes: ["/a.xml": .text(FeedSamples.rss(count: 1))])
    defer { server.stop() }
    let feed = try store.add(server.url("/a.xml"))
    counting.failWrites(true)
    let results = try await FeedSamples.refresher(store).refresh([feed])
    #expect(results[0].saveFailed)
    #expect(results[0].isFailure)
  }

  @Test("a record that cannot be read fails that feed alone; the others are fetched")
  func unreadableRecord() async throws {
    let server = try LoopbackServer(routes: [
      "/a.xml": .text(FeedSamples.rss(count: 1)), "/b.xml": .text(FeedSamples.rss(count: 2)),
    ])
    defer { server.stop() }
    let first = try store.add(server.url("/a.xml"))
    let second = try store.add(server.url("/b.xml"))
    counting.failReads(of: FeedStore.recordKey(first.id))
    let results = try await FeedSamples.refresher(store).refresh([first, second])
    #expect(results[0].saveFailed)
    guard case .failed(let message) = results[0].outcome else {
      Issue.record("expected a failure, got \(results[0].outcome)")
      return
    }
    #expect(message.contains("memory:feed-\(first.id)"))
    #expect(results[1].outcome == .updated(new: 2, total: 2))
    #expect(server.requests.map(\.path) == ["/b.xml"])
  }

  @Test("a 304 whose check time cannot be saved is reported unsaved, not thrown")
  func diskFullOnNotModified() async throws {
    let server = try LoopbackServer(replies: [
      .text(FeedSamples.rss(count: 1), headers: ["ETag": "\"v1\""]), .status(304),
    ])
    defer { server.stop() }
    let feed = try store.add(server.url("/a.xml"))
    try await FeedSamples.refresher(store).refresh([feed])
    counting.failWrites(true)
    let results = try await FeedSamples.refresher(store).refresh([feed])
    #expect(results[0].saveFailed)
    #expect(
      results[0].outcome
        == .failed(
          "cannot write 'checked' to memory:checked: No space left on device"))
  }
}
