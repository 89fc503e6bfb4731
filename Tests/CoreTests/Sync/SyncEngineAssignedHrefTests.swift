import Core
import CoreTesting
import Foundation
import Testing

@Suite("Sync engine: a server that names new items itself")
struct SyncEngineAssignedHrefTests {
  @Test("a create lands at the server's href; the entry moves there and the next sync is quiet")
  func createMoves() async throws {
    let remote = InMemorySyncRemote(assignsHrefs: true)
    let side = SyncSide(remote: remote)
    let id = side.local.add(["title": "a"])

    let result = try await side.sync()
    #expect(result.description == "sent 1, received 0, merged 0, deleted 0")
    #expect(Array(remote.items.keys) == ["assigned/1"])
    let entries = try side.engine.recordedState().entries
    #expect(Array(entries.keys) == ["assigned/1"], "the proposed href's entry is gone")
    let entry = try #require(entries["assigned/1"])
    #expect(entry.localID == id)
    #expect(!entry.isPendingCreate)
    #expect(entry.etag == remote.items["assigned/1"]?.etag)

    let before = remote.requestCount
    let quiet = try await side.sync()
    #expect(quiet.description == "sent 0, received 0, merged 0, deleted 0")
    #expect(remote.requestCount - before == 1, "the listing alone")
    #expect(remote.items.count == 1)
    #expect(side.local.items.count == 1)

    side.local.edit(id, "title", "b")
    #expect(try await side.sync().sent == 1)
    #expect(remote.items.count == 1)
    #expect(try remoteRecords(remote) == [["title": "b"]], "the edit replaces the assigned item")
  }

  @Test("what the server filled in on a create is read back and taken in the same sync")
  func defaultsReadBack() async throws {
    let remote = InMemorySyncRemote(assignsHrefs: true)
    remote.fillOnCreate("X-FIELD-FOLDER:Inbox")
    let side = SyncSide(remote: remote)
    let id = side.local.add(["title": "a"])
    let other = side.local.add(["title": "b"])

    let result = try await side.sync()
    #expect(result.sent == 2 && result.received == 2)
    #expect(side.local.items[id]?.record == ["title": "a", "folder": "Inbox"])
    #expect(try await side.sync().description == "sent 0, received 0, merged 0, deleted 0")
    // Agreed: deleted here, it is deleted there, not brought back as changed there.
    side.local.remove(id)
    #expect(try await side.sync().deleted == 1)
    #expect(try remoteRecords(remote) == [["title": "b", "folder": "Inbox"]])
    #expect(Array(side.local.items.keys) == [other])
  }

  @Test("a server that keeps the proposed href is created at it, as before")
  func proposedHrefKept() async throws {
    let remote = InMemorySyncRemote()
    let side = SyncSide(remote: remote)
    side.local.add(["title": "a"])
    _ = try await side.sync()
    let href = try #require(remote.items.keys.first)
    #expect(href.hasPrefix(remote.collection))
    #expect(Array(try side.engine.recordedState().entries.keys) == [href])
  }
}
