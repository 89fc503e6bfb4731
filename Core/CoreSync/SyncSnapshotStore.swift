public import CoreBase
public import Foundation

/// Keeps a sync state that is written whole, for a sync whose state has another shape
/// than ``SyncState`` (feed's Google Reader sync keeps the id sets it last saw): small
/// enough to write again after each request's outcome, in a file of the account's own
/// folder, so that another server or user starts a first sync.
///
/// Every ``save(_:)`` is atomic and fsynced (a `FileKeyValueStore`'s plumbing); a sync
/// that changed nothing but its time uses ``saveTime(_:)``, which does not wait for the
/// disk. A value that does not decode — such a write torn by a power loss — loads as
/// `empty`: a first sync again, which merges and deletes nothing.
///
/// <!-- doc-test: skip a fragment: `data`, the app's data folder, comes from its surroundings -->
/// ```swift
/// struct MarksState: Codable, Sendable { var read: Set<String> = [] }
/// let state = SyncSnapshotStore<MarksState>.forAccount(
///   "https://rss.example.com/ ada", in: data.appending(path: "sync"), key: "marks")
/// var marks = try state.load(or: MarksState())
/// ```
public struct SyncSnapshotStore<State: Codable & Sendable>: Sendable {
  /// The store the state lives in.
  public let store: any KeyValueStore
  /// The state's key.
  public let key: String

  /// A state kept under `key` in `store`.
  public init(store: any KeyValueStore, key: String) {
    self.store = store
    self.key = key
  }

  /// The state of `account` under `folder`, in the folder
  /// ``SyncStateStore/accountFolder(_:in:)`` names.
  public static func forAccount(_ account: String, in folder: URL, key: String) -> Self {
    Self(
      store: FileKeyValueStore(directory: SyncStateStore.accountFolder(account, in: folder)),
      key: key)
  }

  /// The state as last written; `empty` before the first sync, or when the value does
  /// not decode.
  ///
  /// - Throws: `PersistenceError` when the store cannot be read.
  public func load(or empty: @autoclosure () -> State) throws -> State {
    do {
      return try store.value(State.self, forKey: key) ?? empty()
    } catch PersistenceError.corrupted {
      return empty()
    }
  }

  /// Writes `state` durably.
  ///
  /// - Throws: `PersistenceError`; the state written before stays.
  public func save(_ state: State) throws {
    try store.set(state, forKey: key)
  }

  /// Writes `state`, which differs from the last one written only in its time, without
  /// waiting for the disk: a crash may bring back the earlier time, nothing else.
  ///
  /// - Throws: `PersistenceError`.
  public func saveTime(_ state: State) throws {
    try store.setWithoutFlush(state, forKey: key)
  }
}
