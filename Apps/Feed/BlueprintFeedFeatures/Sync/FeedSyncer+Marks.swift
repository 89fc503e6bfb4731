internal import BlueprintFeedModel
internal import CoreSync
internal import Foundation

/// The read and starred marks, mapped onto CoreSync's `SyncFlags`: each mark of each
/// item held here against the one both sides last agreed on (``FeedSyncState/marks``);
/// the ones changed here go out (`edit-tag`), the ones changed there come in. The server
/// lists the unread ids, not the read ones: read there is held here and not unread.
extension FeedSyncer {
  /// Sends the marks changed here, takes the ones changed there; the items held after.
  func syncMarks(
    unread: Set<GoogleReaderItemID>, starred: Set<GoogleReaderItemID>,
    held: [GoogleReaderItemID: HeldItem], links: [String: String],
    _ synced: inout FeedSyncState, _ report: inout FeedSyncReport
  ) async throws -> [GoogleReaderItemID: HeldItem] {
    var plan = synced.marks.plan(
      here: held.mapValues { (group: $0.feedID, flags: $0.marks) },
      there: [.read: Set(held.keys).subtracting(unread), .starred: starred],
      batchSize: Self.marksPerRequest)
    report.marksReplaced += plan.replaced.count
    // Here first: a mark taken is then agreed as soon as the server has it too.
    try takeMarks(plan, &synced, &report)
    let final = plan.takes.isEmpty ? held : try heldItems(links)
    let marksNow = final.mapValues(\.marks)
    for batch in plan.sends {
      try await client.setState(batch.flag.tag, batch.value, for: batch.items)
      report.marksSent += batch.items.count
      plan.recordSent(batch, heldNow: marksNow, in: &synced.marks)
      try state.save(synced)
    }
    return final
  }

  /// Sets the marks taken from the server here, feed by feed.
  func takeMarks(
    _ plan: SyncFlagPlan<GoogleReaderItemID, FeedMark, String>, _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) throws {
    for (feedID, takes) in plan.takes.sorted(by: { $0.key < $1.key }) {
      try store.updateRecordIfSubscribed(feedID) { record in
        for take in takes {
          for mark in FeedMark.allCases {
            if take.flags.contains(mark) {
              record[keyPath: mark.items].insert(take.item.localItemID)
            } else {
              record[keyPath: mark.items].remove(take.item.localItemID)
            }
          }
        }
      }
      report.marksReceived += takes.reduce(0) { $0 + $1.added.count + $1.removed.count }
      plan.recordTaken(takes, in: &synced.marks)
    }
    if !plan.takes.isEmpty { try state.save(synced) }
  }
}

extension FeedSyncer.HeldItem {
  /// The marks the item has here.
  var marks: Set<FeedMark> {
    var marks: Set<FeedMark> = []
    if isRead { marks.insert(.read) }
    if isStarred { marks.insert(.starred) }
    return marks
  }
}
