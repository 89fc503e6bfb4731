public import Foundation

/// Syncs an app's local collection with a ``SyncRemote``: a two-way sync that merges
/// field by field against the last version both sides agreed on.
///
/// ```swift
/// let engine = SyncEngine(
///   remote: collection, adapter: TodoSyncAdapter(store: store),
///   state: SyncStateStore(store: FileKeyValueStore(directory: data.appending(path: "sync"))))
/// let result = try await engine.sync()
/// print(result)  // sent 3, received 5, merged 1, deleted 2
/// ```
///
/// One sync:
/// 1. asks the server what changed since the stored token (a full listing when there
///    is none or the server refuses it), and fetches the changed bodies in batches;
/// 2. brings the server's changes into the local collection in one local write: an
///    item changed on one side takes that side; changed on both, the fields are
///    merged (``SyncMerge``); deleted on one side and changed on the other, the
///    changed item is kept; an item new on both sides with the same fields is
///    matched, never duplicated;
/// 3. sends local changes, one request per item (`If-Match` with the ETag exactly as
///    received, `If-None-Match: *` for a new item), deletes what was deleted locally;
///    an item the server changed meanwhile (412) is fetched and merged again, in up
///    to ``maximumRounds`` rounds.
///
/// After every request that changes something, the outcome is recorded durably in
/// the ``SyncStateStore`` (and a new item's href and UID before its create request),
/// so a sync interrupted anywhere — an error, a SIGKILL, a full disk — is finished by
/// the next one: nothing lost, duplicated or brought back. The token is stored only
/// once every change it covers is in. A dry run asks the same questions and writes
/// nothing anywhere.
public struct SyncEngine: Sendable {
  /// The server's collection.
  public let remote: any SyncRemote
  /// The app's side.
  public let adapter: any SyncAdapter
  /// Where the sync state lives.
  public let state: SyncStateStore
  /// How many bodies one fetch asks for.
  public var batchSize = 100
  /// How many times an item the server changed during the sync is fetched and merged
  /// again before it is left to the next sync.
  public var maximumRounds = 3
  /// The clock (for DTSTAMP/LAST-MODIFIED of uploads and the time of the sync).
  public var now: @Sendable () -> Date

  /// An engine syncing `adapter`'s items with `remote`, remembering in `state`.
  public init(
    remote: any SyncRemote, adapter: any SyncAdapter, state: SyncStateStore,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.remote = remote
    self.adapter = adapter
    self.state = state
    self.now = now
  }

  /// Brings both sides to the same state.
  ///
  /// - Parameter dryRun: Compute the result without writing anything (local items,
  ///   server, sync state); only reading requests are sent.
  /// - Returns: What was done (or would be).
  /// - Throws: What the server, the adapter or the state store throws; what was done
  ///   before is recorded, and the next sync goes on from there.
  public func sync(dryRun: Bool = false) async throws -> SyncResult {
    let run = SyncRun(engine: self, dryRun: dryRun, state: try state.load())
    return try await run.run()
  }

  /// The sync state as last recorded (for a status command).
  public func recordedState() throws -> SyncState { try state.load() }
}

/// What the server says of one href this round.
enum RemoteObservation {
  /// Changed (or new): its parsed record and the item.
  case changed(SyncRemoteRecord, RemoteItem)
  /// Gone from the server.
  case deleted
}

/// One sync's working state.
final class SyncRun {
  let engine: SyncEngine
  let dryRun: Bool
  var state: SyncState
  var result = SyncResult()
  /// The local items as they are after this sync's local changes, by id.
  var local: [String: SyncLocalItem] = [:]
  /// Hrefs to fetch and merge again next round.
  var retry: Set<String> = []
  /// Hrefs whose body is not the app's (a VEVENT): their ETags, not to be fetched again.
  var foreign: [String: String?] = [:]

  init(engine: SyncEngine, dryRun: Bool, state: SyncState) {
    self.engine = engine
    self.dryRun = dryRun
    self.state = state
    result.isDryRun = dryRun
  }

  func run() async throws -> SyncResult {
    let changes = try await listChanges()
    var observations = try await observe(changes)
    local = Dictionary(
      try engine.adapter.localItems().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    try reconcile(observations, only: nil)
    try await upload(only: nil)
    var round = 1
    while !retry.isEmpty, round < engine.maximumRounds {
      round += 1
      let hrefs = retry
      retry = []
      observations = try await fetchObservations(hrefs.sorted(), missingAreDeleted: true)
      try reconcile(observations, only: hrefs)
      try await upload(only: hrefs)
    }
    result.retryNextTime = retry.count
    if !dryRun {
      if retry.isEmpty, result.skipped.isEmpty { state.token = changes.token }
      state.lastSync = engine.now()
      try engine.state.save(state)
    }
    return result
  }

  // MARK: - Reading the server

  /// The changes since the stored token, or a full listing.
  private func listChanges() async throws -> RemoteChanges {
    guard let token = state.token else {
      result.requests += 1
      return try await engine.remote.changes(since: nil)
    }
    do {
      result.requests += 1
      return try await engine.remote.changes(since: token)
    } catch SyncRemoteError.invalidToken {
      result.requests += 1
      return try await engine.remote.changes(since: nil)
    }
  }

  /// What changed on the server, with the bodies of what needs a look.
  private func observe(_ changes: RemoteChanges) async throws -> [String: RemoteObservation] {
    var observations: [String: RemoteObservation] = [:]
    var listed: [String: String?] = [:]
    for resource in changes.changed { listed[resource.href] = resource.etag }
    for href in changes.deleted where listed[href] == nil && state.entries[href] != nil {
      observations[href] = .deleted
    }
    var toFetch: [String] = []
    for (href, etag) in listed {
      if let entry = state.entries[href], !entry.isPendingCreate, let known = entry.etag,
        known == etag
      {
        continue
      }
      toFetch.append(href)
    }
    for (href, entry) in state.entries where listed[href] == nil && !entry.isPendingCreate {
      if changes.isFullListing {
        observations[href] = .deleted
      } else if entry.etag == nil, observations[href] == nil {
        toFetch.append(href)  // a PUT answered without an ETag: learn it now
      }
    }
    let fetched = try await fetchObservations(toFetch.sorted(), missingAreDeleted: false)
    observations.merge(fetched) { _, new in new }
    // An href asked for but not returned is gone, unless it was only ever pending.
    for href in toFetch
    where fetched[href] == nil && foreign[href] == nil
      && result.skipped[href] == nil
    {
      if let entry = state.entries[href], !entry.isPendingCreate { observations[href] = .deleted }
    }
    return observations
  }

  /// Fetches `hrefs` in batches and parses them; with `missingAreDeleted`, an href
  /// not returned is observed as deleted.
  func fetchObservations(_ hrefs: [String], missingAreDeleted: Bool) async throws
    -> [String: RemoteObservation]
  {
    var observations: [String: RemoteObservation] = [:]
    var start = 0
    while start < hrefs.count {
      let batch = Array(hrefs[start..<min(hrefs.count, start + engine.batchSize)])
      start += batch.count
      result.requests += 1
      let items = try await engine.remote.fetch(batch)
      var returned = Set<String>()
      for item in items {
        returned.insert(item.href)
        do {
          if let record = try engine.adapter.remoteRecord(from: item.body) {
            observations[item.href] = .changed(record, item)
          } else {
            foreign[item.href] = item.etag
          }
        } catch {
          result.skipped[item.href] = "\(error)"
        }
      }
      if missingAreDeleted {
        for href in batch where !returned.contains(href) { observations[href] = .deleted }
      }
    }
    return observations
  }

  // MARK: - Recording

  /// Records entry changes durably (not in a dry run) and in memory.
  func record(_ changes: [String: SyncStateEntry?]) throws {
    guard !changes.isEmpty else { return }
    if !dryRun { try engine.state.record(changes) }
    for (href, entry) in changes { state.entries[href] = entry }
  }
}
