import CoreBase
public import Foundation

/// What a sync remembers between runs: per item where it lives on the server, the
/// version last seen and the record both sides last agreed on; the collection's
/// sync token and when it last synced. Kept beside the app's store by
/// ``SyncStateStore``; holds no credentials.
public struct SyncState: Codable, Hashable, Sendable {
  /// The token to ask for changes with, or `nil` for a full listing.
  public var token: String?
  /// When the last sync finished.
  public var lastSync: Date?
  /// The items, by normalised href.
  public var entries: [String: SyncStateEntry]

  /// An empty state: nothing synced yet.
  public init(token: String? = nil, lastSync: Date? = nil, entries: [String: SyncStateEntry] = [:])
  {
    self.token = token
    self.lastSync = lastSync
    self.entries = entries
  }

  /// The entry of the local item `id`, with its href.
  public func entry(forLocalID id: String) -> (href: String, entry: SyncStateEntry)? {
    entries.first { $0.value.localID == id }.map { ($0.key, $0.value) }
  }
}

/// What the state knows of one item.
public struct SyncStateEntry: Codable, Hashable, Sendable {
  /// The local item's id, or `nil` for an item the app does not sync (a VEVENT).
  public var localID: String?
  /// The item's identity on the server.
  public var uid: String
  /// The server's version tag exactly as received, or `nil` when it is unknown (a
  /// PUT answered without one; the item is fetched next sync).
  public var etag: String?
  /// The record both sides last agreed on (for a pending create: the one being sent).
  public var base: SyncRecord
  /// The server's last body for the item, which the next upload is written over.
  public var body: String?
  /// Whether the item was being created on the server and the engine has not yet
  /// seen it there: recorded before the create request, so a retry finds it.
  public var isPendingCreate: Bool

  /// Creates an entry.
  public init(
    localID: String?, uid: String, etag: String?, base: SyncRecord, body: String?,
    isPendingCreate: Bool = false
  ) {
    self.localID = localID
    self.uid = uid
    self.etag = etag
    self.base = base
    self.body = body
    self.isPendingCreate = isPendingCreate
  }
}
