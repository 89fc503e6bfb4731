import CoreBase
public import Foundation

/// Syncs an app's local collection with a ``SyncRemote``: a two-way sync that merges
/// field by field against the last version both sides agreed on.
///
/// <!-- doc-test: skip a fragment: `collection`, `TodoSyncAdapter`, `store`, `data` come from its surroundings -->
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
/// 2. brings the server's changes into the local collection in one local write, each
///    item decided by ``SyncDecision``: an item changed on one side takes that side; changed on both, the fields are
///    merged (``SyncMerge``); deleted on one side and changed on the other, the
///    changed item is kept; an item new on both sides with the same
///    ``SyncAdapter/matchKey(for:)`` (by default, the same fields) is matched, never
///    duplicated;
/// 3. sends local changes, one request per item (`If-Match` with the ETag exactly as
///    received, `If-None-Match: *` for a new item), deletes what was deleted locally;
///    an item the server changed meanwhile (412) is fetched and merged again, in up
///    to ``maximumRounds`` rounds. Replaces and deletes of items the server did not
///    mention (up to ``outcomesPerStateWrite`` of them) are sent while step 2's local
///    write runs: they need nothing from it.
///
/// What a sync must not forget is recorded durably in the ``SyncStateStore`` before it
/// goes on: a new item's href and UID before its create request, the entries the
/// local write settled right after it. The outcomes of the write requests are
/// recorded ``outcomesPerStateWrite`` at a time (and at the end): one lost with a
/// SIGKILL is learnt again by the next sync — a create it repeats is answered 412 and
/// the item adopted (on a server that names items itself, the item is recognised by
/// its match key), a replaced item lists with its new ETag and equal fields, a
/// deleted one lists as gone. So a sync interrupted anywhere — an error, a SIGKILL, a
/// full disk — is finished by the next one: nothing lost, duplicated or brought back.
/// The token is stored only once every change it covers is in. A dry run asks the
/// same questions and writes nothing anywhere. A sync that would delete most of a
/// side stops before writing anything (``SyncMassDeletion``), unless
/// ``allowsMassDeletion`` is set.
///
/// The request for changes goes out as soon as the stored token is read; the rest of
/// the state and the local items are read while the server answers.
public struct SyncEngine: Sendable {
  /// The server's collection.
  public let remote: any SyncRemote
  /// The app's side.
  public let adapter: any SyncAdapter
  /// Where the sync state lives.
  public let state: SyncStateStore
  /// How many write requests' outcomes one durable state write records (at least 1).
  /// A SIGKILL loses at most this many less one; the next sync learns them again from
  /// the server (a few more requests), never by losing or duplicating an item.
  public var outcomesPerStateWrite = 64
  /// How many times an item the server changed during the sync is fetched and merged
  /// again before it is left to the next sync.
  public var maximumRounds = 3
  /// Whether a sync may delete every item of a side, or most of a large one; when
  /// `false` (the default) such a sync throws ``SyncMassDeletion`` before it writes
  /// anything. A command sets it for `--force-delete`.
  public var allowsMassDeletion = false
  /// The clock (for DTSTAMP/LAST-MODIFIED of uploads and the time of the sync).
  public var now: @Sendable () -> Date
  /// Told the counts so far each time they change (a request sent, an item received
  /// or sent): what a command's progress line shows during a long sync.
  public var onProgress: @Sendable (SyncResult) -> Void = { _ in }

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
    guard let head = try state.loadHead() else {
      // Nothing synced yet, or a state from before heads: the token is in the snapshot.
      let loaded = try state.load()
      let listing = try await Self.listChanges(remote, since: loaded.token)
      let version = try adapter.localVersion()
      let run = SyncRun(
        engine: self, dryRun: dryRun, state: loaded, local: try adapter.localItems())
      run.startVersion = version
      return try await run.run(listing)
    }
    // Ask the server first; read the state and the local items while it answers.
    async let listing = Self.listChanges(remote, since: head.token)
    let loaded: SyncState
    let local: [SyncLocalItem]
    let version: String?
    do {
      version = try adapter.localVersion()
      if let quiet = head.quietVersion, version == quiet {
        // Nothing changed here since a quiet sync: unless the server says otherwise,
        // there is nothing to read or do.
        let answer = try await listing
        let changes = answer.changes
        if changes.changed.isEmpty, changes.deleted.isEmpty, !changes.isFullListing,
          changes.token == head.token
        {
          var result = SyncResult()
          result.isDryRun = dryRun
          result.requests = answer.requests
          if !dryRun {
            try state.writeHead(.init(token: head.token, lastSync: now(), quietVersion: quiet))
          }
          return result
        }
      }
      loaded = try state.load()
      local = try adapter.localItems()
    } catch {
      _ = try? await listing
      throw error
    }
    let run = SyncRun(engine: self, dryRun: dryRun, state: loaded, local: local)
    run.startVersion = version
    return try await run.run(try await listing)
  }

  /// The changes since `token` (a full listing when there is none or the server
  /// refuses it), and how many requests that took.
  static func listChanges(_ remote: any SyncRemote, since token: String?) async throws
    -> (changes: RemoteChanges, requests: Int)
  {
    guard let token else { return (try await remote.changes(since: nil), 1) }
    do {
      return (try await remote.changes(since: token), 1)
    } catch SyncRemoteError.invalidToken {
      return (try await remote.changes(since: nil), 2)
    }
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
  var result = SyncResult() {
    didSet { engine.onProgress(result) }
  }
  /// The local items as they are after this sync's local changes, by id.
  var local: [String: SyncLocalItem] = [:]
  /// Hrefs to fetch and merge again next round.
  var retry: Set<String> = []
  /// Hrefs whose body is not the app's (a VEVENT): their ETags, not to be fetched again.
  var foreign: [String: String?] = [:]
  /// Request outcomes not yet written to the state store, and how many requests.
  var unrecorded: [String: SyncStateEntry?] = [:]
  var unrecordedRequests = 0
  /// The adapter's local version read before the local items, if it has one.
  var startVersion: String?
  /// Whether this sync changed the local items.
  var wroteLocally = false

  init(engine: SyncEngine, dryRun: Bool, state: SyncState, local: [SyncLocalItem]) {
    self.engine = engine
    self.dryRun = dryRun
    self.state = state
    self.local = Dictionary(local.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    result.isDryRun = dryRun
    fillInheritedFields()
  }

  /// Reads each inherited field a linked local item leaves out as its entry's base
  /// value (``SyncAdapter/inheritedFields``), once, so that every later step sees it.
  private func fillInheritedFields() {
    let inherited = engine.adapter.inheritedFields
    guard !inherited.isEmpty else { return }
    for entry in state.entries.values {
      guard let id = entry.localID, var item = local[id] else { continue }
      for field in inherited where item.record[field] == nil {
        item.record[field] = entry.base[field]
      }
      local[id] = item
    }
  }

  func run(_ listing: (changes: RemoteChanges, requests: Int)) async throws -> SyncResult {
    let changes = listing.changes
    result.requests += listing.requests
    var observations = try await observe(changes)
    if !engine.allowsMassDeletion { try checkDeletions(observations) }
    // What needs nothing from the local write goes out while that write runs.
    let early = try earlyWrites(besides: observations)
    let remote = engine.remote
    async let sent = Self.send(early, to: remote)
    do {
      try reconcile(observations, only: nil)
    } catch {
      _ = await sent
      throw error
    }
    try settle(early, await sent)
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
      try engine.state.finish(state, recording: unrecorded, quietVersion: quietVersion())
      unrecorded = [:]
    }
    return result
  }

  /// The local version to remember as quiet: the one read before the items, when this
  /// sync wrote nothing locally and left every entry settled; else `nil`. A change
  /// made after that read (by this sync or another process) makes the version differ,
  /// so the next sync reads the items.
  private func quietVersion() -> String? {
    guard let startVersion, !wroteLocally, retry.isEmpty, result.skipped.isEmpty,
      state.entries.values.allSatisfy({ $0.etag != nil && !$0.isPendingCreate })
    else { return nil }
    return startVersion
  }

  // MARK: - Reading the server

  /// What changed on the server, with the bodies of what needs a look.
  private func observe(_ changes: RemoteChanges) async throws -> [String: RemoteObservation] {
    var observations: [String: RemoteObservation] = [:]
    var listed: [String: String?] = [:]
    for resource in changes.changed { listed[resource.href] = resource.etag }
    for href in changes.deleted where listed[href] == nil && state.entries[href] != nil {
      observations[href] = .deleted
    }
    var toFetch: [String] = []
    var carried: [RemoteItem] = []
    var seen = Set<String>()
    for resource in changes.changed where seen.insert(resource.href).inserted {
      let href = resource.href
      if let entry = state.entries[href], !entry.isPendingCreate, let known = entry.etag,
        known == resource.etag
      {
        continue
      }
      if let body = resource.body {
        carried.append(RemoteItem(href: href, etag: resource.etag, body: body))
      } else {
        toFetch.append(href)
      }
    }
    for (href, entry) in state.entries where listed[href] == nil && !entry.isPendingCreate {
      if changes.isFullListing {
        observations[href] = .deleted
      } else if entry.etag == nil, observations[href] == nil {
        toFetch.append(href)  // a PUT answered without an ETag: learn it now
      }
    }
    var fetched: [String: RemoteObservation] = [:]
    for item in carried { observe(item, into: &fetched) }
    fetched.merge(try await fetchObservations(toFetch.sorted(), missingAreDeleted: false)) {
      _, new in new
    }
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
      let batch = Array(hrefs[start..<min(hrefs.count, start + max(1, engine.remote.batchSize))])
      start += batch.count
      result.requests += 1
      let items = try await engine.remote.fetch(batch)
      var returned = Set<String>()
      for item in items {
        returned.insert(item.href)
        observe(item, into: &observations)
      }
      if missingAreDeleted {
        for href in batch where !returned.contains(href) { observations[href] = .deleted }
      }
    }
    return observations
  }

  /// Parses one fetched item: the app's (an observation), another component's (kept
  /// as foreign), or one that does not parse (skipped, with the reason).
  private func observe(_ item: RemoteItem, into observations: inout [String: RemoteObservation]) {
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

  // MARK: - Recording

  /// Records entry changes durably now (not in a dry run), with any request outcomes
  /// waiting, and in memory.
  func record(_ changes: [String: SyncStateEntry?]) throws {
    guard !changes.isEmpty else { return }
    for (href, entry) in changes { state.entries[href] = entry }
    guard !dryRun else { return }
    var all = unrecorded
    for (href, entry) in changes { all[href] = entry }
    try engine.state.record(all)
    unrecorded = [:]
    unrecordedRequests = 0
  }

  /// Records one write request's outcome: in memory now, durably with the next
  /// ``SyncEngine/outcomesPerStateWrite`` outcomes, or at the end of the sync.
  func recordOutcome(_ changes: [String: SyncStateEntry?]) throws {
    for (href, entry) in changes { state.entries[href] = entry }
    guard !dryRun else { return }
    for (href, entry) in changes { unrecorded[href] = entry }
    unrecordedRequests += 1
    if unrecordedRequests >= max(1, engine.outcomesPerStateWrite) {
      try engine.state.record(unrecorded)
      unrecorded = [:]
      unrecordedRequests = 0
    }
  }
}
