import Core
import CoreTesting
import Foundation
import Testing

@Suite("Sync engine: a create whose outcome was lost, on a server that names items itself")
struct SyncEngineLostCreateTests {
  /// How the outcome is lost: the create's answer (the request took effect, then
  /// failed), or the sync-state write that would have recorded it.
  enum Loss: CaseIterable { case answer, stateWrite }

  /// A side with `["url": "a"]` synced, then `["url": "u", "title": "t"]` added and
  /// created on the server by a sync that stopped before recording the outcome.
  static func lostCreate(_ loss: Loss) async throws -> (InMemorySyncRemote, SyncSide, String) {
    let remote = InMemorySyncRemote(assignsHrefs: true)
    let side = SyncSide(remote: remote, adapter: { KeyedTestAdapter(local: $0) })
    side.local.add(["url": "a"])
    _ = try await side.sync()
    let id = side.local.add(["url": "u", "title": "t"])
    switch loss {
    case .answer:
      // REPORT, then the create.
      remote.failRequest(remote.requestCount + 2, afterEffect: true)
      await #expect(throws: InMemorySyncRemote.InjectedFailure.self) { _ = try await side.sync() }
    case .stateWrite:
      // The pending entry, then the end's record of the create's outcome.
      side.stateStore.failingWrite = 2
      await #expect(throws: PersistenceError.self) { _ = try await side.sync() }
      side.stateStore.failingWrite = nil
    }
    #expect(remote.items.count == 2, "the create went through")
    let pending = try side.engine.recordedState().entries.values.filter(\.isPendingCreate)
    #expect(pending.map(\.localID) == [id], "still recorded as pending")
    return (remote, side, id)
  }

  @Test("adopted at the next sync, not created again", arguments: Loss.allCases)
  func adopted(loss: Loss) async throws {
    let (remote, side, id) = try await Self.lostCreate(loss)
    let before = remote.requestCount
    let result = try await side.sync()
    #expect(result.description == "sent 0, received 0, merged 0, deleted 0")
    #expect(!remote.requestLog[before...].contains { $0.hasPrefix("POST") }, "no second create")
    #expect(remote.items.count == 2)
    #expect(side.local.items.count == 2)
    let entries = try side.engine.recordedState().entries
    #expect(entries.values.allSatisfy { !$0.isPendingCreate })
    #expect(entries["assigned/2"]?.localID == id, "the entry moved to the server's href")

    // Another device sees one item of each.
    let other = SyncSide(remote: remote, adapter: { KeyedTestAdapter(local: $0) })
    _ = try await other.sync()
    #expect(sorted(other.local.records) == sorted(side.local.records))
    #expect(try await side.sync().description == "sent 0, received 0, merged 0, deleted 0")
  }

  @Test("edited here meanwhile: adopted, the edit sent to the server's href")
  func adoptedThenEdit() async throws {
    let (remote, side, id) = try await Self.lostCreate(.answer)
    side.local.edit(id, "title", "t2")
    let result = try await side.sync()
    #expect(result.description == "sent 1, received 0, merged 0, deleted 0")
    #expect(remote.items.count == 2)
    #expect(
      sorted(try remoteRecords(remote)) == sorted([["url": "a"], ["url": "u", "title": "t2"]]))
    #expect(side.local.items[id]?.record == ["url": "u", "title": "t2"])
  }

  @Test("deleted here meanwhile: adopted, then deleted on the server")
  func adoptedThenDeleted() async throws {
    let (remote, side, id) = try await Self.lostCreate(.answer)
    side.local.remove(id)
    let result = try await side.sync()
    #expect(result.deleted == 1)
    #expect(try remoteRecords(remote) == [["url": "a"]])
    #expect(side.local.records == [["url": "a"]])
  }
}
