import Core
import CoreTesting
import Foundation
import Testing

@Suite("A sync that would delete most of a side stops before writing anything")
struct SyncMassDeletionTests {
  /// A side holding `count` items, synced with `remote`.
  func syncedSide(_ remote: InMemorySyncRemote, count: Int) async throws -> SyncSide {
    let side = SyncSide(remote: remote)
    for number in 1...count { side.local.add(["title": "item \(number)"]) }
    _ = try await side.sync()
    #expect(remote.items.count == count)
    return side
  }

  @Test("the server emptied: nothing deleted here, on the server or in the state; forced, it goes")
  func serverEmptied() async throws {
    let remote = InMemorySyncRemote()
    let side = try await syncedSide(remote, count: 3)
    for href in remote.items.keys { remote.remove(at: href) }
    let writesBefore = side.stateStore.writeCount
    let refusal = try await #require(throws: SyncMassDeletion.self) { try await side.sync() }
    #expect(refusal.localIDs.count == 3)
    #expect(refusal.localCount == 3)
    #expect(refusal.isLocal && !refusal.isRemote)
    #expect(side.local.items.count == 3, "nothing deleted here")
    #expect(side.stateStore.writeCount == writesBefore, "the state is not written")
    await #expect(throws: SyncMassDeletion.self) { try await side.sync(dryRun: true) }

    var forced = side.engine
    forced.allowsMassDeletion = true
    #expect(try await forced.sync().deleted == 3)
    #expect(side.local.items.isEmpty)
  }

  @Test("emptied here: nothing deleted on the server")
  func localEmptied() async throws {
    let remote = InMemorySyncRemote()
    let side = try await syncedSide(remote, count: 2)
    for id in side.local.items.keys { side.local.remove(id) }
    let refusal = try await #require(throws: SyncMassDeletion.self) { try await side.sync() }
    #expect(refusal.isRemote && !refusal.isLocal)
    #expect(Set(refusal.remoteRecords.compactMap { $0["title"] }) == ["item 1", "item 2"])
    #expect(remote.items.count == 2, "nothing deleted on the server")
  }

  @Test(
    "more than half of more than 10 stops; half of them, or most of 10, goes",
    arguments: [(count: 12, deleted: 7, stops: true), (12, 6, false), (10, 9, false)])
  func threshold(count: Int, deleted: Int, stops: Bool) async throws {
    let remote = InMemorySyncRemote()
    let side = try await syncedSide(remote, count: count)
    for href in remote.items.keys.sorted().prefix(deleted) { remote.remove(at: href) }
    if stops {
      await #expect(throws: SyncMassDeletion.self) { try await side.sync() }
      #expect(side.local.items.count == count)
    } else {
      #expect(try await side.sync().deleted == deleted)
      #expect(side.local.items.count == count - deleted)
    }
  }

  @Test("the rule: all of a side, or more than half of more than 10")
  func rule() {
    #expect(SyncMassDeletion.isMass(1, of: 1))
    #expect(SyncMassDeletion.isMass(10, of: 10))
    #expect(!SyncMassDeletion.isMass(9, of: 10))
    #expect(SyncMassDeletion.isMass(6, of: 11))
    #expect(!SyncMassDeletion.isMass(5, of: 11))
    #expect(!SyncMassDeletion.isMass(0, of: 0))
  }
}

@Suite("Sync states kept per account")
struct SyncStateAccountTests {
  @Test("each account has a folder of its own, named readably and told apart by a hash")
  func folders() throws {
    let folder = try TemporaryDirectory(prefix: "sync-accounts")
    let chores = SyncStateStore.forAccount("http://127.0.0.1:5232/ada/chores/", in: folder.url)
    let groceries = SyncStateStore.forAccount(
      "http://127.0.0.1:5232/ada/groceries/", in: folder.url)
    var state = SyncState(token: "t1")
    state.entries["/ada/chores/a.ics"] = SyncStateEntry(
      localID: "1", uid: "a", etag: "\"1\"", base: ["title": "a"], body: nil)
    try chores.save(state)
    #expect(try groceries.isEmpty())
    #expect(try groceries.load() == SyncState())
    #expect(try chores.load().entries.count == 1)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    #expect(names.count == 1)
    #expect(names[0].hasPrefix("127.0.0.1-5232-ada-chores-"))
    // Spellings that read alike are still two accounts.
    let a = SyncStateStore.forAccount("https://x/a-b/", in: folder.url)
    let b = SyncStateStore.forAccount("https://x/a_b/", in: folder.url)
    #expect(
      (a.store as? FileKeyValueStore)?.directory != (b.store as? FileKeyValueStore)?.directory)
  }

  @Test("adopt moves a state whole, head last; a move a crash interrupted starts over")
  func adopt() throws {
    let folder = try TemporaryDirectory(prefix: "sync-adopt")
    let old = SyncStateStore(store: FileKeyValueStore(directory: folder.url))
    var state = SyncState(token: "t1", lastSync: Date(timeIntervalSince1970: 100))
    state.entries["/a.ics"] = SyncStateEntry(
      localID: "1", uid: "a", etag: "\"1\"", base: ["title": "a"], body: nil)
    try old.save(state)
    try old.record([
      "/b.ics": SyncStateEntry(localID: "2", uid: "b", etag: nil, base: [:], body: nil)
    ])
    let expected = try old.load()
    let account = SyncStateStore.forAccount("https://x/list/", in: folder.url)

    // A crash after the mark and part of the copy: the next call finishes the move.
    try account.store.setData(Data(), forKey: "sync-state-adopting")
    let snapshot = try #require(try old.store.data(forKey: "sync-state"))
    try account.store.setData(snapshot, forKey: "sync-state")
    #expect(try account.adopt(old))
    #expect(try account.load() == expected)
    #expect(try old.isEmpty())
    #expect(try !account.store.keys().contains("sync-state-adopting"))
    // A state of its own is never replaced.
    try old.save(SyncState(token: "other"))
    #expect(try !account.adopt(old))
    #expect(try account.load() == expected)
  }
}
