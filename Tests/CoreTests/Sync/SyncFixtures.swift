import Core
import CoreTesting
import Foundation

/// A local collection in memory for the engine's tests: records by id, with a
/// modification time from a counter, and a local write that can be made to fail.
final class MemoryLocal: @unchecked Sendable {
  struct Item: Hashable {
    var record: SyncRecord
    var modified: Date
  }
  private let lock = NSLock()
  private var storage: [String: Item] = [:]
  private var nextID = 1
  private var clock = 1_000
  /// The local write number (from 1) that fails, as a full disk would.
  var failingWrite: Int?
  private var writes = 0

  struct DiskFull: Error {}

  /// How many times the engine read the items; the number of changes so far.
  private var reads = 0
  private var changes = 0
  var readCount: Int { lock.withLock { reads } }
  /// Whether the collection says its version (`SyncAdapter.localVersion()`).
  var hasVersion = false
  /// Called right after each read of the items (a test's edit by "another process").
  var onRead: (@Sendable () -> Void)?
  /// Called as each local write starts, before it takes the lock.
  var onWrite: (@Sendable () -> Void)?

  var version: String? { lock.withLock { hasVersion ? "v\(changes)" : nil } }

  var items: [String: Item] { lock.withLock { storage } }
  var records: [SyncRecord] { lock.withLock { storage.values.map(\.record) } }

  @discardableResult
  func add(_ record: SyncRecord) -> String {
    lock.withLock {
      let id = String(nextID)
      nextID += 1
      clock += 1
      changes += 1
      storage[id] = Item(record: record, modified: Date(timeIntervalSince1970: Double(clock)))
      return id
    }
  }

  func edit(_ id: String, _ field: String, _ value: String?, at time: Int? = nil) {
    lock.withLock {
      clock += 1
      changes += 1
      storage[id]?.record[field] = value
      storage[id]?.modified = Date(timeIntervalSince1970: Double(time ?? clock))
    }
  }

  func remove(_ id: String) {
    lock.withLock {
      changes += 1
      storage[id] = nil
    }
  }

  func id(titled title: String) -> String? {
    lock.withLock { storage.first { $0.value.record["title"] == title }?.key }
  }

  func localItems() -> [SyncLocalItem] {
    let items = lock.withLock {
      reads += 1
      return storage.map {
        SyncLocalItem(id: $0.key, record: $0.value.record, modified: $0.value.modified)
      }
    }
    onRead?()
    return items
  }

  func apply(_ changes: [SyncLocalChange]) throws -> [String] {
    onWrite?()
    return try lock.withLock {
      writes += 1
      if writes == failingWrite { throw DiskFull() }
      self.changes += 1
      var created: [String] = []
      for change in changes {
        switch change {
        case .create(let record, let modified, let preferred):
          let id: String
          if let preferred, storage[preferred] == nil {
            id = preferred
          } else {
            id = String(nextID)
            nextID += 1
          }
          storage[id] = Item(record: record, modified: modified ?? .distantPast)
          created.append(id)
        case .update(let id, let record, let modified, let was):
          guard let current = storage[id] else { continue }
          storage[id]?.record = SyncLocalChange.rebased(record, onto: current.record, was: was)
          if let modified, current.record == was { storage[id]?.modified = modified }
        case .delete(let id, let was):
          if storage[id]?.record == was { storage[id] = nil }
        }
      }
      return created
    }
  }
}

/// The engine's test adapter: a record's fields become `X-FIELD-NAME` TEXT properties
/// of a VTODO, written over the last body so that everything else survives.
struct TestAdapter: SyncAdapter {
  let local: MemoryLocal
  let uids: Locked<Int>

  init(local: MemoryLocal) {
    self.local = local
    uids = Locked(0)
  }

  func localItems() throws -> [SyncLocalItem] { local.localItems() }
  func localVersion() throws -> String? { local.version }
  func applyLocal(_ changes: [SyncLocalChange]) throws -> [String] { try local.apply(changes) }

  func remoteRecord(from body: String) throws -> SyncRemoteRecord? {
    let calendar = try ICalendarComponent(parsing: body)
    guard let todo = calendar.component("VTODO"), let uid = todo.text("UID") else { return nil }
    var record: SyncRecord = [:]
    for property in todo.properties where property.name.hasPrefix("X-FIELD-") {
      record[String(property.name.dropFirst(8)).lowercased()] = ICalendarText.unescape(
        property.value)
    }
    let modified = todo.property("LAST-MODIFIED").flatMap(ICalendarDateTime.init(property:))
    return SyncRemoteRecord(uid: uid, record: record, modified: modified?.instant())
  }

  func remoteBody(for record: SyncRecord, uid: String, over lastBody: String?, now: Date) throws
    -> String
  {
    var calendar =
      try lastBody.map { try ICalendarComponent(parsing: $0) }
      ?? ICalendarComponent(
        name: "VCALENDAR",
        properties: [
          ICalendarProperty(name: "VERSION", value: "2.0"),
          ICalendarProperty(name: "PRODID", value: "-//test//EN"),
        ])
    var todo = calendar.component("VTODO") ?? ICalendarComponent(name: "VTODO")
    todo.setText("UID", to: uid)
    todo.properties.removeAll { $0.name.hasPrefix("X-FIELD-") }
    for (field, value) in record.sorted(by: { $0.key < $1.key }) {
      todo.properties.append(
        ICalendarProperty(name: "X-FIELD-" + field.uppercased(), value: ICalendarText.escape(value))
      )
    }
    todo.setValue("LAST-MODIFIED", to: ICalendarDateTime.utcText(now))
    calendar.replaceFirstComponent(named: "VTODO", with: todo)
    return calendar.serialized()
  }

  func newIdentity(for item: SyncLocalItem) -> (uid: String, name: String) {
    let number = uids.withLock { value in
      value += 1
      return value
    }
    return ("uid-\(item.id)-\(number)", "uid-\(item.id)-\(number)")
  }
}

/// One side of a sync: a local collection, its state store and an engine on `remote`.
struct SyncSide {
  let local = MemoryLocal()
  let stateStore: FailingKeyValueStore
  let engine: SyncEngine

  /// With `adapter`, the engine's adapter on the side's local collection (a
  /// ``KeyedTestAdapter``); else a ``TestAdapter``.
  init(
    remote: InMemorySyncRemote, outcomesPerStateWrite: Int = 64,
    now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 5_000) },
    adapter: ((MemoryLocal) -> any SyncAdapter)? = nil
  ) {
    let stateStore = FailingKeyValueStore()
    self.stateStore = stateStore
    var engine = SyncEngine(
      remote: remote, adapter: adapter?(local) ?? TestAdapter(local: local),
      state: SyncStateStore(store: stateStore), now: now)
    engine.outcomesPerStateWrite = outcomesPerStateWrite
    self.engine = engine
  }

  func sync(dryRun: Bool = false) async throws -> SyncResult {
    try await engine.sync(dryRun: dryRun)
  }
}

/// A remote body as another client writes it, with the given fields.
func remoteBody(
  uid: String, _ record: SyncRecord, modified: String = "20260101T000000Z", extra: [String] = []
) -> String {
  var lines = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other//EN", "BEGIN:VTODO", "UID:\(uid)",
  ]
  for (field, value) in record.sorted(by: { $0.key < $1.key }) {
    lines.append("X-FIELD-\(field.uppercased()):\(ICalendarText.escape(value))")
  }
  lines.append("LAST-MODIFIED:\(modified)")
  lines += extra
  lines += ["END:VTODO", "END:VCALENDAR"]
  return lines.joined(separator: "\r\n") + "\r\n"
}

/// The records the remote holds (VTODOs only).
func remoteRecords(_ remote: InMemorySyncRemote) throws -> [SyncRecord] {
  let adapter = TestAdapter(local: MemoryLocal())
  return try remote.items.values.compactMap { try adapter.remoteRecord(from: $0.body)?.record }
}

/// Records sorted for comparing collections.
func sorted(_ records: [SyncRecord]) -> [SyncRecord] {
  records.sorted {
    $0.sorted(by: { $0.key < $1.key }).description < $1.sorted(by: { $0.key < $1.key }).description
  }
}
