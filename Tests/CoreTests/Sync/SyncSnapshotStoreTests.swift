import Core
import CoreTesting
import Foundation
import Testing

@Suite("SyncSnapshotStore: a sync state written whole, per account")
struct SyncSnapshotStoreTests {
  struct Marks: Codable, Equatable, Sendable {
    var read: Set<String> = []
    var lastSync: Date?
  }

  @Test("a state saved is loaded by a new store on the same account; another account starts empty")
  func perAccount() throws {
    let folder = try TemporaryDirectory()
    let ada = SyncSnapshotStore<Marks>.forAccount(
      "https://rss.example.com/ ada", in: folder.url, key: "marks")
    #expect(try ada.load(or: Marks()) == Marks(), "nothing synced yet")
    try ada.save(Marks(read: ["1", "2"]))

    let again = SyncSnapshotStore<Marks>.forAccount(
      "https://rss.example.com/ ada", in: folder.url, key: "marks")
    #expect(try again.load(or: Marks()) == Marks(read: ["1", "2"]))
    let bob = SyncSnapshotStore<Marks>.forAccount(
      "https://rss.example.com/ bob", in: folder.url, key: "marks")
    #expect(try bob.load(or: Marks()) == Marks())
    let adaFolder = SyncStateStore.accountFolder("https://rss.example.com/ ada", in: folder.url)
    #expect(try FileKeyValueStore(directory: adaFolder).keys() == ["marks"])
  }

  @Test("a value that does not decode (a torn write) loads as empty: a first sync again")
  func torn() throws {
    let store = InMemoryKeyValueStore()
    try store.setData(Data("{\"read\": [\"1\"".utf8), forKey: "marks")
    let state = SyncSnapshotStore<Marks>(store: store, key: "marks")
    #expect(try state.load(or: Marks(read: ["empty"])) == Marks(read: ["empty"]))
  }

  @Test("a full disk keeps the state written before")
  func fullDisk() throws {
    let disk = FailingKeyValueStore()
    let state = SyncSnapshotStore<Marks>(store: disk, key: "marks")
    try state.save(Marks(read: ["1"]))
    disk.failingWrite = 1
    #expect(throws: PersistenceError.self) { try state.save(Marks(read: ["1", "2"])) }
    #expect(try state.load(or: Marks()) == Marks(read: ["1"]))
    disk.failingWrite = nil
    let time = Date(timeIntervalSince1970: 1_800_000_000)
    try state.saveTime(Marks(read: ["1"], lastSync: time))
    #expect(try state.load(or: Marks()).lastSync == time)
  }
}
