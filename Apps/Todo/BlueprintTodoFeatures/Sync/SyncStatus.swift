internal import BlueprintTodoModel
internal import CoreBase
internal import CoreSync
internal import CoreTerminal
internal import Foundation

/// `todo sync status`: where the list syncs, when it last did, what waits to go out.
struct SyncStatus: TodoCommand {
  static let configuration = CommandConfiguration(
    "status", summary: "Say where the list syncs, when it last did, and what waits to go out.")

  func run(in app: TodoRun) async throws {
    let config = try TodoSyncConfig.setUp(in: app.context.directories.config)
    let state = try app.store.syncState(for: config).load()
    let items = try app.store.load().items
    let records = Dictionary(
      items.map { (String($0.id), $0.syncRecord) }, uniquingKeysWith: { first, _ in first })
    var waiting = 0
    var known = Set<String>()
    for entry in state.entries.values {
      guard let id = entry.localID else { continue }
      known.insert(id)
      if entry.isPendingCreate || records[id] != entry.base { waiting += 1 }
    }
    waiting += records.keys.count { !known.contains($0) }
    let last = state.lastSync.map { ICalendarDateTime.utcText($0) } ?? "never"
    app.context.write(
      """
      list: \((config.listName ?? "(no name)").terminalSafe)  \(config.list.terminalSafe)
      last sync: \(last == "never" ? last : Self.isoTime(state.lastSync))
      waiting to go out: \(waiting)

      """)
  }

  private static func isoTime(_ date: Date?) -> String {
    guard let date else { return "never" }
    return TodoItem.timestamp(Int(date.timeIntervalSince1970.rounded(.down)))
  }
}
