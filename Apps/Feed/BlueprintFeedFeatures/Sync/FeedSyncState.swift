internal import BlueprintFeedModel
package import CoreBase
internal import CoreSync
package import Foundation

/// What feed's sync last agreed on with the server about the marks of the items both
/// sides held. The server keeps no change times for marks, so a mark that differs from
/// this state was changed on the side that differs; a mark changed here wins. Which
/// local feed is which subscription is the kit's `SyncState`, kept beside it
/// (``FeedSyncStateStore/subscriptions``).
///
/// Written durably after each request's outcome is applied, in the account's own
/// folder (`SyncStateStore.accountFolder`): another server or user starts a first sync.
/// Holds no credentials.
package struct FeedSyncState: Codable, Sendable, Equatable {
  /// The subscriptions linked to local feeds, by stream id (`feed/12`), in a state
  /// written before subscriptions had a `SyncState` of their own: moved there by the
  /// next sync (``FeedSyncStateStore/moveLinks()``), empty after.
  package var feeds: [String: SyncedFeed] = [:]
  /// The items whose marks this state holds.
  package var known: Set<GoogleReaderItemID> = []
  /// Of `known`, the unread ones.
  package var unread: Set<GoogleReaderItemID> = []
  /// Of `known`, the starred ones.
  package var starred: Set<GoogleReaderItemID> = []
  /// When the last sync finished.
  package var lastSync: Date?

  /// An empty state: the next sync is a first sync.
  package init() {}
}

/// A subscription linked to a local feed, in a state written before subscriptions had a
/// `SyncState` of their own.
package struct SyncedFeed: Codable, Sendable, Equatable {
  /// The local feed's id.
  package var localID: String
  /// The feed's address.
  package var url: URL
  /// The title both sides last agreed on (the server's; a rename here is sent to it).
  package var title: String?
  /// The folder both sides last agreed on (a move here is sent to the server); states
  /// written before folders synced have none.
  package var folder: String?

  /// Creates a link.
  package init(localID: String, url: URL, title: String?, folder: String? = nil) {
    self.localID = localID
    self.url = url
    self.title = title
    self.folder = folder
  }
}

/// Where feed's sync state is kept: the marks' ``FeedSyncState`` in CoreSync's
/// `SyncSnapshotStore`, and the subscriptions' `SyncState` in a `SyncStateStore` (the
/// journal the kit's `SyncEngine` records each outcome in), both in the account's folder
/// of the app's sync folder, written atomically and fsynced.
package struct FeedSyncStateStore: Sendable {
  let snapshots: SyncSnapshotStore<FeedSyncState>
  /// The subscriptions' state: which local feed is which stream, and what both sides
  /// last agreed of each.
  let subscriptions: SyncStateStore
  static let key = "greader-state"

  /// The state of `account` (the API's address and the user) under `folder`.
  package init(account: String, in folder: URL) {
    self.init(
      store: FileKeyValueStore(directory: SyncStateStore.accountFolder(account, in: folder)))
  }

  /// The state kept in `store` (a test's store that can fail).
  package init(store: any KeyValueStore) {
    snapshots = SyncSnapshotStore(store: store, key: Self.key)
    subscriptions = SyncStateStore(store: store, name: "greader-subscriptions")
  }

  /// The state as last written; an empty one before the first sync, or when the file
  /// does not decode (a time written without waiting for the disk, torn by a power
  /// loss): a first sync again, which merges and deletes nothing.
  package func load() throws -> FeedSyncState { try snapshots.load(or: FeedSyncState()) }

  /// Writes `state` durably.
  package func save(_ state: FeedSyncState) throws { try snapshots.save(state) }

  /// Writes `state`, which differs from the last one written only in its time, without
  /// waiting for the disk.
  package func saveTime(_ state: FeedSyncState) throws { try snapshots.saveTime(state) }

  /// The local feed linked to each stream the server has (a subscription still being
  /// created has none yet).
  package func links() throws -> [String: String] {
    var links: [String: String] = [:]
    for (stream, entry) in try subscriptions.load().entries where !entry.isPendingCreate {
      if let localID = entry.localID { links[stream] = localID }
    }
    return links
  }

  /// How many feeds are linked to a subscription (in a state not yet moved, its links).
  package func linkCount() throws -> Int {
    try subscriptions.isEmpty() ? load().feeds.count : links().count
  }

  /// Moves the links of a state written before subscriptions had a `SyncState` into
  /// one, once: each becomes an entry whose agreed record is what the old state agreed
  /// (its version tag unknown, so the next sync reads it from the listing). The new
  /// state is written before the old links are dropped, so a crash in between moves
  /// nothing twice: the new state is no longer empty.
  func moveLinks() throws {
    guard try subscriptions.isEmpty() else { return }
    var old = try load()
    guard !old.feeds.isEmpty else { return }
    var entries: [String: SyncStateEntry] = [:]
    for (stream, feed) in old.feeds {
      let record = SubscriptionRecord(
        url: FeedLocation.canonical(feed.url).absoluteString, title: feed.title,
        folder: feed.folder)
      entries[stream] = SyncStateEntry(
        localID: feed.localID, uid: record.url, etag: nil, base: record.record, body: nil)
    }
    try subscriptions.save(SyncState(lastSync: old.lastSync, entries: entries))
    old.feeds = [:]
    try save(old)
  }
}
