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
    #expect(
      try FileKeyValueStore(directory: folder.url).keys() == ["sync-state", "sync-state-head"])
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

  @Test("a sync's end: a short journal grows by one record, a long one becomes a snapshot")
  func finish() throws {
    let store = FailingKeyValueStore()
    let states = SyncStateStore(store: store)
    var state = SyncState()
    for number in 1...8 { state.entries["/\(number).ics"] = Self.entry("\(number)", etag: "\"1\"") }
    try states.save(state)

    // Nothing changed: only the head is written, with the new time.
    state.lastSync = Date(timeIntervalSince1970: 1_800_000_000)
    state.token = "t1"
    let writes = store.writeCount
    try states.finish(state, recording: [:])
    #expect(store.writeCount == writes + 1)
    #expect(try store.keys() == ["sync-state", "sync-state-head"])
    #expect(try states.loadHead() == SyncStateStore.Head(token: "t1", lastSync: state.lastSync))

    // A few changes: one journal record, then the head; the snapshot is not rewritten.
    let snapshot = try store.data(forKey: "sync-state")
    state.entries["/1.ics"] = Self.entry("1", etag: "\"2\"")
    state.entries["/2.ics"] = nil
    state.token = "t2"
    try states.finish(
      state, recording: ["/1.ics": Self.entry("1", etag: "\"2\""), "/2.ics": SyncStateEntry?.none])
    #expect(try store.data(forKey: "sync-state") == snapshot)
    #expect(try store.keys().count == 3)
    #expect(try SyncStateStore(store: store).load() == state)

    // The head fails: the token stays the one the entries had before.
    state.token = "t3"
    state.entries["/3.ics"] = Self.entry("3", etag: "\"2\"")
    store.failingWrite = 2
    let full = #expect(throws: PersistenceError.self) {
      try states.finish(state, recording: ["/3.ics": Self.entry("3", etag: "\"2\"")])
    }
    #expect(full.map(FailingKeyValueStore.isDiskFull) == true)
    store.failingWrite = nil
    let reloaded = try SyncStateStore(store: store).load()
    #expect(reloaded.token == "t2")
    #expect(reloaded.entries["/3.ics"]?.etag == "\"2\"")

    // Eight records at most: the ninth end of a sync writes a snapshot.
    let counting = SyncStateStore(store: store)
    _ = try counting.load()
    let records = try store.keys().count { $0.hasPrefix("sync-state-journal-") }
    for round in records..<8 {
      state.entries["/1.ics"] = Self.entry("1", etag: "\"r\(round)\"")
      try counting.finish(state, recording: ["/1.ics": state.entries["/1.ics"]!])
    }
    #expect(try store.keys().count { $0.hasPrefix("sync-state-journal-") } == 8)
    state.entries["/1.ics"] = Self.entry("1", etag: "\"r8\"")
    try counting.finish(state, recording: ["/1.ics": state.entries["/1.ics"]!])
    #expect(try store.keys() == ["sync-state", "sync-state-head"])
    #expect(try SyncStateStore(store: store).load() == state)

    // More changes than the journal keeps: a new snapshot, no journal.
    var many: [String: SyncStateEntry?] = [:]
    for number in 1...70 {
      let entry = Self.entry("\(number)", etag: "\"3\"")
      many["/\(number).ics"] = entry
      state.entries["/\(number).ics"] = entry
    }
    state.token = "t4"
    let fresh = SyncStateStore(store: store)
    _ = try fresh.load()
    try fresh.finish(state, recording: many)
    #expect(try store.keys() == ["sync-state", "sync-state-head"])
    #expect(try SyncStateStore(store: store).load() == state)
  }

  @Test("a head written without flushing reads back; a torn one falls back to the snapshot's token")
  func quietHead() throws {
    let folder = try TemporaryDirectory()
    let files = FileKeyValueStore(directory: folder.url)
    let states = SyncStateStore(store: files)
    var state = SyncState(token: "t1")
    state.entries["/a.ics"] = Self.entry("1", etag: "\"1\"")
    try states.save(state)
    state.token = "t2"
    try states.finish(state, recording: [:])
    let head = SyncStateStore.Head(
      token: "t2", lastSync: Date(timeIntervalSince1970: 1_900_000_000), quietVersion: "v")
    try states.writeHead(head)
    #expect(try SyncStateStore(store: FileKeyValueStore(directory: folder.url)).loadHead() == head)

    // A crash after a write without flush may leave the file empty.
    try Data().write(to: try files.fileURL(forKey: "sync-state-head"))
    let reloaded = SyncStateStore(store: FileKeyValueStore(directory: folder.url))
    #expect(try reloaded.loadHead() == nil)
    let loaded = try reloaded.load()
    #expect(loaded.token == "t1", "the snapshot's token, older: a longer listing, nothing missed")
    #expect(loaded.entries == state.entries)
  }

  @Test("a content version is the same for the same bytes and differs for any change")
  func contentVersion() throws {
    let folder = try TemporaryDirectory()
    let store = FileKeyValueStore(directory: folder.url)
    #expect(try store.contentVersion(forKey: "list") == nil)
    let bytes = Data((0..<1_003).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    try store.setData(bytes, forKey: "list")
    let version = try #require(try store.contentVersion(forKey: "list"))
    #expect(try FileKeyValueStore(directory: folder.url).contentVersion(forKey: "list") == version)
    // One byte changed in an 8-byte word, in the last bytes, or one byte more.
    for change in [500, 1_001] {
      var changed = bytes
      changed[change] ^= 1
      try store.setData(changed, forKey: "list")
      #expect(try store.contentVersion(forKey: "list") != version, "byte \(change)")
    }
    try store.setData(bytes + [0], forKey: "list")
    #expect(try store.contentVersion(forKey: "list") != version)
    try store.setData(bytes, forKey: "list")
    #expect(try store.contentVersion(forKey: "list") == version)
  }
}
