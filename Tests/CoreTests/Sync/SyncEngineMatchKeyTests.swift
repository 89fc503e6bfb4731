import Core
import CoreTesting
import Foundation
import Testing

@Suite("Sync engine: items new on both sides matched by the adapter's key")
struct SyncEngineMatchKeyTests {
  @Test("matched by key with different fields: local fields win, absent ones taken, merged sent")
  func mergedByKey() async throws {
    let remote = InMemorySyncRemote()
    remote.put(
      remoteBody(uid: "r1", ["url": "u1", "title": "Server", "folder": "news"]),
      at: "/user/tasks/r1.ics")
    let side = SyncSide(remote: remote, adapter: { KeyedTestAdapter(local: $0) })
    let id = side.local.add(["url": "u1", "title": "Mine"])

    let result = try await side.sync()
    #expect(result.description == "sent 1, received 1, merged 0, deleted 0")
    let merged: SyncRecord = ["url": "u1", "title": "Mine", "folder": "news"]
    #expect(side.local.items[id]?.record == merged, "one item, its id kept")
    #expect(side.local.items.count == 1)
    #expect(Array(remote.items.keys) == ["/user/tasks/r1.ics"], "no duplicate on the server")
    #expect(try remoteRecords(remote) == [merged])

    let quiet = try await side.sync()
    #expect(quiet.description == "sent 0, received 0, merged 0, deleted 0")
  }

  @Test("with the default key (the whole record), items that differ are not matched")
  func defaultKey() async throws {
    let remote = InMemorySyncRemote()
    remote.put(remoteBody(uid: "r1", ["url": "u1", "title": "Server"]), at: "/user/tasks/r1.ics")
    let side = SyncSide(remote: remote)
    side.local.add(["url": "u1", "title": "Mine"])
    let result = try await side.sync()
    #expect(result.description == "sent 1, received 1, merged 0, deleted 0")
    #expect(side.local.items.count == 2)
    #expect(remote.items.count == 2)
  }
}
