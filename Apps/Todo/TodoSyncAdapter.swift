internal import BlueprintTodoModel
package import Core
package import Foundation

/// todo's side of a sync: its items as records (``TodoItem/syncRecord``), the sync's
/// local changes as one transaction on the store, and the VTODO mapping
/// (``TodoVTODO``).
///
/// Items carry no modification time, so a field changed on both sides since the last
/// sync takes the server's value (it has LAST-MODIFIED); `todo sync` prints the local
/// value it replaced. Changes a sync makes are not entries of `todo undo`.
package struct TodoSyncAdapter: SyncAdapter {
  /// The list.
  package let store: TodoStore
  /// The zone in which a due time from the server falls on a day.
  package var timeZone: TimeZone

  /// An adapter on `store`.
  package init(store: TodoStore, timeZone: TimeZone = .current) {
    self.store = store
    self.timeZone = timeZone
  }

  package func localVersion() throws -> String? {
    try store.files.contentVersion(forKey: TodoDocument.storeKey)
  }

  package func localItems() throws -> [SyncLocalItem] {
    try store.load().items.map { SyncLocalItem(id: String($0.id), record: $0.syncRecord) }
  }

  package func applyLocal(_ changes: [SyncLocalChange]) throws -> [String] {
    try store.change { document in
      var created: [String] = []
      for change in changes {
        switch change {
        case .create(let record, _, let preferredID):
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
          let item = TodoItem(id: id, syncRecord: record)
          let position = document.items.firstIndex { $0.id > id } ?? document.items.endIndex
          document.items.insert(item, at: position)
          created.append(String(id))
        case .update(let id, let record, _, let was):
          // Against the item as it is now: another process's edit since the sync read
          // the list keeps its fields (the next sync sends them).
          guard let index = Int(id).flatMap(document.index(of:)) else { continue }
          let current = document.items[index].syncRecord
          document.items[index].apply(
            syncRecord: SyncLocalChange.rebased(record, onto: current, was: was))
        case .delete(let id, let was):
          // An item another process changed since the sync read it stays (and goes
          // out as new next sync): deleted there, changed here keeps the change.
          guard let index = Int(id).flatMap(document.index(of:)),
            document.items[index].syncRecord == was
          else { continue }
          document.items.remove(at: index)
        }
      }
      return created
    }
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

/// Where todo's sync state lives: `sync/` in its data folder, beside `todos.json`.
extension TodoStore {
  /// The sync state of this list.
  package var syncState: SyncStateStore {
    SyncStateStore(
      store: FileKeyValueStore(
        directory: files.directory.appendingPathComponent("sync", isDirectory: true)))
  }
}
