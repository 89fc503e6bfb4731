import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// todo's adapter, with a change by "another process" (a second store on the same
/// folder) made once, right after the sync has read the list.
private struct EditedAfterRead: SyncAdapter {
  let inner: TodoSyncAdapter
  /// The change to make once; whichever read comes first takes it.
  let pending: LockedBox<(@Sendable () throws -> Void)?>

  func localItems() throws -> [SyncLocalItem] {
    let items = try inner.localItems()
    let change = pending.withLock { change in
      defer { change = nil }
      return change
    }
    try change?()
    return items
  }

  func applyLocal(_ changes: [SyncLocalChange]) throws -> [String] {
    try inner.applyLocal(changes)
  }

  func remoteRecord(from body: String) throws -> SyncRemoteRecord? {
    try inner.remoteRecord(from: body)
  }

  func remoteBody(for record: SyncRecord, uid: String, over lastBody: String?, now: Date) throws
    -> String
  {
    try inner.remoteBody(for: record, uid: uid, over: lastBody, now: now)
  }
}

@Suite("todo sync and another todo process writing the list meanwhile")
struct SyncConcurrentWriterTests {
  static let utc = TimeZone(secondsFromGMT: 0) ?? .current

  @Test("an edit made during a sync is kept, not overwritten by the server's change, and goes out")
  func editDuringSync() async throws {
    let folder = try TemporaryDirectory(prefix: "todo-concurrent")
    let store = TodoStore(directory: folder.url)
    try store.change { document in
      try document.add([
        TodoDocument.Draft(title: "Buy milk", created: 1_000),
        TodoDocument.Draft(title: "Call mom", created: 1_000),
      ])
    }
    let remote = InMemorySyncRemote()
    let pending = LockedBox<(@Sendable () throws -> Void)?>(nil)
    let engine = SyncEngine(
      remote: remote,
      adapter: EditedAfterRead(
        inner: TodoSyncAdapter(store: store, timeZone: Self.utc), pending: pending),
      state: SyncStateStore(store: InMemoryKeyValueStore()))
    _ = try await engine.sync()
    #expect(remote.items.count == 2)

    // The server retitles "Buy milk" and deletes "Call mom".
    func href(_ title: String) throws -> String {
      try #require(remote.items.first { $0.value.body.contains("SUMMARY:\(title)\r\n") }).key
    }
    let milk = try href("Buy milk")
    let milkBody = try #require(remote.items[milk]).body
    let milkUID = try #require(try TodoVTODO.record(from: milkBody)).uid
    remote.put(
      try TodoVTODO.body(
        for: TodoItem(id: 1, title: "Buy oat milk", created: 1_000).syncRecord, uid: milkUID,
        over: milkBody, now: Date(timeIntervalSince1970: 2_000), timeZone: Self.utc),
      at: milk)
    remote.remove(at: try href("Call mom"))

    // Meanwhile another todo process notes on one and sets the other's due day.
    let other = TodoStore(directory: folder.url)
    pending.value = {
      try other.change { document in
        try document.edit(1, TodoDocument.Edit(note: "two litres"))
        try document.edit(2, TodoDocument.Edit(due: Day(iso: "2026-12-24")))
      }
    }
    _ = try await engine.sync()
    let items = try store.load().items
    #expect(items.map(\.title) == ["Buy oat milk", "Call mom"])
    #expect(items.first?.note == "two litres", "the edit made during the sync is kept")
    #expect(items.last?.due?.description == "2026-12-24", "an item changed here is not deleted")

    // The next sync sends both: the note, and the kept item as new.
    #expect(try await engine.sync().sent == 2)
    let bodies = remote.items.values.map(\.body)
    #expect(bodies.count == 2)
    #expect(bodies.contains { $0.contains("SUMMARY:Buy oat milk") && $0.contains("two litres") })
    #expect(
      bodies.contains { $0.contains("SUMMARY:Call mom") && $0.contains("DUE;VALUE=DATE:20261224") }
    )
    #expect(try await engine.sync().description == "sent 0, received 0, merged 0, deleted 0")
  }
}
