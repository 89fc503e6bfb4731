import Core
import CoreTesting
import Foundation
import Testing

@Suite("Sync engine against the in-memory remote")
struct SyncEngineTests {
  @Test("a first sync uploads local items and downloads remote ones, matching equal ones")
  func firstSync() async throws {
    let remote = InMemorySyncRemote()
    remote.put(remoteBody(uid: "r1", ["title": "from server"]), at: "/user/tasks/r1.ics")
    remote.put(remoteBody(uid: "r2", ["title": "on both"]), at: "/user/tasks/r2.ics")
    let side = SyncSide(remote: remote)
    side.local.add(["title": "from here"])
    let both = side.local.add(["title": "on both"])

    let result = try await side.sync()
    #expect(result.description == "sent 1, received 1, merged 0, deleted 0")
    #expect(sorted(side.local.records) == sorted(try remoteRecords(remote)))
    #expect(side.local.items.count == 3)
    #expect(remote.items.count == 3)
    #expect(side.local.items[both]?.record == ["title": "on both"], "the local id stays")

    let before = remote.requestCount
    let again = try await side.sync()
    #expect(again.description == "sent 0, received 0, merged 0, deleted 0")
    #expect(remote.requestCount - before == 1, "nothing changed: one request")
  }

  @Test("edits on each side travel; a field changed on both takes the newer and is reported")
  func edits() async throws {
    let remote = InMemorySyncRemote()
    let side = SyncSide(remote: remote)
    let id = side.local.add(["title": "a", "note": "n"])
    let other = side.local.add(["title": "b"])
    _ = try await side.sync()
    let href = try #require(remote.items.first { $0.value.body.contains("X-FIELD-TITLE:a") }?.key)
    let hrefB = try #require(remote.items.first { $0.value.body.contains("X-FIELD-TITLE:b") }?.key)
    let uid = try #require(
      try TestAdapter(local: side.local).remoteRecord(from: remote.items[href]!.body)?.uid)
    let uidB = try #require(
      try TestAdapter(local: side.local).remoteRecord(from: remote.items[hrefB]!.body)?.uid)

    // Same field on both: the server's edit is newer (2030) than the local one (1970 + n).
    side.local.edit(id, "title", "local title")
    side.local.edit(id, "note", "local note")
    remote.put(
      remoteBody(
        uid: uid, ["title": "server title", "note": "n"], modified: "20300101T000000Z",
        extra: ["X-KEEP:me"]),
      at: href)
    // Different fields on each side of another item.
    side.local.edit(other, "note", "local")
    remote.put(remoteBody(uid: uidB, ["title": "b2"]), at: hrefB)

    let result = try await side.sync()
    #expect(result.merged == 2)
    #expect(result.conflicts.count == 1)
    let conflict = try #require(result.conflicts.first)
    #expect(conflict.field == "title")
    #expect(conflict.kept == "server title")
    #expect(conflict.replaced == "local title")
    #expect(side.local.items[id]?.record == ["title": "server title", "note": "local note"])
    #expect(side.local.items[other]?.record == ["title": "b2", "note": "local"])
    #expect(sorted(side.local.records) == sorted(try remoteRecords(remote)))
    #expect(remote.items[href]?.body.contains("X-KEEP:me") == true, "unknown content survives")
  }

  @Test("deletes travel both ways; a change beats a delete")
  func deletes() async throws {
    let remote = InMemorySyncRemote()
    let side = SyncSide(remote: remote)
    let gone = side.local.add(["title": "deleted here"])
    let goneThere = side.local.add(["title": "deleted there"])
    let keptHere = side.local.add(["title": "changed here then deleted there"])
    let keptThere = side.local.add(["title": "deleted here then changed there"])
    _ = try await side.sync()
    func href(_ title: String) -> String {
      remote.items.first { $0.value.body.contains("X-FIELD-TITLE:\(title)") }!.key
    }
    let uid = try TestAdapter(local: side.local).remoteRecord(
      from: remote.items[href("deleted here then changed there")]!.body)!.uid
    side.local.remove(gone)
    remote.remove(at: href("deleted there"))
    side.local.edit(keptHere, "note", "still wanted")
    remote.remove(at: href("changed here then deleted there"))
    remote.put(
      remoteBody(uid: uid, ["title": "deleted here then changed there", "note": "x"]),
      at: href("deleted here then changed there"))
    side.local.remove(keptThere)

    let result = try await side.sync()
    #expect(result.deleted == 2)
    #expect(side.local.items[goneThere] == nil)
    #expect(side.local.items[keptHere]?.record["note"] == "still wanted")
    #expect(
      side.local.items[keptThere]?.record == [
        "title": "deleted here then changed there", "note": "x",
      ], "brought back with its id")
    #expect(sorted(side.local.records) == sorted(try remoteRecords(remote)))
    #expect(side.local.items.count == 2)
  }

  @Test("a 412 on a write is fetched and merged again in the same sync")
  func preconditionFailed() async throws {
    let remote = InMemorySyncRemote()
    let side = SyncSide(remote: remote)
    let id = side.local.add(["title": "a"])
    _ = try await side.sync()
    let href = try #require(remote.items.keys.first)
    let uid = try #require(
      try TestAdapter(local: side.local).remoteRecord(from: remote.items[href]!.body)?.uid)
    side.local.edit(id, "title", "mine")
    // The server refuses the first PUT as if another client had just written the item.
    remote.answerPreconditionFailed(at: href)
    let result = try await side.sync()
    #expect(result.retryNextTime == 0)
    #expect(side.local.items[id]?.record == ["title": "mine"])
    _ = uid
    #expect(sorted(try remoteRecords(remote)) == [["title": "mine"]])
    #expect(
      remote.requestLog.filter { $0.hasPrefix("PUT") }.count == 3,
      "first upload, the 412, the retry")
  }

  @Test("a local change the server did not touch goes out while its change is written here")
  func earlyWrite() async throws {
    let remote = InMemorySyncRemote()
    remote.listsBodies = true
    let side = SyncSide(remote: remote)
    let mine = side.local.add(["title": "mine"])
    side.local.add(["title": "theirs"])
    _ = try await side.sync()
    let theirs = try #require(
      remote.items.first { $0.value.body.contains("X-FIELD-TITLE:theirs") }?.key)
    let uid = try #require(
      try TestAdapter(local: side.local).remoteRecord(from: remote.items[theirs]!.body)?.uid)
    side.local.edit(mine, "title", "mine, edited")
    remote.put(remoteBody(uid: uid, ["title": "theirs, edited"]), at: theirs)

    // The local write waits for the PUT to reach the server: it does only if the PUT was
    // sent without waiting for that write.
    let arrived = DispatchSemaphore(value: 0)
    let sawPUT = Locked<Bool?>(nil)
    side.local.onWrite = {
      sawPUT.withLock { $0 = arrived.wait(timeout: .now() + 60) == .success }
    }
    let engine = SyncEngine(
      remote: SignallingRemote(inner: remote) { if $0 == "PUT" { arrived.signal() } },
      adapter: TestAdapter(local: side.local), state: SyncStateStore(store: side.stateStore))
    let result = try await engine.sync()
    #expect(sawPUT.withLock { $0 } == true, "the PUT reached the server during the local write")
    #expect(result.description == "sent 1, received 1, merged 0, deleted 0")
    #expect(result.requests == 2)
    #expect(sorted(side.local.records) == sorted(try remoteRecords(remote)))
    #expect(sorted(side.local.records) == [["title": "mine, edited"], ["title": "theirs, edited"]])

    // Its outcome was recorded: the next sync has nothing to send.
    side.local.onWrite = nil
    let before = remote.requestCount
    #expect(try await engine.sync().description == "sent 0, received 0, merged 0, deleted 0")
    #expect(remote.requestCount - before == 1)
  }

  @Test("a write answered without an ETag is fetched at the next sync, then quiet")
  func droppedETag() async throws {
    let remote = InMemorySyncRemote()
    remote.dropsETags = true
    remote.weakETags = true
    let side = SyncSide(remote: remote)
    let id = side.local.add(["title": "a"])
    _ = try await side.sync()
    remote.dropsETags = false
    let before = remote.requestLog.count
    let second = try await side.sync()
    #expect(second.description == "sent 0, received 0, merged 0, deleted 0")
    #expect(remote.requestLog[before...].contains { $0.hasPrefix("MULTIGET") })
    side.local.edit(id, "title", "b")
    let third = try await side.sync()
    #expect(third.sent == 1, "the weak ETag learnt is sent back exactly")
    let quiet = remote.requestLog.count
    _ = try await side.sync()
    #expect(remote.requestLog.count - quiet == 1)
  }

  @Test("a refused token falls back to a full listing, which also finds deletions")
  func invalidToken() async throws {
    let remote = InMemorySyncRemote()
    let side = SyncSide(remote: remote)
    side.local.add(["title": "a"])
    side.local.add(["title": "b"])
    _ = try await side.sync()
    remote.remove(at: remote.items.first { $0.value.body.contains("TITLE:a") }!.key)
    remote.invalidateTokens()
    let result = try await side.sync()
    #expect(result.deleted == 1)
    #expect(side.local.records == [["title": "b"]])
  }

  @Test("an item that is not the app's (a VEVENT) is left alone and fetched once")
  func foreignItem() async throws {
    let remote = InMemorySyncRemote()
    let event = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    remote.put(event, at: "/user/tasks/e.ics")
    let side = SyncSide(remote: remote)
    side.local.add(["title": "a"])
    _ = try await side.sync()
    #expect(side.local.items.count == 1)
    #expect(remote.items["/user/tasks/e.ics"]?.body == event)
    remote.invalidateTokens()
    let before = remote.requestLog.count
    _ = try await side.sync()
    #expect(!remote.requestLog[before...].contains { $0.hasPrefix("MULTIGET") })
  }

  @Test("a dry run reports the same result and writes nothing anywhere")
  func dryRun() async throws {
    let remote = InMemorySyncRemote()
    remote.put(remoteBody(uid: "r1", ["title": "from server"]), at: "/user/tasks/r1.ics")
    let side = SyncSide(remote: remote)
    side.local.add(["title": "from here"])
    let remoteBefore = remote.items
    let localBefore = side.local.items
    let dry = try await side.sync(dryRun: true)
    #expect(dry.isDryRun)
    #expect(remote.items == remoteBefore)
    #expect(side.local.items == localBefore)
    #expect(try side.stateStore.keys().isEmpty)
    #expect(remote.requestLog.allSatisfy { $0.hasPrefix("REPORT") || $0.hasPrefix("MULTIGET") })
    var real = try await side.sync()
    real.isDryRun = true
    real.requests = dry.requests
    #expect(real == dry)
  }

  @Test("with a local version, a sync after a quiet one reads nothing when nothing changed")
  func quietSync() async throws {
    let remote = InMemorySyncRemote()
    remote.listsBodies = true
    let side = SyncSide(remote: remote)
    side.local.hasVersion = true
    side.local.add(["title": "a"])
    _ = try await side.sync()  // uploads a
    _ = try await side.sync()  // quiet: remembers the local version
    var reads = side.local.readCount
    var writes = side.stateStore.writeCount
    let quiet = try await side.sync()
    #expect(quiet.description == "sent 0, received 0, merged 0, deleted 0")
    #expect(quiet.requests == 1)
    #expect(side.local.readCount == reads, "the items are not read")
    #expect(side.stateStore.writeCount == writes + 1, "the head alone")

    // A change here, then one on the server: each is seen, then quiet again.
    side.local.edit(try #require(side.local.id(titled: "a")), "title", "a2")
    #expect(try await side.sync().sent == 1)
    let href = try #require(remote.items.keys.first)
    let uid = try #require(
      try TestAdapter(local: MemoryLocal()).remoteRecord(from: remote.items[href]!.body)
    ).uid
    remote.put(remoteBody(uid: uid, ["title": "a3"]), at: href)
    #expect(try await side.sync().received == 1)
    #expect(side.local.records == [["title": "a3"]])
    _ = try await side.sync()
    reads = side.local.readCount
    writes = side.stateStore.writeCount
    #expect(try await side.sync().requests == 1)
    #expect(side.local.readCount == reads)

    // Another process edits the list right after a sync read it (a sync that reads
    // the items since the last one wrote locally, and finds nothing to do): the next
    // sync is not taken for quiet, and sends the edit.
    remote.put(remoteBody(uid: uid, ["title": "a4"]), at: href)
    #expect(try await side.sync().received == 1)
    let local = side.local
    let id = try #require(local.id(titled: "a4"))
    let edited = Locked(false)
    local.onRead = {
      guard !edited.withLock({ $0 }) else { return }
      edited.withLock { $0 = true }
      local.edit(id, "note", "typed meanwhile")
    }
    #expect(try await side.sync().description == "sent 0, received 0, merged 0, deleted 0")
    local.onRead = nil
    #expect(try await side.sync().sent == 1)
    #expect(try remoteRecords(remote) == [["title": "a4", "note": "typed meanwhile"]])
  }

  @Test("another writer's edit during a sync survives the sync's local write, and goes out next")
  func concurrentLocalWriter() async throws {
    let remote = InMemorySyncRemote()
    let side = SyncSide(remote: remote)
    let kept = side.local.add(["title": "a"])
    let doomed = side.local.add(["title": "b"])
    _ = try await side.sync()
    let adapter = TestAdapter(local: side.local)
    func href(_ title: String) throws -> String {
      try #require(remote.items.first { $0.value.body.contains("X-FIELD-TITLE:\(title)\r\n") }).key
    }
    let hrefA = try href("a")
    let uid = try #require(try adapter.remoteRecord(from: remote.items[hrefA]!.body)).uid
    // The server retitles a and deletes b.
    remote.put(remoteBody(uid: uid, ["title": "a2"]), at: hrefA)
    remote.remove(at: try href("b"))
    // Right after the sync reads the list, another process notes on a and edits b.
    let local = side.local
    let edited = Locked(false)
    local.onRead = {
      guard !edited.withLock({ $0 }) else { return }
      edited.withLock { $0 = true }
      local.edit(kept, "note", "typed meanwhile")
      local.edit(doomed, "note", "still needed")
    }
    _ = try await side.sync()
    local.onRead = nil
    #expect(local.items[kept]?.record == ["title": "a2", "note": "typed meanwhile"])
    #expect(local.items[doomed]?.record == ["title": "b", "note": "still needed"])
    let next = try await side.sync()
    #expect(next.sent == 2)
    let expected: [SyncRecord] = [
      ["title": "a2", "note": "typed meanwhile"], ["title": "b", "note": "still needed"],
    ]
    #expect(sorted(try remoteRecords(remote)) == sorted(expected))
    #expect(sorted(local.records) == sorted(expected))
    #expect(try await side.sync().description == "sent 0, received 0, merged 0, deleted 0")
  }

  @Test("rebased: a field another writer changed keeps its value; the rest take the sync's")
  func rebased() {
    #expect(
      SyncLocalChange.rebased(
        ["title": "b", "due": "x"], onto: ["title": "c", "note": "n"], was: ["title": "a"])
        == ["title": "c", "due": "x", "note": "n"])
    #expect(
      SyncLocalChange.rebased(
        ["title": "b"], onto: ["title": "a", "note": "n"], was: ["title": "a", "note": "n"])
        == ["title": "b"])
  }
}

/// A remote that tells `onRequest` each request's method (`PUT`, `DELETE`, `REPORT`)
/// as it reaches `inner`.
private struct SignallingRemote: SyncRemote {
  let inner: InMemorySyncRemote
  let onRequest: @Sendable (String) -> Void

  func changes(since token: String?) async throws -> RemoteChanges {
    onRequest("REPORT")
    return try await inner.changes(since: token)
  }

  func fetch(_ hrefs: [String]) async throws -> [RemoteItem] {
    onRequest("REPORT")
    return try await inner.fetch(hrefs)
  }

  func create(_ body: String, at href: String) async throws -> String? {
    onRequest("PUT")
    return try await inner.create(body, at: href)
  }

  func replace(_ body: String, at href: String, ifMatch etag: String) async throws -> String? {
    onRequest("PUT")
    return try await inner.replace(body, at: href, ifMatch: etag)
  }

  func delete(at href: String, ifMatch etag: String) async throws {
    onRequest("DELETE")
    try await inner.delete(at: href, ifMatch: etag)
  }

  func href(forNewItemNamed name: String) -> String { inner.href(forNewItemNamed: name) }
}
