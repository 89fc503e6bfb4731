import Core
import CoreTesting
import Foundation
import Testing

@Suite("Sync engine: interrupted anywhere, the next sync converges")
struct SyncInterruptionTests {
  /// How a run records and lists: outcomes per durable state write (1: each one; 64:
  /// all of a run's, so an interruption loses every outcome of its run), and whether
  /// listings carry the items' content (then no fetch request).
  static let shapes: [(outcomes: Int, bodies: Bool)] = [
    (1, false), (2, false), (64, false), (1, true), (64, true),
  ]

  /// A synced collection of a, b, c, d; then a edited, e added, b deleted here, and c
  /// edited, f added, d deleted on the server.
  static func scenario(outcomes: Int = 64, bodies: Bool = false) async throws
    -> (InMemorySyncRemote, SyncSide)
  {
    let remote = InMemorySyncRemote()
    remote.listsBodies = bodies
    let side = SyncSide(remote: remote, outcomesPerStateWrite: outcomes)
    for title in ["a", "b", "c", "d"] { side.local.add(["title": title]) }
    _ = try await side.sync()
    let adapter = TestAdapter(local: side.local)
    func href(_ title: String) throws -> String {
      try #require(remote.items.first { $0.value.body.contains("X-FIELD-TITLE:\(title)\r\n") }).key
    }
    side.local.edit(try #require(side.local.id(titled: "a")), "title", "a2")
    side.local.add(["title": "e"])
    side.local.remove(try #require(side.local.id(titled: "b")))
    let c = try href("c")
    let cBody = try #require(remote.items[c]).body
    let uid = try #require(try adapter.remoteRecord(from: cBody)).uid
    remote.put(remoteBody(uid: uid, ["title": "c2"]), at: c)
    remote.put(remoteBody(uid: "f", ["title": "f"]), at: "/user/tasks/f.ics")
    remote.remove(at: try href("d"))
    return (remote, side)
  }

  static let expected: [SyncRecord] = [
    ["title": "a2"], ["title": "c2"], ["title": "e"], ["title": "f"],
  ]

  static func assertConverged(_ remote: InMemorySyncRemote, _ side: SyncSide, _ label: String)
    async throws
  {
    #expect(sorted(side.local.records) == Self.expected, "local, \(label)")
    #expect(sorted(try remoteRecords(remote)) == Self.expected, "remote, \(label)")
    let quiet = try await side.sync()
    #expect(quiet.sent == 0 && quiet.received == 0 && quiet.deleted == 0, "quiet, \(label)")
  }

  @Test(
    "a request that fails, before or after it took effect, at every index",
    arguments: shapes.indices)
  func everyRequest(shape: Int) async throws {
    let (outcomes, bodies) = Self.shapes[shape]
    // An uninterrupted run's length bounds the loop.
    let (plainRemote, plainSide) = try await Self.scenario(outcomes: outcomes, bodies: bodies)
    let start = plainRemote.requestCount
    _ = try await plainSide.sync()
    let length = plainRemote.requestCount - start
    let methods = plainRemote.requestLog.suffix(length).map { String($0.split(separator: " ")[0]) }
    #expect(
      methods.sorted()
        == ((bodies ? [] : ["MULTIGET"]) + ["DELETE", "PUT", "PUT", "REPORT"]).sorted())
    try await Self.assertConverged(plainRemote, plainSide, "uninterrupted")

    for afterEffect in [false, true] {
      for index in 1...length {
        let (remote, side) = try await Self.scenario(outcomes: outcomes, bodies: bodies)
        remote.failRequest(remote.requestCount + index, afterEffect: afterEffect)
        await #expect(throws: InMemorySyncRemote.InjectedFailure.self) { _ = try await side.sync() }
        _ = try await side.sync()
        try await Self.assertConverged(
          remote, side,
          "request \(index), after effect \(afterEffect), \(outcomes) outcomes a write, bodies \(bodies)"
        )
      }
    }
  }

  @Test("a local write that fails (a full disk) leaves the next sync to finish")
  func localWriteFails() async throws {
    let (remote, side) = try await Self.scenario()
    side.local.failingWrite = 1
    await #expect(throws: MemoryLocal.DiskFull.self) { _ = try await side.sync() }
    _ = try await side.sync()
    try await Self.assertConverged(remote, side, "after the failed local write")
  }

  @Test("a sync-state write that fails (a full disk), at every write", arguments: shapes.indices)
  func stateWriteFails(shape: Int) async throws {
    let (outcomes, bodies) = Self.shapes[shape]
    // An uninterrupted run's writes bound the loop.
    let (_, plainSide) = try await Self.scenario(outcomes: outcomes, bodies: bodies)
    let start = plainSide.stateStore.writeCount
    _ = try await plainSide.sync()
    let writes = plainSide.stateStore.writeCount - start
    // The local write's entries, e's href before its create, the 3 PUT and DELETE
    // outcomes (3 writes at 1 a write, 1 at 2, none at 64), the end's record of what
    // is left (none at 1) and the head.
    #expect(writes == 2 + [1: 3 + 0, 2: 1 + 1, 64: 0 + 1][outcomes, default: -1] + 1)

    for index in 1...writes {
      let (remote, side) = try await Self.scenario(outcomes: outcomes, bodies: bodies)
      side.stateStore.failingWrite = index
      let full = await #expect(throws: PersistenceError.self, "state write \(index)") {
        _ = try await side.sync()
      }
      #expect(full.map(FailingKeyValueStore.isDiskFull) == true, "state write \(index)")
      side.stateStore.failingWrite = nil
      _ = try await side.sync()
      try await Self.assertConverged(
        remote, side, "state write \(index), \(outcomes) outcomes a write, bodies \(bodies)")
    }
  }

  @Test(
    "a create that went through unrecorded, then an edit here: the item is adopted, not duplicated",
    arguments: [1, 64])
  func createThenEdit(outcomes: Int) async throws {
    let remote = InMemorySyncRemote()
    let side = SyncSide(remote: remote, outcomesPerStateWrite: outcomes)
    side.local.add(["title": "a"])
    _ = try await side.sync()
    let id = side.local.add(["title": "new"])
    // REPORT, then the create: it takes effect, its answer is lost.
    remote.failRequest(remote.requestCount + 2, afterEffect: true)
    await #expect(throws: InMemorySyncRemote.InjectedFailure.self) { _ = try await side.sync() }
    #expect(remote.items.count == 2)
    side.local.edit(id, "title", "new, edited")
    _ = try await side.sync()
    #expect(remote.items.count == 2)
    #expect(sorted(try remoteRecords(remote)) == [["title": "a"], ["title": "new, edited"]])
    #expect(sorted(side.local.records) == [["title": "a"], ["title": "new, edited"]])
  }

  @Test("a sync that changed nothing writes only the head; a first upload few journal records")
  func fewStateWrites() async throws {
    let remote = InMemorySyncRemote()
    let side = SyncSide(remote: remote, outcomesPerStateWrite: 4)
    for number in 1...10 { side.local.add(["title": "item \(number)"]) }
    var writes = side.stateStore.writeCount
    let first = try await side.sync()
    #expect(first.sent == 10)
    // The ten hrefs before any create; outcomes after the 4th and 8th PUT; the end's
    // snapshot (longer than the journal keeps? no: 10 + 10 changes, a record) and head.
    #expect(side.stateStore.writeCount - writes == 1 + 2 + 2)
    writes = side.stateStore.writeCount
    let quiet = try await side.sync()
    #expect(quiet.description == "sent 0, received 0, merged 0, deleted 0")
    #expect(quiet.requests == 1)
    #expect(side.stateStore.writeCount - writes == 1, "the head alone")
    #expect(try side.engine.recordedState().lastSync != nil)
  }

  @Test("a sync stopped right after its local write (state not recorded) matches, never duplicates")
  func stoppedAfterLocalWrite() async throws {
    let remote = InMemorySyncRemote()
    for title in ["x", "y"] {
      remote.put(remoteBody(uid: title, ["title": title]), at: "/user/tasks/\(title).ics")
    }
    let side = SyncSide(remote: remote)
    // Apply what the engine would, without its state: as if killed before recording.
    side.local.add(["title": "x"])
    side.local.add(["title": "y"])
    let result = try await side.sync()
    #expect(result.description == "sent 0, received 0, merged 0, deleted 0")
    #expect(side.local.items.count == 2)
    #expect(remote.items.count == 2)
  }

  @Test("two local collections through one remote converge after concurrent edits and deletes")
  func twoSides() async throws {
    let remote = InMemorySyncRemote()
    let laptop = SyncSide(remote: remote)
    let desktop = SyncSide(remote: remote)
    for title in ["one", "two", "three", "four"] { laptop.local.add(["title": title]) }
    _ = try await laptop.sync()
    _ = try await desktop.sync()
    #expect(sorted(desktop.local.records) == sorted(laptop.local.records))

    // Concurrent: both edit "one" (laptop's title later), different fields of "two",
    // laptop deletes "three" while desktop edits it, desktop deletes "four", each adds one.
    laptop.local.edit(laptop.local.id(titled: "two")!, "note", "from laptop")
    desktop.local.edit(desktop.local.id(titled: "two")!, "due", "2026-12-01")
    desktop.local.edit(desktop.local.id(titled: "one")!, "title", "one (desktop)", at: 10_000)
    laptop.local.edit(laptop.local.id(titled: "one")!, "title", "one (laptop)", at: 20_000)
    laptop.local.remove(laptop.local.id(titled: "three")!)
    desktop.local.edit(desktop.local.id(titled: "three")!, "note", "still needed")
    desktop.local.remove(desktop.local.id(titled: "four")!)
    laptop.local.add(["title": "five"])
    desktop.local.add(["title": "six"])

    let desktopSide = desktop
    let laptopSide = laptop
    _ = try await desktopSide.sync()
    let laptopResult = try await laptopSide.sync()
    _ = try await desktopSide.sync()
    #expect(laptopResult.conflicts.map(\.field) == ["title"])
    let expected: [SyncRecord] = [
      ["title": "one (laptop)"], ["title": "two", "note": "from laptop", "due": "2026-12-01"],
      ["title": "three", "note": "still needed"], ["title": "five"], ["title": "six"],
    ]
    #expect(sorted(laptop.local.records) == sorted(expected))
    #expect(sorted(desktop.local.records) == sorted(expected))
    #expect(sorted(try remoteRecords(remote)) == sorted(expected))
  }
}
