public import CoreBase
public import Foundation

/// Keeps a ``SyncState`` durably in a `KeyValueStore`: a snapshot, a journal of
/// small changes, and a head holding the token and the time of the last sync, so that
/// recording a few requests' outcomes writes a few hundred bytes rather than the whole
/// state, and a sync that changed nothing writes only the head.
///
/// With a `FileKeyValueStore` every write is atomic and fsynced (the store's own
/// plumbing), so after ``record(_:)`` returns the change survives a crash or a
/// SIGKILL. ``load()`` reads the snapshot, replays the journal in order and takes the
/// token and time from the head; ``save(_:)`` writes a new snapshot, removes the
/// journal (replaying a journal record onto a snapshot that already holds it changes
/// nothing, so a crash between the two loses nothing), then writes the head.
/// ``finish(_:recording:quietVersion:)`` ends a sync: its last changes as one journal record (or a
/// new snapshot once the journal has grown), then the head. The head is always
/// written last, so the token it holds never covers a change the entries lack.
/// ``loadHead()`` reads just the head, so that a sync can ask the server for changes
/// while the rest is read. The snapshot is a `Versioned` value (version 1).
///
/// Keys: `NAME` for the snapshot, `NAME-head` for the head and
/// `NAME-journal-0000000001`… for the journal, in a folder of the app's own (todo:
/// `sync/` in its data folder).
public final class SyncStateStore: Sendable {
  /// The store the state lives in.
  public let store: any KeyValueStore
  /// The snapshot's key; journal keys start with it.
  public let name: String
  private let nextJournal = Locked<Int?>(nil)
  /// The entry changes and the records the journal holds, as far as this store has
  /// seen (from the last ``load()`` or ``save(_:)`` on).
  private let journalLength = Locked((changes: 0, records: 0))

  /// The most records the journal keeps before the end of a sync compacts it.
  static let journalRecordLimit = 8

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

  /// The token and the time of the last sync, kept apart from the entries.
  public struct Head: Codable, Hashable, Sendable {
    /// The token to ask for changes with, or `nil` for a full listing.
    public var token: String?
    /// When the last sync finished.
    public var lastSync: Date?
    /// The app's local version (``SyncAdapter/localVersion()``) after the last sync,
    /// when that sync wrote nothing locally and left every entry settled (each ETag
    /// known, nothing pending or left for the next sync); else `nil`.
    public var quietVersion: String?

    /// A head.
    public init(token: String?, lastSync: Date?, quietVersion: String? = nil) {
      self.token = token
      self.lastSync = lastSync
      self.quietVersion = quietVersion
    }
  }

  /// Writes only the head, for a sync that found nothing to do: without flushing it
  /// to disk (`KeyValueStore/setDataWithoutFlush(_:forKey:)`), since it changes only
  /// the time of the last sync — a crash may bring back the earlier time, never a
  /// token the entries do not cover.
  ///
  /// - Throws: `PersistenceError`.
  public func writeHead(_ head: Head) throws {
    try store.setWithoutFlush(head, forKey: headKey)
  }

  /// The head as last written, or `nil` when there is none (nothing synced yet, or a
  /// state written before heads were kept: then ``load()`` has the token) or it does
  /// not decode (a head written without flushing, torn by a crash): the snapshot's
  /// token is then used, which is never newer than what the entries cover.
  ///
  /// - Throws: `PersistenceError`.
  public func loadHead() throws -> Head? {
    do {
      return try store.value(Head.self, forKey: headKey)
    } catch PersistenceError.corrupted {
      return nil
    }
  }

  /// The state as last recorded; an empty one when none is.
  ///
  /// - Throws: `PersistenceError` (a corrupt snapshot or journal is refused, never
  ///   replaced).
  public func load() throws -> SyncState {
    var state = try store.value(forKey: name, migrations: Self.migrations) ?? SyncState()
    let keys = try journalKeys()
    var length = 0
    for key in keys {
      guard let record = try store.value(JournalRecord.self, forKey: key) else { continue }
      for (href, entry) in record.set { state.entries[href] = entry }
      for href in record.removed { state.entries[href] = nil }
      length += record.set.count + record.removed.count
    }
    if let head = try loadHead() {
      state.token = head.token
      state.lastSync = head.lastSync
    }
    nextJournal.withLock { $0 = (keys.last.flatMap(sequence) ?? 0) + 1 }
    journalLength.withLock { $0 = (length, keys.count) }
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
    journalLength.withLock {
      $0.changes += changes.count
      $0.records += 1
    }
  }

  /// Writes `state` as the new snapshot, clears the journal, then writes the head.
  ///
  /// - Throws: `PersistenceError`; the previous snapshot and journal stay valid.
  public func save(_ state: SyncState) throws {
    try store.set(state, forKey: name, migrations: Self.migrations)
    for key in try journalKeys() { try store.removeValue(forKey: key) }
    nextJournal.withLock { $0 = 1 }
    journalLength.withLock { $0 = (0, 0) }
    try store.set(Head(token: state.token, lastSync: state.lastSync), forKey: headKey)
  }

  /// Ends a sync: records `changes` (the entry changes not yet recorded) and writes
  /// `state`'s token and time as the head. The changes go in as one journal record
  /// while the journal stays short (at most a quarter of the entries, or 64 changes,
  /// in at most 8 records), else as a new snapshot of `state`; with no changes, only
  /// the head is written.
  ///
  /// - Parameters:
  ///   - state: The whole state, `changes` included.
  ///   - changes: Entry changes since the last ``record(_:)`` (`nil` removes an href).
  ///   - quietVersion: The head's ``Head/quietVersion``.
  /// - Throws: `PersistenceError`; then the head is not written, so the stored token
  ///   still covers only what the entries hold.
  public func finish(
    _ state: SyncState, recording changes: [String: SyncStateEntry?], quietVersion: String? = nil
  ) throws {
    let head = Head(token: state.token, lastSync: state.lastSync, quietVersion: quietVersion)
    guard !changes.isEmpty else {
      try store.set(head, forKey: headKey)
      return
    }
    let length = journalLength.withLock { $0 }
    if length.changes + changes.count <= max(64, state.entries.count / 4),
      length.records < Self.journalRecordLimit
    {
      try record(changes)
    } else {
      try store.set(state, forKey: name, migrations: Self.migrations)
      for key in try journalKeys() { try store.removeValue(forKey: key) }
      nextJournal.withLock { $0 = 1 }
      journalLength.withLock { $0 = (0, 0) }
    }
    try store.set(head, forKey: headKey)
  }

  private var journalPrefix: String { name + "-journal-" }

  private var headKey: String { name + "-head" }

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
