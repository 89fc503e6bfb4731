import CoreBase
public import Foundation

/// The fields a syncing app owns, each as canonical text: the engine compares and
/// merges records field by field. A field that is absent is empty (unset).
///
/// The app decides the fields and their text (todo: `title`, `note`, `due` as
/// `2026-12-01`, `tags` as one line per tag…); the same item must give the same
/// record on both sides, whichever side it was read from.
public typealias SyncRecord = [String: String]

/// One item of the app's local collection as the engine sees it.
public struct SyncLocalItem: Hashable, Sendable {
  /// The app's id for it, stable for the item's life (todo: its number).
  public var id: String
  /// Its owned fields.
  public var record: SyncRecord
  /// When it was last changed locally, if the app knows; the newer side wins a field
  /// both sides changed.
  public var modified: Date?

  /// Creates an item.
  public init(id: String, record: SyncRecord, modified: Date? = nil) {
    self.id = id
    self.record = record
    self.modified = modified
  }
}

/// An item read from a remote body by the app's adapter.
public struct SyncRemoteRecord: Hashable, Sendable {
  /// The item's identity on the server (iCalendar: its UID).
  public var uid: String
  /// Its owned fields.
  public var record: SyncRecord
  /// When it was last changed (iCalendar: LAST-MODIFIED), if it says.
  public var modified: Date?

  /// Creates a remote record.
  public init(uid: String, record: SyncRecord, modified: Date? = nil) {
    self.uid = uid
    self.record = record
    self.modified = modified
  }
}

/// A change the engine asks the app to make to its local collection.
public enum SyncLocalChange: Hashable, Sendable {
  /// Add an item with these fields; `preferredID` is the id it had before, when a
  /// remote change brings back an item deleted locally (reuse it if the app can).
  case create(SyncRecord, modified: Date?, preferredID: String?)
  /// Set the owned fields of item `id` to `record` (other local data stays).
  ///
  /// `was` is the item's record as the engine read it. Another writer (another
  /// process) may have changed the item since: apply the change with
  /// ``SyncLocalChange/rebased(_:onto:was:)``, so a field changed since `was` keeps
  /// that change (the next sync sends it).
  case update(id: String, record: SyncRecord, modified: Date?, was: SyncRecord)
  /// Remove item `id` — unless its record is no longer `was` (another writer changed
  /// it since the engine read it): then keep it, and the next sync sends it as new.
  case delete(id: String, was: SyncRecord)
}

extension SyncLocalChange {
  /// `record` applied over `current`, the item's record now: a field whose value in
  /// `current` differs from `was` (changed by another writer during the sync) keeps
  /// `current`'s value; every other field takes `record`'s.
  ///
  /// ```swift
  /// SyncLocalChange.rebased(["title": "b", "due": "x"], onto: ["title": "c"], was: ["title": "a"])
  /// // ["title": "c", "due": "x"]
  /// ```
  public static func rebased(_ record: SyncRecord, onto current: SyncRecord, was: SyncRecord)
    -> SyncRecord
  {
    var merged: SyncRecord = [:]
    for field in Set(record.keys).union(current.keys).union(was.keys) {
      let value = current[field] != was[field] ? current[field] : record[field]
      if let value { merged[field] = value }
    }
    return merged
  }
}
