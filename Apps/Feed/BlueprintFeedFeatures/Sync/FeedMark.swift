internal import BlueprintFeedModel

/// A mark feed syncs with a Google Reader API server: a flag of CoreSync's `SyncFlags`,
/// which the server keeps as a set of ids (its state tags).
enum FeedMark: Comparable, Sendable, CaseIterable {
  case read
  case starred

  /// The tag `edit-tag` adds or removes.
  var tag: String {
    switch self {
    case .read: GoogleReaderClient.read
    case .starred: GoogleReaderClient.starred
    }
  }

  /// The ids of a feed's items that have the mark.
  var items: WritableKeyPath<FeedRecord, Set<String>> {
    switch self {
    case .read: \.read
    case .starred: \.starred
    }
  }
}
