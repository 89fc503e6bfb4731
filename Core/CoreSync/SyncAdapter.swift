import CoreBase
public import Foundation

/// What an app gives the ``SyncEngine``: its local items as records, the changes to
/// make to them, and the mapping between a record and a remote body.
///
/// The body is written *on top of* the last body the server sent for that item, so
/// that everything the app does not own survives (iCalendar: parse it with
/// ``ICalendarComponent/init(parsing:maximumSize:)``, change the owned properties,
/// ``ICalendarComponent/serialized()``). Methods may throw; the engine stops the sync
/// and the next one starts over from what was recorded.
public protocol SyncAdapter: Sendable {
  /// Every local item, with its owned fields.
  func localItems() throws -> [SyncLocalItem]

  /// Makes these changes to the local collection as one write.
  ///
  /// - Returns: The ids of the items created, one per ``SyncLocalChange/create(_:modified:preferredID:)``,
  ///   in order.
  func applyLocal(_ changes: [SyncLocalChange]) throws -> [String]

  /// The identity and fields of a remote body, or `nil` when the body holds nothing
  /// this app syncs (a VEVENT in a task list): the engine leaves such an item alone.
  ///
  /// - Throws: When the body cannot be read; the item is skipped and reported, and
  ///   tried again next sync.
  func remoteRecord(from body: String) throws -> SyncRemoteRecord?

  /// The body to send for `record`, written over `lastBody` (the server's last body
  /// for the item, `nil` for a new one).
  ///
  /// - Parameters:
  ///   - record: The owned fields to write.
  ///   - uid: The item's identity on the server.
  ///   - lastBody: What the server last sent for the item, or `nil`.
  ///   - now: The time of the change: the item's ``SyncLocalItem/modified``, or the
  ///     time of the sync when the app keeps none (iCalendar: DTSTAMP, LAST-MODIFIED).
  /// - Returns: The body to send.
  /// - Throws: When `lastBody` cannot be read; the sync stops there.
  func remoteBody(for record: SyncRecord, uid: String, over lastBody: String?, now: Date) throws
    -> String

  /// A new identity for a local item going to the server for the first time, and a
  /// file-name-safe name for its href (``SyncRemote/href(forNewItemNamed:)``).
  func newIdentity(for item: SyncLocalItem) -> (uid: String, name: String)

  /// A short text that changes whenever the local items change, or `nil` when the app
  /// cannot tell (the default). With it, a sync whose listing shows no change and whose
  /// local version is the one a quiet sync left reads neither the items nor the sync
  /// state. An app on a `KeyValueStore` returns
  /// `KeyValueStore/contentVersion(forKey:)` of its key.
  func localVersion() throws -> String?

  /// The part of a record that says two items new on both sides are the same one (feed:
  /// the address; the default: the whole record). Items matched by it are linked, not
  /// duplicated, and their fields merged: the local value of each field the local
  /// record has, else the server's.
  func matchKey(for record: SyncRecord) -> SyncRecord

  /// Fields a local record may leave out to mean "as both sides last agreed" (feed: a
  /// title the user did not rename): the engine reads such a field, when absent, as
  /// the entry's base value, so that its absence is neither sent as a deletion nor
  /// taken as a change. The `was` of a ``SyncLocalChange`` then holds it filled. None
  /// by default.
  var inheritedFields: Set<String> { get }
}

extension SyncAdapter {
  /// Unknown: every sync reads the local items and the sync state.
  public func localVersion() throws -> String? { nil }

  /// The whole record: items new on both sides match when every field is equal.
  public func matchKey(for record: SyncRecord) -> SyncRecord { record }

  /// None: an absent field is unset.
  public var inheritedFields: Set<String> { [] }

  /// A random UUID, lowercased, as both the UID and the name.
  public func newIdentity(for item: SyncLocalItem) -> (uid: String, name: String) {
    let uid = UUID().uuidString.lowercased()
    return (uid, uid)
  }
}
