/// A sync that would delete most of one side, refused before anything is written.
///
/// An emptied side is more often a mistake — another list, a reset server, a cleared
/// folder — than a wish: as vdirsyncer does, the ``SyncEngine`` stops when a sync would
/// delete every item of a side, or more than half of a side of more than
/// ``SyncMassDeletion/smallSide`` items, unless ``SyncEngine/allowsMassDeletion`` is
/// set (a command's `--force-delete`). Nothing is written, locally, on the server or in
/// the sync state; a dry run stops the same way.
public struct SyncMassDeletion: Error, Hashable, Sendable, CustomStringConvertible {
  /// The local items the sync would delete (their ids), because the server deleted them.
  public var localIDs: [String]
  /// How many local items there are.
  public var localCount: Int
  /// The records of the server's items the sync would delete, because they were
  /// deleted here (the record both sides last agreed on, to name them by).
  public var remoteRecords: [SyncRecord]
  /// How many items the sync state knows on the server.
  public var remoteCount: Int

  /// A side of at most this many items is guarded only against losing all of them.
  public static let smallSide = 10

  /// Creates the refusal.
  public init(localIDs: [String], localCount: Int, remoteRecords: [SyncRecord], remoteCount: Int) {
    self.localIDs = localIDs
    self.localCount = localCount
    self.remoteRecords = remoteRecords
    self.remoteCount = remoteCount
  }

  /// Whether deleting `deletions` of `count` items is a mass deletion: all of them, or
  /// more than half of more than ``smallSide``.
  public static func isMass(_ deletions: Int, of count: Int) -> Bool {
    deletions > 0 && (deletions >= count || (count > smallSide && deletions * 2 > count))
  }

  /// Whether the local deletions are the mass deletion.
  public var isLocal: Bool { Self.isMass(localIDs.count, of: localCount) }

  /// Whether the server's deletions are the mass deletion.
  public var isRemote: Bool { Self.isMass(remoteRecords.count, of: remoteCount) }

  /// `the sync would delete 21 of 21 items here; nothing was changed`.
  public var description: String {
    var parts: [String] = []
    if isLocal { parts.append("\(localIDs.count) of \(localCount) items here") }
    if isRemote { parts.append("\(remoteRecords.count) of \(remoteCount) items on the server") }
    return "the sync would delete " + parts.joined(separator: " and ") + "; nothing was changed"
  }
}
