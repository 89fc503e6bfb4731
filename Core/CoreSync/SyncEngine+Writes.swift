import CoreBase
internal import Foundation

/// A replace or delete of an item the server has (its ETag known): the request, and
/// what it sends.
struct SyncWrite: Sendable {
  /// The item's href.
  let href: String
  /// Its ETag exactly as received, for `If-Match`.
  let etag: String
  /// The new body, or `nil` to delete the item.
  let body: String?
  /// The local record the body holds (for a replace).
  let record: SyncRecord?
}

extension SyncRun {
  /// The write `entry` needs: a replace when its local item changed since the last
  /// agreed record, a delete when the item is gone here; `nil` when nothing is to be
  /// sent, or the entry is a create or has no ETag yet (learnt next sync).
  func write(for href: String, _ entry: SyncStateEntry) throws -> SyncWrite? {
    guard let localID = entry.localID, !entry.isPendingCreate, let etag = entry.etag else {
      return nil
    }
    guard let item = local[localID] else {
      return SyncWrite(href: href, etag: etag, body: nil, record: nil)
    }
    guard item.record != entry.base else { return nil }
    let body = try engine.adapter.remoteBody(
      for: item.record, uid: entry.uid, over: entry.body, now: item.modified ?? engine.now())
    return SyncWrite(href: href, etag: etag, body: body, record: item.record)
  }

  /// The writes that need nothing from this round's local write (items the server did
  /// not mention), sent while it runs. At most ``SyncEngine/outcomesPerStateWrite`` of
  /// them, so that a SIGKILL loses no more outcomes than it would otherwise; none in a
  /// dry run.
  func earlyWrites(besides observations: [String: RemoteObservation]) throws -> [SyncWrite] {
    guard !dryRun else { return [] }
    var writes: [SyncWrite] = []
    for (href, entry) in state.entries.sorted(by: { $0.key < $1.key })
    where observations[href] == nil {
      guard writes.count < max(1, engine.outcomesPerStateWrite) else { break }
      if let write = try write(for: href, entry) { writes.append(write) }
    }
    return writes
  }

  /// Sends one write: its new ETag (or `nil`), or the error.
  static func send(_ write: SyncWrite, to remote: any SyncRemote) async
    -> Result<String?, any Error>
  {
    do {
      guard let body = write.body else {
        try await remote.delete(at: write.href, ifMatch: write.etag)
        return .success(nil)
      }
      return .success(try await remote.replace(body, at: write.href, ifMatch: write.etag))
    } catch {
      return .failure(error)
    }
  }

  /// Sends `writes` one after another; stops after the first failure that is not the
  /// server's answer about that item (412, 404).
  static func send(_ writes: [SyncWrite], to remote: any SyncRemote) async
    -> [Result<String?, any Error>]
  {
    var outcomes: [Result<String?, any Error>] = []
    for write in writes {
      let outcome = await send(write, to: remote)
      outcomes.append(outcome)
      if case .failure(let error) = outcome, !(error is SyncRemoteError) { break }
    }
    return outcomes
  }

  /// Sends one write now and settles its answer; a dry run only counts it.
  func perform(_ write: SyncWrite) async throws {
    guard !dryRun else {
      if write.body == nil { result.deleted += 1 } else { result.sent += 1 }
      return
    }
    try settle([write], [await Self.send(write, to: engine.remote)])
  }

  /// Records what writes did: a new ETag, or an item gone; an item the server changed
  /// meanwhile (412) is fetched and merged next round; one it deleted while it changed
  /// here is created again.
  ///
  /// - Throws: The failure that stopped the writes (a transport error), once the
  ///   outcomes before it are recorded.
  func settle(_ writes: [SyncWrite], _ outcomes: [Result<String?, any Error>]) throws {
    for (write, outcome) in zip(writes, outcomes) {
      guard var entry = state.entries[write.href] else { continue }
      let href = write.href
      result.requests += 1
      switch outcome {
      case .success(let etag):
        if let body = write.body, let record = write.record {
          result.sent += 1
          entry.etag = etag
          entry.base = record
          entry.body = body
          try recordOutcome([href: entry])
        } else {
          result.deleted += 1
          try recordOutcome([href: SyncStateEntry?.none])
        }
      case .failure(SyncRemoteError.preconditionFailed):
        retry.insert(href)
      case .failure(SyncRemoteError.notFound):
        if write.body == nil {
          result.deleted += 1  // gone already
          try recordOutcome([href: SyncStateEntry?.none])
        } else {
          // Deleted there meanwhile, changed here: the change wins.
          entry.isPendingCreate = true
          entry.etag = nil
          try recordOutcome([href: entry])
          retry.insert(href)
        }
      case .failure(let error):
        throw error
      }
    }
  }
}
