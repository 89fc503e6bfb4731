import Core
import CoreTesting
import Foundation

/// The engine's test adapter as feed's subscriptions use the engine: items are the same
/// one when their `url` is (``SyncAdapter/matchKey(for:)``), and some fields may be
/// left out locally to mean "as last agreed" (``SyncAdapter/inheritedFields``).
///
/// Its local write treats an inherited field the engine filled in `was` as the item's:
/// an item whose stored record leaves such a field out still counts as unchanged.
struct KeyedTestAdapter: SyncAdapter {
  let inner: TestAdapter
  let inheritedFields: Set<String>

  init(local: MemoryLocal, inheritedFields: Set<String> = []) {
    inner = TestAdapter(local: local)
    self.inheritedFields = inheritedFields
  }

  func matchKey(for record: SyncRecord) -> SyncRecord { ["url": record["url"] ?? ""] }

  func localItems() throws -> [SyncLocalItem] { try inner.localItems() }
  func localVersion() throws -> String? { try inner.localVersion() }

  func applyLocal(_ changes: [SyncLocalChange]) throws -> [String] {
    let stored = inner.local.items
    return try inner.applyLocal(
      changes.map { change in
        guard case .delete(let id, let was) = change, let current = stored[id]?.record else {
          return change
        }
        return .delete(
          id: id,
          was: was.filter { !inheritedFields.contains($0.key) || current[$0.key] != nil })
      })
  }

  func remoteRecord(from body: String) throws -> SyncRemoteRecord? {
    try inner.remoteRecord(from: body)
  }

  func remoteBody(for record: SyncRecord, uid: String, over lastBody: String?, now: Date) throws
    -> String
  {
    try inner.remoteBody(for: record, uid: uid, over: lastBody, now: now)
  }

  func newIdentity(for item: SyncLocalItem) -> (uid: String, name: String) {
    inner.newIdentity(for: item)
  }
}
