import CoreBase
internal import Foundation

/// The local write one reconcile builds: the changes to make to the local collection,
/// in order, and the state entries the write settles.
struct SyncLocalWrite {
  /// One change, and for a create the href whose entry waits for the new item's id.
  struct Step {
    var change: SyncLocalChange
    var awaitingID: String?
  }

  var steps: [Step] = []
  var entries: [String: SyncStateEntry?] = [:]

  var isEmpty: Bool { steps.isEmpty && entries.isEmpty }

  mutating func append(_ change: SyncLocalChange) { steps.append(Step(change: change)) }

  /// Creates an item here for the server's item at `href`, whose entry gets its id.
  mutating func create(_ remote: SyncRemoteRecord, preferredID: String?, for href: String) {
    steps.append(
      Step(
        change: .create(remote.record, modified: remote.modified, preferredID: preferredID),
        awaitingID: href))
  }
}

extension SyncRun {
  /// Brings the server's changes into the local collection in one local write, then
  /// records the entries that write settled. With `only`, just those hrefs.
  ///
  /// The base recorded for an item after this step is the server's record, so a
  /// merged value not yet sent still counts as a local change: if the sync stops
  /// before the upload, the next one sends it.
  func reconcile(_ observations: [String: RemoteObservation], only: Set<String>?) throws {
    var write = SyncLocalWrite()
    keepForeign(only: only, in: &write)
    for (href, stored) in state.entries.sorted(by: { $0.key < $1.key })
    where only?.contains(href) ?? true {
      reconcileKnown(href, stored, observations[href], in: &write)
    }
    if only == nil { reconcileNew(observations, in: &write) }
    try apply(write)
  }

  /// Items that are not the app's (a VEVENT) keep an entry with their ETag, so they are
  /// not fetched again.
  private func keepForeign(only: Set<String>?, in write: inout SyncLocalWrite) {
    for (href, etag) in foreign.sorted(by: { $0.key < $1.key })
    where only?.contains(href) ?? true {
      write.entries[href] = SyncStateEntry(
        localID: nil, uid: "", etag: etag, base: [:], body: nil)
    }
  }

  /// An item the state knows, as the server reports it (`nil`: not mentioned).
  private func reconcileKnown(
    _ href: String, _ stored: SyncStateEntry, _ observation: RemoteObservation?,
    in write: inout SyncLocalWrite
  ) {
    guard let localID = stored.localID else {
      if case .deleted = observation { write.entries[href] = .some(nil) }  // a foreign one gone
      return
    }
    switch observation {
    case nil: return
    case .deleted:
      // Never made it there: the upload creates it.
      if stored.isPendingCreate { return }
      deletedThere(href, stored, local[localID], in: &write)
    case .changed(let remote, let remoteItem):
      changedThere(href, stored, remote, remoteItem, local[localID], in: &write)
    }
  }

  /// Deleted on the server: deleted here too, unless it changed here — then the change
  /// wins and it is created again at the same href.
  private func deletedThere(
    _ href: String, _ stored: SyncStateEntry, _ item: SyncLocalItem?,
    in write: inout SyncLocalWrite
  ) {
    switch SyncDecision(base: stored.base, local: item?.record, remote: nil) {
    case .send:
      var entry = stored
      entry.isPendingCreate = true
      entry.etag = nil
      write.entries[href] = entry
    case .deleteHere:
      if let item {
        write.append(.delete(id: item.id, was: item.record))
        local[item.id] = nil
        result.deleted += 1
      }
      write.entries[href] = .some(nil)
    default:
      write.entries[href] = .some(nil)  // deleted on both sides
    }
  }

  /// Changed on the server: its record becomes the base; taken here when unchanged
  /// here, merged when changed on both sides, created again when deleted here.
  private func changedThere(
    _ href: String, _ stored: SyncStateEntry, _ remote: SyncRemoteRecord, _ remoteItem: RemoteItem,
    _ item: SyncLocalItem?, in write: inout SyncLocalWrite
  ) {
    var entry = stored
    entry.isPendingCreate = false
    entry.etag = remoteItem.etag
    entry.body = remoteItem.body
    entry.uid = remote.uid
    entry.base = remote.record
    write.entries[href] = entry
    switch SyncDecision(base: stored.base, local: item?.record, remote: remote.record) {
    case .deleteThere:
      entry.base = stored.base  // unchanged there: the local delete goes out in the upload
      write.entries[href] = entry
    case .take(let record):
      guard let item else {
        // Deleted here, changed there: the change wins.
        write.create(remote, preferredID: stored.localID, for: href)
        result.received += 1
        return
      }
      write.append(
        .update(id: item.id, record: record, modified: remote.modified, was: item.record))
      local[item.id]?.record = record
      result.received += 1
    case .merge:
      if let item { merge(item, with: remote, base: stored.base, in: &write) }
    case .agree, .send, .deleteHere:
      return  // nothing to bring here; a change here goes out in the upload
    }
  }

  /// Changed on both sides: merged field by field; the merged item was last changed at
  /// the later of the two.
  private func merge(
    _ item: SyncLocalItem, with remote: SyncRemoteRecord, base: SyncRecord,
    in write: inout SyncLocalWrite
  ) {
    let outcome = SyncMerge.merge(
      localID: item.id, base: base, local: item.record, localModified: item.modified,
      remote: remote.record, remoteModified: remote.modified)
    result.merged += 1
    result.conflicts += outcome.conflicts
    let later = [item.modified, remote.modified].compactMap(\.self).max()
    local[item.id]?.modified = later
    guard outcome.record != item.record else { return }
    write.append(.update(id: item.id, record: outcome.record, modified: later, was: item.record))
    local[item.id]?.record = outcome.record
    result.received += 1
  }

  /// Items new on the server: a create of this sync's state whose answer was lost
  /// (adopted), a new local item with the same ``SyncAdapter/matchKey(for:)`` (a first
  /// sync, or a sync that stopped after its local write), or else created here.
  private func reconcileNew(
    _ observations: [String: RemoteObservation], in write: inout SyncLocalWrite
  ) {
    var unmatched = unsyncedLocalIDs()
    var pending = engine.remote.assignsHrefs ? pendingCreates(besides: observations) : [:]
    for (href, observation) in observations.sorted(by: { $0.key < $1.key })
    where state.entries[href] == nil {
      guard case .changed(let remote, let remoteItem) = observation else { continue }
      var entry = SyncStateEntry(
        localID: nil, uid: remote.uid, etag: remoteItem.etag, base: remote.record,
        body: remoteItem.body)
      let key = engine.adapter.matchKey(for: remote.record)
      if let created = pending[key]?.first {
        // Created by an earlier sync whose answer was lost: the entry moves here.
        pending[key]?.removeFirst()
        write.entries[created] = .some(nil)
        entry.localID = state.entries[created]?.localID
      } else if let id = unmatched[key]?.first {
        unmatched[key]?.removeFirst()
        entry.localID = id
      } else {
        write.entries[href] = entry
        write.create(remote, preferredID: nil, for: href)
        result.received += 1
        continue
      }
      write.entries[href] = entry
      if let id = entry.localID, let item = local[id] { matched(item, remote, in: &write) }
    }
  }

  /// A local item matched to a new item of the server: each field the local record has
  /// keeps its value, the others take the server's. An inherited field the item leaves
  /// out reads as the server's, as it does for a linked item once the entry's base is
  /// the server's record; the upload sends the merged record when it differs.
  private func matched(
    _ original: SyncLocalItem, _ remote: SyncRemoteRecord, in write: inout SyncLocalWrite
  ) {
    // Same records (always, with the default match key): nothing to tell the app.
    guard remote.record != original.record else { return }
    var item = original
    for field in engine.adapter.inheritedFields where item.record[field] == nil {
      item.record[field] = remote.record[field]
    }
    let record = remote.record.merging(item.record) { _, here in here }
    let later = [item.modified, remote.modified].compactMap(\.self).max()
    // Told even when every field here wins (`record == was`): the app links the item in
    // this write, and may keep what it shows of the server's (feed: a title to show).
    write.append(.update(id: item.id, record: record, modified: later, was: item.record))
    local[item.id]?.record = record
    local[item.id]?.modified = later
    if record != item.record { result.received += 1 }
  }

  /// The local items no entry knows, by match key, in id order.
  private func unsyncedLocalIDs() -> [SyncRecord: [String]] {
    let known = Set(state.entries.values.compactMap(\.localID))
    var unsynced: [SyncRecord: [String]] = [:]
    for item in local.values.sorted(by: { $0.id < $1.id }) where !known.contains(item.id) {
      unsynced[engine.adapter.matchKey(for: item.record), default: []].append(item.id)
    }
    return unsynced
  }

  /// The hrefs of pending creates the server did not report where they were proposed,
  /// by the match key of the record each sends, in href order: such an item may be on
  /// the server elsewhere.
  private func pendingCreates(besides observations: [String: RemoteObservation])
    -> [SyncRecord: [String]]
  {
    var pending: [SyncRecord: [String]] = [:]
    for (href, entry) in state.entries.sorted(by: { $0.key < $1.key })
    where entry.isPendingCreate && entry.localID != nil && observations[href] == nil {
      pending[engine.adapter.matchKey(for: entry.base), default: []].append(href)
    }
    return pending
  }

  /// Makes the local write (not in a dry run), gives each created item's entry its
  /// id, and records the entries.
  private func apply(_ write: SyncLocalWrite) throws {
    guard !write.isEmpty else { return }
    var entries = write.entries
    var ids: [String] = []
    if !dryRun, !write.steps.isEmpty {
      wroteLocally = true
      ids = try engine.adapter.applyLocal(write.steps.map(\.change))
    }
    var createdIDs = ids.makeIterator()
    for (index, step) in write.steps.enumerated() {
      guard case .create(let record, let modified, let preferredID) = step.change else { continue }
      let id = dryRun ? "dry-run-\(index)" : createdIDs.next() ?? preferredID ?? ""
      local[id] = SyncLocalItem(id: id, record: record, modified: modified)
      if let href = step.awaitingID, var entry = entries[href] ?? nil {
        entry.localID = id
        entries[href] = entry
      }
    }
    try record(entries)
  }
}
