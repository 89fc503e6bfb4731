internal import BlueprintFeedFormats
package import BlueprintFeedModel
internal import CoreBase
internal import CoreSync
package import Foundation

/// Brings feed's subscriptions and marks and a Google Reader API server to the same
/// state, and saves the server's new items here, on the kit's sync parts: the
/// subscriptions run on its `SyncEngine` (reconcile, journal, mass-deletion guard), the
/// read and starred marks, which the API keeps as sets of ids, on its `SyncFlags`; feed
/// keeps the mapping to the API.
///
/// One sync: the subscriptions (`FeedSyncer+Subscriptions.swift`: one request for the
/// list, one per change) — a feed added or removed on one side is added or removed on
/// the other, one new on both sides (the same address) is linked, a rename or a move
/// to another folder here wins over one there; the unread and the starred ids (one
/// request each); the items neither side held before, in pages of ``pageSize``
/// (`+Items`); then the marks, each against the last agreed one: changed here, it goes
/// out (`edit-tag`), else changed there, it comes in (`+Marks`). Each outcome is
/// recorded as it is applied, so a sync stopped anywhere is finished by the next: no
/// mark lost, no item doubled, no feed brought back or lost.
package struct FeedSyncer: Sendable {
  package var store: FeedStore
  package var client: GoogleReaderClient
  package var state: FeedSyncStateStore
  /// Let the sync remove every local feed, or most of them (`--force-delete`).
  package var allowsMassDeletion = false
  package var now: @Sendable () -> Date = { Date() }

  /// The most items one `stream/items/contents` request asks for.
  package static let pageSize = 1000
  /// The most ids one `edit-tag` request carries.
  static let marksPerRequest = 1000

  package init(store: FeedStore, client: GoogleReaderClient, state: FeedSyncStateStore) {
    self.store = store
    self.client = client
    self.state = state
  }

  /// Runs one sync.
  ///
  /// - Throws: ``FeedSyncMassDeletion`` before changing anything; ``GoogleReaderError``,
  ///   `APIError`, `PersistenceError` midway (what was done is kept).
  package func sync() async throws -> FeedSyncReport {
    var report = FeedSyncReport()
    try await syncSubscriptions(&report)
    let loaded = try state.load()
    var synced = loaded
    synced.feeds = [:]  // moved to the subscriptions' state
    let links = try state.links()
    let unread = try await client.itemIDs(excluding: GoogleReaderClient.read)
    let starred = try await client.itemIDs(in: GoogleReaderClient.starred)
    var held = try heldItems(links)
    if try await fetchNewItems(
      unread: unread, starred: starred, held: held, links: links, synced, &report)
    {
      held = try heldItems(links)
    }
    held = try await syncMarks(
      unread: unread, starred: starred, held: held, links: links, &synced, &report)
    synced.marks.keep(only: Set(held.keys).union(unread).union(starred))
    var quiet = synced
    quiet.lastSync = loaded.lastSync
    synced.lastSync = now()
    // A sync that changed nothing writes its time without waiting for the disk: a crash
    // may bring back the earlier time, nothing else.
    if quiet == loaded { try state.saveTime(synced) } else { try state.save(synced) }
    // `feed list` shows when each feed was last brought up to date: by this sync.
    let time = synced.lastSync ?? now()
    try store.noteChecked(Dictionary(links.values.map { ($0, time) }) { a, _ in a })
    return report
  }

  /// Syncs the subscriptions alone (after `add`, `rm` or `rename`).
  ///
  /// - Throws: As ``sync()``.
  package func syncSubscriptions() async throws -> FeedSyncReport {
    var report = FeedSyncReport()
    try await syncSubscriptions(&report)
    return report
  }
}
