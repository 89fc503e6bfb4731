import Core
import CoreTesting
import Foundation
import Testing

@Suite("Sync engine: fields a local item may leave out to mean \"as last agreed\"")
struct SyncEngineInheritedFieldsTests {
  /// A side whose items inherit `title`, matched by `url` to the server's
  /// `["url": "u1", "title": "Server title"]`: its local record has no title.
  static func linked() async throws -> (InMemorySyncRemote, SyncSide, String) {
    let remote = InMemorySyncRemote()
    remote.put(remoteBody(uid: "f1", ["url": "u1", "title": "Server title"]), at: "/f/1.ics")
    let side = SyncSide(
      remote: remote, adapter: { KeyedTestAdapter(local: $0, inheritedFields: ["title"]) })
    let id = side.local.add(["url": "u1"])
    let first = try await side.sync()
    #expect(first.description == "sent 0, received 0, merged 0, deleted 0")
    #expect(side.local.items[id]?.record == ["url": "u1"], "the title stays inherited")
    return (remote, side, id)
  }

  @Test("absent here: neither sent as a deletion nor taken as a change")
  func absentField() async throws {
    let (remote, side, id) = try await Self.linked()
    // The server renames it: taken, and the local item still inherits.
    let body = try #require(remote.items["/f/1.ics"]).body
    let uid = try #require(try TestAdapter(local: side.local).remoteRecord(from: body)).uid
    remote.put(remoteBody(uid: uid, ["url": "u1", "title": "Renamed there"]), at: "/f/1.ics")
    let renamed = try await side.sync()
    #expect(renamed.merged == 0 && renamed.conflicts.isEmpty && renamed.sent == 0)
    #expect(side.local.items[id]?.record == ["url": "u1"])

    // Another field changes here: the upload keeps the server's title.
    side.local.edit(id, "folder", "news")
    #expect(try await side.sync().sent == 1)
    #expect(
      try remoteRecords(remote) == [["url": "u1", "title": "Renamed there", "folder": "news"]])
    #expect(try await side.sync().description == "sent 0, received 0, merged 0, deleted 0")
  }

  @Test("a value of its own here is sent")
  func ownValue() async throws {
    let (remote, side, id) = try await Self.linked()
    side.local.edit(id, "title", "Mine")
    #expect(try await side.sync().sent == 1)
    #expect(try remoteRecords(remote) == [["url": "u1", "title": "Mine"]])
    #expect(side.local.items[id]?.record == ["url": "u1", "title": "Mine"])
    #expect(try await side.sync().description == "sent 0, received 0, merged 0, deleted 0")
  }

  @Test("deleted on the server while absent here: deleted here, `was` holding it filled")
  func deletedThere() async throws {
    let (remote, side, id) = try await Self.linked()
    side.local.add(["url": "u2"])
    _ = try await side.sync()
    remote.remove(at: "/f/1.ics")
    let result = try await side.sync()
    #expect(result.deleted == 1)
    #expect(side.local.items[id] == nil)
  }
}
