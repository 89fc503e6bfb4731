internal import Foundation

/// A replace or delete whose item the server did not change this round, so that its
/// request does not depend on the local write: it is sent while that write runs.
struct EarlyWrite: Sendable {
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
  /// The replaces and deletes that need nothing from this round's local write: items
  /// the server did not mention, changed or deleted here. At most
  /// ``SyncEngine/outcomesPerStateWrite`` of them, so that a SIGKILL loses no more
  /// outcomes than it would otherwise; none in a dry run.
  func earlyWrites(besides observations: [String: RemoteObservation]) throws -> [EarlyWrite] {
    guard !dryRun else { return [] }
    var writes: [EarlyWrite] = []
    for (href, entry) in state.entries.sorted(by: { $0.key < $1.key }) {
      guard writes.count < max(1, engine.outcomesPerStateWrite) else { break }
      guard observations[href] == nil, let localID = entry.localID, !entry.isPendingCreate,
        let etag = entry.etag
      else { continue }
      guard let item = local[localID] else {
        writes.append(EarlyWrite(href: href, etag: etag, body: nil, record: nil))
        continue
      }
      guard item.record != entry.base else { continue }
      let body = try engine.adapter.remoteBody(
        for: item.record, uid: entry.uid, over: entry.body, now: item.modified ?? engine.now())
      writes.append(EarlyWrite(href: href, etag: etag, body: body, record: item.record))
    }
    return writes
  }

  /// Sends `writes` one after another; stops at the first failure that is not the
  /// server's answer about that item (412, 404). Each outcome is the new ETag (or
  /// `nil`) or the error.
  static func send(_ writes: [EarlyWrite], to remote: any SyncRemote) async
    -> [Result<String?, any Error>]
  {
    var outcomes: [Result<String?, any Error>] = []
    for write in writes {
      do {
        if let body = write.body {
          outcomes.append(
            .success(try await remote.replace(body, at: write.href, ifMatch: write.etag)))
        } else {
          try await remote.delete(at: write.href, ifMatch: write.etag)
          outcomes.append(.success(nil))
        }
      } catch let error as SyncRemoteError {
        outcomes.append(.failure(error))
      } catch {
        outcomes.append(.failure(error))
        break
      }
    }
    return outcomes
  }

  /// Records what the early writes did, as ``upload(only:)`` does for its own: an item
  /// the server changed meanwhile (412) is fetched and merged next round; one it
  /// deleted while it changed here is created again.
  ///
  /// - Throws: The first failure that stopped the writes, once the outcomes before it
  ///   are recorded.
  func settle(_ writes: [EarlyWrite], _ outcomes: [Result<String?, any Error>]) throws {
    var stop: (any Error)?
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
          result.deleted += 1
          try recordOutcome([href: SyncStateEntry?.none])
        } else {
          // Deleted there meanwhile, changed here: the change wins.
          entry.isPendingCreate = true
          entry.etag = nil
          try recordOutcome([href: entry])
          retry.insert(href)
        }
      case .failure(let error):
        stop = error
      }
    }
    if let stop { throw stop }
  }
}
