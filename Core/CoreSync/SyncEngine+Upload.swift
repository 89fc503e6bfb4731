import CoreBase
internal import Foundation

extension SyncRun {
  /// Sends local changes: one request per item, the outcomes recorded
  /// ``SyncEngine/outcomesPerStateWrite`` at a time. With `only`, just those hrefs (a
  /// later round).
  func upload(only: Set<String>?) async throws {
    // New local items get their href and UID recorded before any create is sent.
    if only == nil {
      let known = Set(state.entries.values.compactMap(\.localID))
      var fresh: [String: SyncStateEntry?] = [:]
      for item in local.values.sorted(by: { $0.id < $1.id }) where !known.contains(item.id) {
        let identity = engine.adapter.newIdentity(for: item)
        let href = engine.remote.href(forNewItemNamed: identity.name)
        fresh[href] = SyncStateEntry(
          localID: item.id, uid: identity.uid, etag: nil, base: item.record, body: nil,
          isPendingCreate: true)
      }
      try record(fresh)
    }
    for (href, entry) in state.entries.sorted(by: { $0.key < $1.key }) {
      if let only, !only.contains(href) { continue }
      // Sent early and answered 412: fetched and merged next round.
      if only == nil, retry.contains(href) { continue }
      guard let localID = entry.localID else { continue }
      if entry.isPendingCreate {
        if let item = local[localID] {
          try await create(href: href, entry: entry, item: item)
        } else {
          try recordOutcome([href: SyncStateEntry?.none])  // never reached the server
        }
      } else if let write = try write(for: href, entry) {
        try await perform(write)
      }
    }
  }

  /// Creates the item on the server. When the server put it elsewhere than proposed
  /// (``SyncRemote/assignsHrefs``), its entry moves there in one state record; when the
  /// server refuses this item alone, it is reported and stays pending for the next sync.
  private func create(href: String, entry: SyncStateEntry, item: SyncLocalItem) async throws {
    var entry = entry
    if entry.base != item.record {
      entry.base = item.record
      try record([href: entry])
    }
    let body = try engine.adapter.remoteBody(
      for: item.record, uid: entry.uid, over: entry.body, now: item.modified ?? engine.now())
    result.sent += 1
    guard !dryRun else { return }
    do {
      result.requests += 1
      let created = try await engine.remote.create(body, proposedHref: href)
      entry.isPendingCreate = false
      entry.etag = created.etag
      entry.body = body
      if created.href == href {
        try recordOutcome([href: entry])
      } else {
        try recordOutcome([href: SyncStateEntry?.none, created.href: entry])
      }
      // A server that names new items itself may fill in what the item left out (a
      // default folder): read back next round, so that it is agreed now and not taken
      // later for a change made there (which would win over a delete here).
      if engine.remote.assignsHrefs { retry.insert(created.href) }
    } catch SyncRemoteError.preconditionFailed {
      // Already there (an earlier sync's create went through): fetch and adopt it.
      result.sent -= 1
      retry.insert(href)
    } catch SyncRemoteError.rejected(let refused, let reason) {
      // Refused for this item alone: the others go on; the entry stays pending, so the
      // next sync tries again (and, with something skipped, keeps the token).
      result.sent -= 1
      result.skipped[refused] = reason
    }
  }
}
