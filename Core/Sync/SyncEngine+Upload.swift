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
      guard let item = local[localID] else {
        try await deleteRemote(href: href, entry: entry)
        continue
      }
      if entry.isPendingCreate {
        try await create(href: href, entry: entry, item: item)
      } else if item.record != entry.base, let etag = entry.etag {
        try await replace(href: href, entry: entry, item: item, etag: etag)
      }
    }
  }

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
      let etag = try await engine.remote.create(body, at: href)
      entry.isPendingCreate = false
      entry.etag = etag
      entry.body = body
      try recordOutcome([href: entry])
    } catch SyncRemoteError.preconditionFailed {
      // Already there (an earlier sync's create went through): fetch and adopt it.
      result.sent -= 1
      retry.insert(href)
    }
  }

  private func replace(href: String, entry: SyncStateEntry, item: SyncLocalItem, etag: String)
    async throws
  {
    var entry = entry
    let body = try engine.adapter.remoteBody(
      for: item.record, uid: entry.uid, over: entry.body, now: item.modified ?? engine.now())
    result.sent += 1
    guard !dryRun else { return }
    do {
      result.requests += 1
      entry.etag = try await engine.remote.replace(body, at: href, ifMatch: etag)
      entry.base = item.record
      entry.body = body
      try recordOutcome([href: entry])
    } catch SyncRemoteError.preconditionFailed {
      result.sent -= 1
      retry.insert(href)
    } catch SyncRemoteError.notFound {
      // Deleted there meanwhile, changed here: the change wins.
      result.sent -= 1
      entry.isPendingCreate = true
      entry.etag = nil
      try recordOutcome([href: entry])
      retry.insert(href)
    }
  }

  private func deleteRemote(href: String, entry: SyncStateEntry) async throws {
    if entry.isPendingCreate {
      try recordOutcome([href: SyncStateEntry?.none])  // never reached the server
      return
    }
    guard let etag = entry.etag else { return }  // learnt next sync, then deleted
    result.deleted += 1
    guard !dryRun else { return }
    do {
      result.requests += 1
      try await engine.remote.delete(at: href, ifMatch: etag)
      try recordOutcome([href: SyncStateEntry?.none])
    } catch SyncRemoteError.notFound {
      try recordOutcome([href: SyncStateEntry?.none])
    } catch SyncRemoteError.preconditionFailed {
      result.deleted -= 1
      retry.insert(href)
    }
  }
}
