import Core
import CoreTesting
import Foundation
import Testing

@Suite("Sync state store: snapshot and journal")
struct SyncStateStoreTests {
  static func entry(_ id: String, etag: String?) -> SyncStateEntry {
    SyncStateEntry(localID: id, uid: "u\(id)", etag: etag, base: ["title": id], body: "B\(id)")
  }

  @Test("records survive a new store on the same folder; a save compacts the journal")
  func durable() throws {
    let folder = try TemporaryDirectory()
    let first = SyncStateStore(store: FileKeyValueStore(directory: folder.url))
    try first.record([
      "/a.ics": Self.entry("1", etag: "W/\"1\""), "/b.ics": Self.entry("2", etag: nil),
    ])
    try first.record(["/b.ics": SyncStateEntry?.none, "/c.ics": Self.entry("3", etag: "\"3\"")])

    let second = SyncStateStore(store: FileKeyValueStore(directory: folder.url))
    var state = try second.load()
    #expect(state.entries.keys.sorted() == ["/a.ics", "/c.ics"])
    #expect(state.entries["/a.ics"]?.etag == "W/\"1\"", "the ETag exactly as received")
    #expect(state.entry(forLocalID: "3")?.href == "/c.ics")

    state.token = "tok"
    state.lastSync = Date(timeIntervalSince1970: 1_800_000_000)
    try second.save(state)
    #expect(try FileKeyValueStore(directory: folder.url).keys() == ["sync-state"])
    try second.record(["/d.ics": Self.entry("4", etag: "\"4\"")])
    let third = try SyncStateStore(store: FileKeyValueStore(directory: folder.url)).load()
    #expect(third.token == "tok")
    #expect(third.lastSync == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(third.entries.count == 3)
  }

  @Test("a journal replayed onto a snapshot that already holds it changes nothing")
  func idempotentReplay() throws {
    let store = InMemoryKeyValueStore()
    let states = SyncStateStore(store: store)
    try states.record(["/a.ics": Self.entry("1", etag: "\"1\"")])
    let loaded = try states.load()
    // As if killed between the snapshot write and the journal's removal.
    try store.set(loaded, forKey: "sync-state", migrations: SyncStateStore.migrations)
    #expect(try states.load() == loaded)
  }
}
