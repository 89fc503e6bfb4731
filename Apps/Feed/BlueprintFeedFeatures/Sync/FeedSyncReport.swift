internal import Foundation

/// What one sync did, for the refresh's report.
package struct FeedSyncReport: Sendable, Equatable {
  /// Feeds subscribed here because the server has them.
  package var addedHere: [String] = []
  /// Feeds removed here because they were unsubscribed elsewhere.
  package var removedHere: [String] = []
  /// Feeds subscribed on the server because they were added here.
  package var subscribedThere: [String] = []
  /// Feeds unsubscribed on the server because they were removed here.
  package var unsubscribedThere: [String] = []
  /// Feeds renamed, here or there.
  package var renamed = 0
  /// Feeds moved to another folder, here or there.
  package var moved = 0
  /// Feeds added here that the server would not subscribe to (tried again next time).
  package var notSubscribed: [String] = []
  /// New items saved here.
  package var newItems = 0
  /// Marks (read, unread, starred, unstarred) sent to the server.
  package var marksSent = 0
  /// Marks taken from the server.
  package var marksReceived = 0
  /// Marks the server had, replaced by the ones made here (items both sides held
  /// before they were synced: a first sync's read marks are kept).
  package var marksReplaced = 0
  /// Requests sent.
  package var requests = 0

  package init() {}

  /// `2 new items; sent 3 marks, received 1; subscriptions: 1 added here`.
  package var lines: [String] {
    var lines = [
      "\(newItems) new item\(newItems == 1 ? "" : "s") from the server; "
        + "sent \(marksSent) mark\(marksSent == 1 ? "" : "s"), received \(marksReceived)"
    ]
    var parts: [String] = []
    if !addedHere.isEmpty { parts.append("\(addedHere.count) added here") }
    if !removedHere.isEmpty { parts.append("\(removedHere.count) removed here") }
    if !subscribedThere.isEmpty {
      parts.append("\(subscribedThere.count) subscribed on the server")
    }
    if !unsubscribedThere.isEmpty {
      parts.append("\(unsubscribedThere.count) unsubscribed on the server")
    }
    if renamed > 0 { parts.append("\(renamed) renamed") }
    if moved > 0 { parts.append("\(moved) moved") }
    if !parts.isEmpty { lines.append("subscriptions: " + parts.joined(separator: ", ")) }
    if marksReplaced > 0 {
      lines.append(
        "\(marksReplaced) mark\(marksReplaced == 1 ? "" : "s") on the server replaced by the ones made here"
      )
    }
    return lines
  }
}

/// A sync that would remove every local feed, or most of them, or unsubscribe most of
/// the server's: refused before anything is changed unless `--force-delete` is given.
package struct FeedSyncMassDeletion: Error, Sendable, Equatable {
  /// The local feeds it would remove (titles), of how many.
  package var here: [String]
  package var hereCount: Int
  /// The server's subscriptions it would remove (titles), of how many.
  package var there: [String]
  package var thereCount: Int
}
