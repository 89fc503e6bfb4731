internal import BlueprintFeedModel
internal import CoreSync
internal import Foundation

/// The titles and folders of the linked subscriptions, each against the one both sides
/// last agreed on.
extension FeedSyncer {
  /// A title changed here goes to the server; else one changed there comes here.
  func syncTitles(
    _ remote: [String: GoogleReaderSubscription], _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) async throws {
    let local = Dictionary(
      try store.subscriptions().feeds.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for (stream, feed) in synced.feeds.sorted(by: { $0.key < $1.key }) {
      guard let here = local[feed.localID] else { continue }
      if let custom = here.customTitle, custom != feed.title {
        try await client.rename(stream, to: custom)
        synced.feeds[stream]?.title = custom
        try state.save(synced)
        report.renamed += 1
      } else if let there = remote[stream].flatMap({ Self.plainTitle($0.title) }),
        there != feed.title
      {
        if feed.title != nil {
          try store.rename(feed.localID, to: there)
          report.renamed += 1
        }
        synced.feeds[stream]?.title = there
        try state.save(synced)
      }
    }
  }

  /// A folder changed here goes to the server (`ac=edit`, the new label added and the
  /// old one removed); else one changed there comes here — the rule titles follow. A
  /// folder taken for the first time (a state written before folders synced, a feed
  /// the server filed in its default folder) is not counted as a move.
  func syncFolders(
    _ remote: [String: GoogleReaderSubscription], _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) async throws {
    let local = Dictionary(
      try store.subscriptions().feeds.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for (stream, feed) in synced.feeds.sorted(by: { $0.key < $1.key }) {
      guard let here = local[feed.localID] else { continue }
      // A subscription the server no longer lists keeps the folder agreed on.
      let there = remote[stream].map(Self.folder(of:)) ?? feed.folder
      // Every side has a folder here (`nil` is none), never an absent one.
      let folders = SyncDecision<String?>(
        base: .some(feed.folder), local: .some(here.folder), remote: .some(there))
      switch folders {
      case .agree(let folder?):
        guard folder != feed.folder else { continue }
        // Moved to the same folder on both sides: agreed without a request.
        synced.feeds[stream]?.folder = here.folder
        try state.save(synced)
      case .send, .merge:
        try await client.move(stream, from: feed.folder, to: here.folder)
        synced.feeds[stream]?.folder = here.folder
        try state.save(synced)
        report.moved += 1
      case .take:
        try store.move(feed.localID, to: there)
        synced.feeds[stream]?.folder = there
        try state.save(synced)
        if feed.folder != nil { report.moved += 1 }
      case .agree(nil), .deleteHere, .deleteThere:
        continue
      }
    }
  }

  /// The server's folder of `subscription`, if feed can keep its name (else none).
  static func folder(of subscription: GoogleReaderSubscription) -> String? {
    subscription.folder.flatMap { try? FeedFolder.validated($0) }
  }

  /// FreshRSS writes `&`, `<` and `>` in titles as their fullwidth forms.
  static func plainTitle(_ title: String?) -> String? {
    guard let title, !title.isEmpty else { return nil }
    return title.replacingOccurrences(of: "\u{FF06}", with: "&")
      .replacingOccurrences(of: "\u{FF1C}", with: "<").replacingOccurrences(
        of: "\u{FF1E}", with: ">")
  }
}
