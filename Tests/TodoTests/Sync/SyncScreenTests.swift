import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

@MainActor
@Suite("The interactive list syncs with s", .timeLimit(.minutes(10)))
struct SyncScreenTests {
  let folder: TemporaryDirectory
  let store: TodoStore
  /// Wednesday 2026-05-06, 10:00 UTC.
  let now = Now(date: Date(timeIntervalSince1970: 1_778_061_600), timeZone: .gmt)

  init() throws {
    folder = try TemporaryDirectory(prefix: "todo-sync-screen")
    store = TodoStore(directory: folder.url)
    try store.change { try $0.add([.init(title: "Buy milk", created: 1_778_000_000)]) }
  }

  func harness(columns: Int = 96, sync: TodoListSync?) async -> (
    ScreenHarness, TodoListInteractor
  ) {
    let fixed = now
    let list = TodoListInteractor(store: store, now: { fixed }, work: .inline(), sync: sync)
    let harness = ScreenHarness(
      size: TerminalSize(columns: columns, rows: 10),
      root: TodoApp.makeStack(store: store, now: { fixed }, work: .inline(), list: list))
    await harness.settle()
    return (harness, list)
  }

  @Test("s syncs: the status says what it did, the list shows what came in, the header the time")
  func syncKey() async throws {
    let remote = InMemorySyncRemote()
    remote.put(
      TodoVTODOTests.crlf([
        "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:r1", "SUMMARY:From the phone",
        "DTSTAMP:20260501T000000Z", "END:VTODO", "END:VCALENDAR",
      ]), at: "/user/tasks/r1.ics")
    let engine = SyncEngine(
      remote: remote, adapter: TodoSyncAdapter(store: store),
      state: SyncStateStore.forAccount("memory:/user/tasks/", in: store.syncFolder))
    let (harness, list) = await harness(
      columns: 110, sync: TodoListSync(lastSync: nil) { try await engine.sync() })
    #expect(!harness.text.contains("synced"))
    #expect(harness.text.contains("s Sync"), "the footer names the key")
    harness.press(.character("s"))
    await harness.settle()
    await list.waitForTasks()  // the sync runs off the main actor on the real store
    await harness.settle()
    #expect(harness.text.contains("sent 1, received 1, merged"))
    #expect(harness.text.contains("From the phone"))
    #expect(harness.text.contains("· synced 10:00"))
    #expect(remote.items.count == 2)
  }

  @Test("the last sync time shows where the header has room, and goes first when it has not")
  func headerTime() async {
    let last = Date(timeIntervalSince1970: 1_778_050_800)  // 07:00 UTC
    let sync = TodoListSync(lastSync: last) { SyncResult() }
    let (wide, _) = await harness(columns: 72, sync: sync)
    #expect(wide.text.contains("1 open · 0 done · synced 07:00"))
    let (narrow, _) = await harness(columns: 24, sync: sync)
    #expect(!narrow.text.contains("synced"))
    #expect(narrow.text.contains("1 open"))
  }

  @Test("a sync that would empty the list stops: the status says what and how to go ahead")
  func massDeletion() async throws {
    let refusal = SyncMassDeletion(
      localIDs: ["1"], localCount: 1, remoteRecords: [], remoteCount: 1)
    let (harness, list) = await harness(
      columns: 140, sync: TodoListSync(lastSync: nil) { throw refusal })
    harness.press(.character("s"))
    await harness.settle()
    await list.waitForTasks()
    await harness.settle()
    #expect(
      harness.text.contains(
        "sync stopped: would delete 1 of 1 here · \(appIdentity.name) sync --force-delete"))
    #expect(harness.text.contains("Buy milk"), "the item is still listed")
  }

  @Test("without sync set up, s says how to set it up")
  func notSetUp() async {
    let (harness, _) = await harness(sync: .notSetUp)
    harness.press(.character("s"))
    await harness.settle()
    #expect(harness.text.contains("sync is not set up"))
  }
}
