import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

@Suite("an item's modified time: set by every change, deciding a field changed on both sides")
struct SyncNewerChangeTests {
  static let utc = TimeZone(secondsFromGMT: 0) ?? .current

  @Test("a change stamps the items it changes, undo too; new and untouched items keep theirs")
  func stamps() throws {
    let folder = try TemporaryDirectory(prefix: "todo-modified")
    let clock = LockedBox<Double>(1_000)
    let store = TodoStore(directory: folder.url, now: { Date(timeIntervalSince1970: clock.value) })
    try store.change { document in
      try document.add([
        TodoDocument.Draft(title: "Buy milk", created: 1_000),
        TodoDocument.Draft(title: "Call mom", created: 1_000),
      ])
    }
    #expect(try store.load().items.map(\.modified) == [nil, nil])

    clock.value = 2_000
    try store.change { try $0.edit(1, TodoDocument.Edit(note: "two litres")) }
    #expect(try store.load().items.map(\.modified) == [2_000, nil])

    clock.value = 3_000
    try store.change { try $0.setDone([2], true, now: 3_000) }
    clock.value = 4_000
    try store.change { _ = try $0.undoLast() }
    #expect(try store.load().items.map(\.modified) == [2_000, 4_000])

    // Kept in the file, and read back as it was written.
    let text = try String(contentsOf: folder.url.appending(path: "todos.json"), encoding: .utf8)
    #expect(text.contains(#""modified" : "1970-01-01T00:33:20Z""#))
  }

  /// A list synced once with an in-memory server, its one item then retitled on the
  /// server with LAST-MODIFIED `remoteTime` and here at `localTime`.
  private func retitledOnBothSides(localTime: Double, remoteTime: Double) async throws
    -> (SyncResult, TodoItem, String)
  {
    let folder = try TemporaryDirectory(prefix: "todo-newer")
    let clock = LockedBox<Double>(1_000)
    let store = TodoStore(directory: folder.url, now: { Date(timeIntervalSince1970: clock.value) })
    try store.change { try $0.add([TodoDocument.Draft(title: "Buy milk", created: 1_000)]) }
    let remote = InMemorySyncRemote()
    let engine = SyncEngine(
      remote: remote, adapter: TodoSyncAdapter(store: store, timeZone: Self.utc),
      state: SyncStateStore(store: InMemoryKeyValueStore()),
      now: { Date(timeIntervalSince1970: clock.value) })
    _ = try await engine.sync()

    let (href, body) = try #require(remote.items.first.map { ($0.key, $0.value.body) })
    let uid = try #require(try TodoVTODO.record(from: body)).uid
    remote.put(
      try TodoVTODO.body(
        for: TodoItem(id: 1, title: "Buy oat milk", created: 1_000).syncRecord, uid: uid,
        over: body, now: Date(timeIntervalSince1970: remoteTime), timeZone: Self.utc),
      at: href)
    clock.value = localTime
    try store.change { try $0.edit(1, TodoDocument.Edit(title: "Buy soy milk")) }

    clock.value = 9_000
    let result = try await engine.sync()
    let item = try #require(try store.load().items.first)
    return (result, item, try #require(remote.items[href]).body)
  }

  @Test("the title changed here later than on the server: this list's title wins and goes out")
  func localNewer() async throws {
    let (result, item, body) = try await retitledOnBothSides(localTime: 5_000, remoteTime: 4_000)
    #expect(item.title == "Buy soy milk")
    #expect(result.conflicts.map(\.replaced) == ["Buy oat milk"])
    #expect(result.conflicts.map(\.keptLocal) == [true])
    #expect(body.contains("SUMMARY:Buy soy milk\r\n"))
    // The change's own time goes out, not the sync's.
    #expect(body.contains("LAST-MODIFIED:19700101T012320Z\r\n"))
  }

  @Test("the title changed on the server later than here: the server's title wins")
  func remoteNewer() async throws {
    let (result, item, body) = try await retitledOnBothSides(localTime: 4_000, remoteTime: 5_000)
    #expect(item.title == "Buy oat milk")
    #expect(result.conflicts.map(\.replaced) == ["Buy soy milk"])
    #expect(result.conflicts.map(\.keptLocal) == [false])
    #expect(body.contains("SUMMARY:Buy oat milk\r\n"))
    #expect(item.modified == 5_000, "the item keeps the time of the change it took")
  }
}
