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
/// `todo sync` prints the value it replaced. Changes a sync makes are not entries of
/// `todo undo`, and keep the server's times.
package struct TodoSyncAdapter: SyncAdapter {
  /// The list.
  package let store: TodoStore
  /// The zone in which a due time from the server falls on a day.
  package var timeZone: TimeZone

  /// An adapter on `store`.
  package init(store: TodoStore, timeZone: TimeZone = LocalTimeZone.current) {
    self.store = store
    self.timeZone = timeZone
  }

  package func localVersion() throws -> String? {
    try store.files.contentVersion(forKey: TodoDocument.storeKey)
  }

  package func localItems() throws -> [SyncLocalItem] {
    try store.load().items.map { item in
      SyncLocalItem(
        id: String(item.id), record: item.syncRecord,
        modified: Date(timeIntervalSince1970: Double(item.modified ?? item.created)))
    }
  }

  package func applyLocal(_ changes: [SyncLocalChange]) throws -> [String] {
    // The times are the changes' own (the server's LAST-MODIFIED), not the sync's.
    try store.change(stampsChanges: false) { document in
      var created: [String] = []
      for change in changes {
        switch change {
        case .create(let record, let modified, let preferredID):
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
          created.append(String(id))
        case .update(let id, let record, let modified, let was):
          // Against the item as it is now: another process's edit since the sync read
          // the list keeps its fields (the next sync sends them).
          guard let index = Int(id).flatMap(document.index(of:)) else { continue }
          let current = document.items[index].syncRecord
          document.items[index].apply(
            syncRecord: SyncLocalChange.rebased(record, onto: current, was: was))
          if let modified = modified.map(Self.seconds) {
            document.items[index].modified = max(
              document.items[index].modified ?? modified, modified)
          }
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

/// Where todo's sync state lives: `sync/` in its data folder, beside `todos.json`.
extension TodoStore {
  /// The sync state of this list.
  package var syncState: SyncStateStore {
    SyncStateStore(
      store: FileKeyValueStore(
        directory: files.directory.appendingPathComponent("sync", isDirectory: true)))
  }
}
