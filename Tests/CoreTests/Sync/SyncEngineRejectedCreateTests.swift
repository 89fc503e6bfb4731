import Core
import CoreTesting
import Foundation
import Testing

@Suite("Sync engine: a create the server refuses for that item alone")
struct SyncEngineRejectedCreateTests {
  @Test(
    "reported in skipped, the others go on, tried again next sync until accepted",
    arguments: [false, true])
  func rejectedCreate(assignsHrefs: Bool) async throws {
    let remote = InMemorySyncRemote(assignsHrefs: assignsHrefs)
    let side = SyncSide(remote: remote)
    side.local.hasVersion = true
    side.local.add(["title": "first"])
    _ = try await side.sync()
    let token = try side.engine.recordedState().token
    side.local.add(["title": "bad"])
    side.local.add(["title": "good"])
    remote.rejectCreates(containing: "X-FIELD-TITLE:bad", reason: "not a feed")

    let refused = try await side.sync()
    #expect(refused.sent == 1)
    #expect(Array(refused.skipped.values) == ["not a feed"])
    #expect(sorted(try remoteRecords(remote)) == [["title": "first"], ["title": "good"]])
    let state = try side.engine.recordedState()
    #expect(state.token == token, "the token of a sync with something skipped is not stored")
    #expect(state.entries.values.filter(\.isPendingCreate).map(\.base) == [["title": "bad"]])
    #expect(try side.engine.state.loadHead()?.quietVersion == nil)

    // Nothing changed here: the next sync still tries it (no quiet shortcut).
    let again = try await side.sync()
    #expect(again.sent == 0)
    #expect(Array(again.skipped.values) == ["not a feed"])

    remote.rejectCreates(containing: nil)
    let accepted = try await side.sync()
    #expect(accepted.sent == 1)
    #expect(accepted.skipped.isEmpty)
    let expected: [SyncRecord] = [["title": "bad"], ["title": "first"], ["title": "good"]]
    #expect(sorted(try remoteRecords(remote)) == expected)
    #expect(sorted(side.local.records) == expected)
    let before = remote.requestCount
    #expect(try await side.sync().description == "sent 0, received 0, merged 0, deleted 0")
    #expect(remote.requestCount - before == 1)
  }
}
