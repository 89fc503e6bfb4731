package import CoreBase
internal import CoreSync
package import Foundation

/// What feed's sync last agreed on with the server: which local feed is which
/// subscription, and the marks of the items both sides held. The server keeps no
/// change times for marks, so a mark that differs from this state was changed on the
/// side that differs; a mark changed here wins.
///
/// Written durably after each request's outcome is applied, in the account's own
/// folder (`SyncStateStore.accountFolder`): another server or user starts a first sync.
/// Holds no credentials.
package struct FeedSyncState: Codable, Sendable, Equatable {
  /// The subscriptions linked to local feeds, by stream id (`feed/12`).
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

  /// The stream id linked to the local feed `id`.
  package func stream(forLocalID id: String) -> String? {
    feeds.first { $0.value.localID == id }?.key
  }
}

/// A subscription linked to a local feed.
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

/// Where ``FeedSyncState`` is kept: CoreSync's `SyncSnapshotStore`, a file in the
/// account's folder of the app's sync folder, written atomically and fsynced.
package struct FeedSyncStateStore: Sendable {
  let snapshots: SyncSnapshotStore<FeedSyncState>
  static let key = "greader-state"

  /// The state of `account` (the API's address and the user) under `folder`.
  package init(account: String, in folder: URL) {
    snapshots = .forAccount(account, in: folder, key: Self.key)
  }

  /// The state kept in `store` (a test's store that can fail).
  package init(store: any KeyValueStore) {
    snapshots = SyncSnapshotStore(store: store, key: Self.key)
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
}
