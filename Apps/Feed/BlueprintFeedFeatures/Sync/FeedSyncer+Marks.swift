internal import BlueprintFeedModel
internal import CoreSync
internal import Foundation

/// The read and starred marks: for each item held here, each mark against the one both
/// sides last agreed on (``FeedSyncState/unread``, ``FeedSyncState/starred``); the ones
/// changed here go out (`edit-tag`), the ones changed there come in.
extension FeedSyncer {
  /// The marks to send and to take.
  struct MarkChanges {
    /// By tag, by whether it is set: the ids to send.
    var send: [String: [Bool: [GoogleReaderItemID]]] = [:]
    /// By local feed: the items whose marks change here, and their marks.
    var take: [String: [(GoogleReaderItemID, read: Bool, starred: Bool)]] = [:]
  }

  /// Sends the marks changed here, takes the ones changed there; the items held after.
  func syncMarks(
    unread: Set<GoogleReaderItemID>, starred: Set<GoogleReaderItemID>,
    held: [GoogleReaderItemID: HeldItem], _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) async throws -> [GoogleReaderItemID: HeldItem] {
    let changes = markChanges(unread: unread, starred: starred, held: held, &synced, &report)
    // Here first: a mark taken is then agreed as soon as the server has it too.
    try takeMarks(changes.take, unread: unread, starred: starred, held: held, &synced, &report)
    let final = changes.take.isEmpty ? held : try heldItems(state.links())
    try await sendMarks(
      changes.send, unread: unread, starred: starred, held: held, final: final, &synced, &report)
    return final
  }

  /// Decides each mark of each held item (`SyncDecision`): changed on one side, it
  /// goes to the other; changed on both, the one here wins. An item both sides held
  /// before they synced agreed on no mark (unread, unstarred): a read or a star on either
  /// side is kept. Marks already the same on both sides are agreed at once.
  func markChanges(
    unread: Set<GoogleReaderItemID>, starred: Set<GoogleReaderItemID>,
    held: [GoogleReaderItemID: HeldItem], _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) -> MarkChanges {
    var changes = MarkChanges()
    for (id, item) in held.sorted(by: { $0.key < $1.key }) {
      let remoteRead = !unread.contains(id)
      let remoteStarred = starred.contains(id)
      let isKnown = synced.known.contains(id)
      if !isKnown, item.isRead && !remoteRead || item.isStarred && !remoteStarred {
        report.marksReplaced += 1
      }
      let read = Self.mark(
        base: isKnown && !synced.unread.contains(id), local: item.isRead, remote: remoteRead)
      let star = Self.mark(
        base: isKnown && synced.starred.contains(id), local: item.isStarred,
        remote: remoteStarred)
      if read != remoteRead {
        changes.send[GoogleReaderClient.read, default: [:]][read, default: []].append(id)
      }
      if star != remoteStarred {
        changes.send[GoogleReaderClient.starred, default: [:]][star, default: []].append(id)
      }
      if read != item.isRead || star != item.isStarred {
        changes.take[item.feedID, default: []].append((id, read, star))
      }
      if read == remoteRead, star == remoteStarred, read == item.isRead, star == item.isStarred {
        synced.agree(on: id, read: read, starred: star)
      }
    }
    return changes
  }

  /// One mark as both sides are to hold it: the kit's decision, the one here winning a
  /// change made on both sides.
  static func mark(base: Bool, local: Bool, remote: Bool) -> Bool {
    SyncDecision(base: base, local: local, remote: remote).resolved { here, _ in here } ?? local
  }

  /// Sets the marks taken from the server here, feed by feed.
  func takeMarks(
    _ take: [String: [(GoogleReaderItemID, read: Bool, starred: Bool)]],
    unread: Set<GoogleReaderItemID>, starred: Set<GoogleReaderItemID>,
    held: [GoogleReaderItemID: HeldItem], _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) throws {
    for (feedID, marks) in take.sorted(by: { $0.key < $1.key }) {
      try store.updateRecordIfSubscribed(feedID) { record in
        for (id, read, star) in marks {
          if read { record.read.insert(id.localItemID) } else { record.read.remove(id.localItemID) }
          if star {
            record.starred.insert(id.localItemID)
          } else {
            record.starred.remove(id.localItemID)
          }
        }
      }
      for (id, read, star) in marks {
        report.marksReceived +=
          (read != held[id]?.isRead ? 1 : 0) + (star != held[id]?.isStarred ? 1 : 0)
        if read == !unread.contains(id), star == starred.contains(id) {
          synced.agree(on: id, read: read, starred: star)
        }
      }
    }
    if !take.isEmpty { try state.save(synced) }
  }

  /// Sends the marks changed here, ``marksPerRequest`` ids a request; an item is agreed
  /// once what the server holds matches `final`, the marks held here after ``takeMarks``.
  func sendMarks(
    _ send: [String: [Bool: [GoogleReaderItemID]]], unread: Set<GoogleReaderItemID>,
    starred: Set<GoogleReaderItemID>, held: [GoogleReaderItemID: HeldItem],
    final: [GoogleReaderItemID: HeldItem], _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) async throws {
    var server: [GoogleReaderItemID: (read: Bool, starred: Bool)] = [:]
    for id in held.keys { server[id] = (!unread.contains(id), starred.contains(id)) }
    for (tag, sides) in send.sorted(by: { $0.key < $1.key }) {
      for (on, ids) in sides.sorted(by: { !$0.key && $1.key }) {
        var start = 0
        while start < ids.count {
          let batch = Array(ids[start..<min(start + Self.marksPerRequest, ids.count)])
          start += batch.count
          try await client.setState(tag, on, for: batch)
          report.marksSent += batch.count
          for id in batch {
            if tag == GoogleReaderClient.read {
              server[id]?.read = on
            } else {
              server[id]?.starred = on
            }
            guard let item = final[id], let there = server[id], item.isRead == there.read,
              item.isStarred == there.starred
            else { continue }
            synced.agree(on: id, read: there.read, starred: there.starred)
          }
          try state.save(synced)
        }
      }
    }
  }
}
