internal import CoreSync

extension FeedSyncState {
  /// The marks both sides agreed on, as CoreSync's `SyncFlags`: the read ones are the
  /// known ones not unread. The file keeps `known`, `unread` and `starred`, the shape
  /// it has always had (the sync keeps `unread` and `starred` within `known`).
  var marks: SyncFlags<GoogleReaderItemID, FeedMark> {
    get { SyncFlags(items: known, flagged: [.read: known.subtracting(unread), .starred: starred]) }
    set {
      known = newValue.items
      unread = newValue.items.subtracting(newValue.flagged[.read] ?? [])
      starred = newValue.flagged[.starred] ?? []
    }
  }
}
