import Core
import CoreTesting
import Foundation
import Testing

@Suite("Sync engine: interrupted anywhere, the next sync converges")
struct SyncInterruptionTests {
  /// A synced collection of a, b, c, d; then a edited, e added, b deleted here, and c
  /// edited, f added, d deleted on the server.
  static func scenario() async throws -> (InMemorySyncRemote, SyncSide) {
    let remote = InMemorySyncRemote()
    let side = SyncSide(remote: remote)
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

  @Test("a request that fails, before or after it took effect, at every index")
  func everyRequest() async throws {
    // An uninterrupted run's length bounds the loop.
    let (plainRemote, plainSide) = try await Self.scenario()
    let start = plainRemote.requestCount
    _ = try await plainSide.sync()
    let length = plainRemote.requestCount - start
    #expect(length == 5, "REPORT, MULTIGET, PUT, PUT, DELETE")
    try await Self.assertConverged(plainRemote, plainSide, "uninterrupted")

    for afterEffect in [false, true] {
      for index in 1...length {
        let (remote, side) = try await Self.scenario()
        remote.failRequest(remote.requestCount + index, afterEffect: afterEffect)
        await #expect(throws: InMemorySyncRemote.InjectedFailure.self) { _ = try await side.sync() }
        _ = try await side.sync()
        try await Self.assertConverged(
          remote, side, "request \(index), after effect \(afterEffect)")
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

  @Test("a sync-state write that fails (a full disk), at every write")
  func stateWriteFails() async throws {
    for index in 1...12 {
      let (remote, side) = try await Self.scenario()
      side.stateStore.failingWrite = index
      do { _ = try await side.sync() } catch {}
      side.stateStore.failingWrite = nil
      _ = try await side.sync()
      try await Self.assertConverged(remote, side, "state write \(index)")
    }
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
