internal import BlueprintTodoModel
internal import CoreBase
package import CoreSync
package import Foundation

/// todo's side of a sync: its items as records (``TodoItem/syncRecord``), the sync's
/// local changes as one transaction on the store, and the VTODO mapping
/// (``TodoVTODO``).
///
/// A field changed on both sides since the last sync takes the newer change: the
/// item's ``TodoItem/modified`` (or `created`) against the server's LAST-MODIFIED;
/// `todo sync` prints the value it replaced. The changes one sync makes here are one
/// entry of `todo undo` (`sync: 21 deleted, 2 changed`), and keep the server's times.
package struct TodoSyncAdapter: SyncAdapter {
  /// The list.
  package let store: TodoStore
  /// The zone in which a due time from the server falls on a day.
  package var timeZone: TimeZone
  /// This sync's undo entry so far, so that a later local write of the same sync
  /// extends it.
  private let undoEntry = SyncUndoEntry()

  /// An adapter on `store`.
  package init(store: TodoStore, timeZone: TimeZone = LocalTimeZone.current) {
    self.store = store
    self.timeZone = timeZone
  }

  package func localVersion() throws -> String? {
    try store.files.contentVersion(forKey: TodoDocument.storeKey)
  }

  package func localItems() throws -> [SyncLocalItem] {
    undoEntry.reset()  // read once at the start of each sync
    return try store.load().items.map { item in
      SyncLocalItem(
        id: String(item.id), record: item.syncRecord,
        modified: Date(timeIntervalSince1970: Double(item.modified ?? item.created)))
    }
  }

  package func applyLocal(_ changes: [SyncLocalChange]) throws -> [String] {
    // The times are the changes' own (the server's LAST-MODIFIED), not the sync's.
    try store.change(stampsChanges: false) { document in
      var created: [String] = []
      var undone = TodoDocument.SyncChanges()
      for change in changes {
        switch change {
        case .create(let record, let modified, let preferredID):
          let id = try Self.create(
            record, modified: modified, preferredID: preferredID, in: &document)
          created.append(String(id))
          undone.remove.append(id)
        case .update(let id, let record, let modified, let was):
          // Against the item as it is now: another process's edit since the sync read
          // the list keeps its fields (the next sync sends them).
          guard let index = Int(id).flatMap(document.index(of:)) else { continue }
          let current = document.items[index].syncRecord
          let before = document.items[index]
          document.items[index].apply(
            syncRecord: SyncLocalChange.rebased(record, onto: current, was: was))
          if let modified = modified.map(Self.seconds) {
            document.items[index].modified = max(
              document.items[index].modified ?? modified, modified)
          }
          if document.items[index] != before {
            undone.restore.append(before)
            undone.changed += 1
          }
        case .delete(let id, let was):
          // An item another process changed since the sync read it stays (and goes
          // out as new next sync): deleted there, changed here keeps the change.
          guard let index = Int(id).flatMap(document.index(of:)),
            document.items[index].syncRecord == was
          else { continue }
          undone.restore.append(document.items.remove(at: index))
          undone.deleted += 1
        }
      }
      // A later round of this sync extends its entry, unless another change came after.
      let extends = undoEntry.entry.map { document.undo.last == $0 } ?? false
      let all = extends ? undoEntry.changes.followed(by: undone) : undone
      if !all.isEmpty {
        document.recordSync(all, replacingLast: extends)
        undoEntry.record(all, entry: document.undo.last)
      }
      return created
    }
  }

  /// Adds an item with `record` to `document`, under its old id when a remote change
  /// brings back an item deleted here and the id is free; its id.
  private static func create(
    _ record: SyncRecord, modified: Date?, preferredID: String?, in document: inout TodoDocument
  ) throws -> Int {
    var id = document.nextID
    if let preferred = preferredID.flatMap(Int.init), preferred < document.nextID,
      document.index(of: preferred) == nil
    {
      id = preferred
    } else {
      guard document.nextID <= TodoItem.maximumID else {
        throw TodoError.idsExhausted(maximum: TodoItem.maximumID)
      }
      document.nextID += 1
    }
    var item = TodoItem(id: id, syncRecord: record)
    item.modified = modified.map(Self.seconds)
    let position = document.items.firstIndex { $0.id > id } ?? document.items.endIndex
    document.items.insert(item, at: position)
    return id
  }

  /// Whole seconds since 1970, as an item keeps its times.
  private static func seconds(_ date: Date) -> Int {
    Int(date.timeIntervalSince1970.rounded(.down))
  }

  package func remoteRecord(from body: String) throws -> SyncRemoteRecord? {
    try TodoVTODO.record(from: body, timeZone: timeZone)
  }

  package func remoteBody(for record: SyncRecord, uid: String, over lastBody: String?, now: Date)
    throws -> String
  {
    try TodoVTODO.body(
      for: record, uid: uid, over: lastBody, now: now, timeZone: timeZone,
      productID: "-//\(appIdentity.family)//\(appIdentity.name) \(appIdentity.version)//EN")
  }
}

/// Where todo's sync states live: `sync/` in its data folder, beside `todos.json`, a
/// folder for each task list synced with (``SyncStateStore/forAccount(_:in:name:)``).
/// Setting up another list or server starts a first sync with it, which merges both
/// sides and deletes nothing; setting up the earlier one again finds its state.
extension TodoStore {
  /// The folder of the sync states.
  package var syncFolder: URL {
    files.directory.appendingPathComponent("sync", isDirectory: true)
  }

  /// The sync state of this list with `config`'s task list.
  ///
  /// A state kept before states were kept per list (in `sync/` itself) is moved to the
  /// list it was made with when that is `config`'s: when every item it knows lies in
  /// that list on the server. Otherwise it stays where it is, and `config`'s list
  /// starts with a first sync.
  ///
  /// - Throws: `PersistenceError`.
  package func syncState(for config: TodoSyncConfig) throws -> SyncStateStore {
    let state = SyncStateStore.forAccount(config.list, in: syncFolder)
    let earlier = SyncStateStore(store: FileKeyValueStore(directory: syncFolder))
    if try !earlier.isEmpty(), try Self.holds(earlier.load(), list: config.list) {
      try state.adopt(earlier)
    }
    return state
  }

  /// Whether every item `state` knows lies in the list at `list` (hrefs are paths).
  private static func holds(_ state: SyncState, list: String) -> Bool {
    guard !state.entries.isEmpty, let components = URLComponents(string: list) else {
      return false
    }
    func decoded(_ path: String) -> String { path.removingPercentEncoding ?? path }
    var folder = decoded(components.percentEncodedPath)
    if !folder.hasSuffix("/") { folder += "/" }
    return state.entries.keys.allSatisfy { decoded($0).hasPrefix(folder) }
  }
}

/// The undo entry one sync has written so far, and the changes it holds.
private final class SyncUndoEntry: @unchecked Sendable {
  // Safe: both fields are read and written only while `lock` is held.
  private let lock = NSLock()
  private var recorded: (changes: TodoDocument.SyncChanges, entry: UndoEntry?) = (.init(), nil)

  var changes: TodoDocument.SyncChanges { lock.withLock { recorded.changes } }
  var entry: UndoEntry? { lock.withLock { recorded.entry } }

  func record(_ changes: TodoDocument.SyncChanges, entry: UndoEntry?) {
    lock.withLock { recorded = (changes, entry) }
  }

  func reset() { record(.init(), entry: nil) }
}
