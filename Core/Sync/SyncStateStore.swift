internal import Foundation

/// Keeps a ``SyncState`` durably in a ``KeyValueStore``: a snapshot plus a journal of
/// small changes, so that recording one request's outcome writes a few hundred bytes
/// rather than the whole state.
///
/// With a ``FileKeyValueStore`` every write is atomic and fsynced (the store's own
/// plumbing), so after ``record(_:)`` returns the change survives a crash or a
/// SIGKILL. ``load()`` reads the snapshot and replays the journal in order;
/// ``save(_:)`` writes a new snapshot and then removes the journal (replaying a
/// journal record onto a snapshot that already holds it changes nothing, so a crash
/// between the two loses nothing). The snapshot is a `Versioned` value (version 1).
///
/// Keys: `NAME` for the snapshot and `NAME-journal-0000000001`… for the journal, in
/// a folder of the app's own (todo: `sync/` in its data folder).
public final class SyncStateStore: Sendable {
  /// The store the state lives in.
  public let store: any KeyValueStore
  /// The snapshot's key; journal keys start with it.
  public let name: String
  private let nextJournal = Locked<Int?>(nil)

  /// The schema of the snapshot.
  public static let migrations = Migrations<SyncState>(currentVersion: 1)

  /// A state kept under `name` in `store`.
  public init(store: any KeyValueStore, name: String = "sync-state") {
    self.store = store
    self.name = name
  }

  /// One journal record: entries set and hrefs removed.
  struct JournalRecord: Codable {
    var set: [String: SyncStateEntry] = [:]
    var removed: [String] = []
  }

  /// The state as last recorded; an empty one when none is.
  ///
  /// - Throws: `PersistenceError` (a corrupt snapshot or journal is refused, never
  ///   replaced).
  public func load() throws -> SyncState {
    var state = try store.value(forKey: name, migrations: Self.migrations) ?? SyncState()
    let keys = try journalKeys()
    for key in keys {
      guard let record = try store.value(JournalRecord.self, forKey: key) else { continue }
      for (href, entry) in record.set { state.entries[href] = entry }
      for href in record.removed { state.entries[href] = nil }
    }
    nextJournal.withLock { $0 = (keys.last.flatMap(sequence) ?? 0) + 1 }
    return state
  }

  /// Records changes to entries durably (an entry of `nil` removes that href).
  ///
  /// - Throws: `PersistenceError`; then nothing of this change is recorded.
  public func record(_ changes: [String: SyncStateEntry?]) throws {
    guard !changes.isEmpty else { return }
    var record = JournalRecord()
    for (href, entry) in changes {
      if let entry { record.set[href] = entry } else { record.removed.append(href) }
    }
    record.removed.sort()
    let number = try nextJournal.withLock { next in
      let number = try next ?? (journalKeys().last.flatMap(sequence) ?? 0) + 1
      next = number + 1
      return number
    }
    try store.set(record, forKey: journalKey(number))
  }

  /// Writes `state` as the new snapshot and clears the journal.
  ///
  /// - Throws: `PersistenceError`; the previous snapshot and journal stay valid.
  public func save(_ state: SyncState) throws {
    try store.set(state, forKey: name, migrations: Self.migrations)
    for key in try journalKeys() { try store.removeValue(forKey: key) }
    nextJournal.withLock { $0 = 1 }
  }

  private var journalPrefix: String { name + "-journal-" }

  private func journalKey(_ number: Int) -> String {
    let digits = String(number)
    return journalPrefix + String(repeating: "0", count: max(0, 10 - digits.count)) + digits
  }

  private func sequence(_ key: String) -> Int? { Int(key.dropFirst(journalPrefix.count)) }

  /// The journal's keys, oldest first.
  private func journalKeys() throws -> [String] {
    try store.keys().compactMap { key in
      key.hasPrefix(journalPrefix) ? sequence(key).map { (key, $0) } : nil
    }
    .sorted { $0.1 < $1.1 }.map(\.0)
  }
}
