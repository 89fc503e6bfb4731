import CoreBase
internal import Foundation

extension SyncRun {
  /// Brings the server's changes into the local collection in one local write, then
  /// records the entries that write settled. With `only`, just those hrefs.
  ///
  /// The base recorded for an item after this step is the server's record, so a
  /// merged value not yet sent still counts as a local change: if the sync stops
  /// before the upload, the next one sends it.
  func reconcile(_ observations: [String: RemoteObservation], only: Set<String>?) throws {
    var changes: [SyncLocalChange] = []
    var entryChanges: [String: SyncStateEntry?] = [:]
    // Entries waiting for the id of an item the local write creates, by change index.
    var awaitingID: [Int: String] = [:]

    for (href, etag) in foreign.sorted(by: { $0.key < $1.key })
    where only?.contains(href) ?? true {
      entryChanges[href] = SyncStateEntry(
        localID: nil, uid: "", etag: etag, base: [:], body: nil)
    }

    // Known items.
    for (href, stored) in state.entries.sorted(by: { $0.key < $1.key }) {
      if let only, !only.contains(href) { continue }
      guard let localID = stored.localID else {
        if case .deleted = observations[href] { entryChanges[href] = .some(nil) }
        continue
      }
      var entry = stored
      let item = local[localID]
      switch observations[href] {
      case nil:
        continue
      case .deleted:
        if entry.isPendingCreate { continue }  // never made it there: created below
        if let item, item.record != entry.base {
          // Changed here, deleted there: the change wins, created again at the same href.
          entry.isPendingCreate = true
          entry.etag = nil
          entryChanges[href] = entry
        } else {
          if let item {
            changes.append(.delete(id: item.id, was: item.record))
            local[localID] = nil
            result.deleted += 1
          }
          entryChanges[href] = .some(nil)
        }
      case .changed(let remote, let remoteItem):
        entry.isPendingCreate = false
        entry.etag = remoteItem.etag
        entry.body = remoteItem.body
        entry.uid = remote.uid
        let base = entry.base
        entry.base = remote.record
        entryChanges[href] = entry
        guard let item else {
          if remote.record != base {
            // Deleted here, changed there: the change wins.
            awaitingID[changes.count] = href
            changes.append(
              .create(remote.record, modified: remote.modified, preferredID: localID))
            result.received += 1
          } else {
            entry.base = base  // unchanged there: the local delete goes out below
            entryChanges[href] = entry
          }
          continue
        }
        let localChanged = item.record != base
        let remoteChanged = remote.record != base
        if !remoteChanged || item.record == remote.record { continue }
        if !localChanged {
          changes.append(
            .update(
              id: localID, record: remote.record, modified: remote.modified, was: item.record))
          local[localID]?.record = remote.record
          result.received += 1
          continue
        }
        let outcome = SyncMerge.merge(
          localID: localID, base: base, local: item.record, localModified: item.modified,
          remote: remote.record, remoteModified: remote.modified)
        result.merged += 1
        result.conflicts += outcome.conflicts
        // The merged item holds both sides' changes: it was last changed at the later.
        let later = [item.modified, remote.modified].compactMap(\.self).max()
        local[localID]?.modified = later
        if outcome.record != item.record {
          changes.append(
            .update(id: localID, record: outcome.record, modified: later, was: item.record))
          local[localID]?.record = outcome.record
          result.received += 1
        }
      }
    }

    // Items new on the server: matched to a new local item with the same fields
    // (a first sync, or a sync that stopped after its local write), or created here.
    if only == nil {
      let known = Set(state.entries.values.compactMap(\.localID))
      var unmatched: [SyncRecord: [String]] = [:]
      for item in local.values.sorted(by: { $0.id < $1.id }) where !known.contains(item.id) {
        unmatched[item.record, default: []].append(item.id)
      }
      for (href, observation) in observations.sorted(by: { $0.key < $1.key })
      where state.entries[href] == nil {
        guard case .changed(let remote, let remoteItem) = observation else { continue }
        let entry = SyncStateEntry(
          localID: nil, uid: remote.uid, etag: remoteItem.etag, base: remote.record,
          body: remoteItem.body)
        if var ids = unmatched[remote.record], !ids.isEmpty {
          var matched = entry
          matched.localID = ids.removeFirst()
          unmatched[remote.record] = ids
          entryChanges[href] = matched
        } else {
          entryChanges[href] = entry
          awaitingID[changes.count] = href
          changes.append(.create(remote.record, modified: remote.modified, preferredID: nil))
          result.received += 1
        }
      }
    }

    guard !changes.isEmpty || !entryChanges.isEmpty else { return }
    var ids: [String] = []
    if !dryRun, !changes.isEmpty {
      wroteLocally = true
      ids = try engine.adapter.applyLocal(changes)
    }
    var created = 0
    for (index, change) in changes.enumerated() {
      guard case .create(let record, let modified, let preferredID) = change else { continue }
      let id =
        dryRun ? "dry-run-\(index)" : (created < ids.count ? ids[created] : preferredID ?? "")
      created += 1
      local[id] = SyncLocalItem(id: id, record: record, modified: modified)
      if let href = awaitingID[index], var entry = entryChanges[href] ?? nil {
        entry.localID = id
        entryChanges[href] = entry
      }
    }
    try record(entryChanges)
  }
}
