internal import CoreBase
internal import Foundation

/// A change of many read marks at once (a feed, or every feed, marked read or unread),
/// kept so that it can be undone.
///
/// Only the items whose mark the change turned are kept: undoing turns them back and
/// leaves every other mark as it is now. Undone marks are marks like any other: with
/// sync set up, the next sync sends them.
package struct MarkChange: Sendable, Equatable, Codable {
  /// Whether the change marked items read (else unread).
  package var read: Bool
  /// The ids of the items whose mark the change turned, by feed id.
  package var items: [String: [String]]

  /// Creates a change.
  ///
  /// - Parameters:
  ///   - read: Whether the change marked items read.
  ///   - items: The ids of the items whose mark it turned, by feed id.
  package init(read: Bool, items: [String: [String]]) {
    self.read = read
    self.items = items
  }

  /// How many marks the change turned.
  package var count: Int { items.values.reduce(0) { $0 + $1.count } }

  /// What it did, for a status line or a command's report: `marked 12 items of 3 feeds
  /// read`, `marked 1 item of feed 2 unread`.
  package var summary: String {
    let word = read ? "read" : "unread"
    let things = "\(count) item\(count == 1 ? "" : "s")"
    let feeds = items.filter { !$0.value.isEmpty }.keys.sorted()
    let scope = feeds.count == 1 ? "feed \(feeds[0])" : "\(feeds.count) feeds"
    return "marked \(things) of \(scope) \(word)"
  }
}

extension FeedStore {
  /// The most changes of marks kept for undoing.
  package static let markUndoLimit = 10
  static let markUndoKey = StoreKey("mark-undo", default: [MarkChange]())

  /// How many cached items of the given feeds are unread (`read: true`) or read
  /// (`read: false`): the marks ``markAll(_:feeds:)`` would turn.
  ///
  /// - Parameters:
  ///   - read: The mark to give.
  ///   - feeds: The feeds' ids.
  /// - Returns: How many marks would change, and in how many feeds.
  /// - Throws: `PersistenceError`.
  package func marksToTurn(_ read: Bool, feeds: [String]) throws -> (items: Int, feeds: Int) {
    var items = 0
    var touched = 0
    for id in feeds {
      let record = try record(id)
      let count = read ? record.unreadCount : record.items.count - record.unreadCount
      items += count
      if count > 0 { touched += 1 }
    }
    return (items, touched)
  }

  /// Marks every cached item of the given feeds read or unread, and keeps the change so
  /// that ``undoLastMarks()`` can take it back.
  ///
  /// Each feed's record is written in a transaction of its own; `commit` runs under the
  /// store's lock just before each write (see Core's `BlockingWork`).
  ///
  /// - Parameters:
  ///   - read: The mark to give.
  ///   - feeds: The feeds' ids.
  ///   - commit: Runs before each write; when it throws, that record is not written.
  /// - Returns: The change: which marks were turned.
  /// - Throws: `PersistenceError`, or what `commit` throws.
  @discardableResult
  package func markAll(_ read: Bool, feeds: [String], commit: () throws -> Void = {}) throws
    -> MarkChange
  {
    var change = MarkChange(read: read, items: [:])
    for id in feeds {
      let turned = try updateRecord(id) { record in
        let ids = record.items.map(\.id).filter { record.read.contains($0) != read }
        if read { record.read.formUnion(ids) } else { record.read.subtract(ids) }
        try commit()
        return ids
      }
      if !turned.isEmpty { change.items[id] = turned }
    }
    if change.count > 0 {
      try store.update(forKey: Self.markUndoKey) { log in
        log.append(change)
        if log.count > Self.markUndoLimit { log.removeFirst(log.count - Self.markUndoLimit) }
      }
    }
    return change
  }

  /// Takes back the last change of many marks that is still kept: the marks it turned
  /// are turned back (those of items still cached, in feeds still subscribed).
  ///
  /// - Parameter commit: Runs under the store's lock just before each write.
  /// - Returns: The change taken back, or `nil` when none is kept.
  /// - Throws: `PersistenceError`, or what `commit` throws.
  package func undoLastMarks(commit: () throws -> Void = {}) throws -> MarkChange? {
    guard let change = try store.value(forKey: Self.markUndoKey).last else { return nil }
    let subscribed = Set(try subscriptions().feeds.map(\.id))
    for (id, items) in change.items.sorted(by: { $0.key < $1.key }) where subscribed.contains(id) {
      try updateRecord(id) { record in
        let cached = Set(record.items.map(\.id))
        let back = items.filter(cached.contains)
        if change.read { record.read.subtract(back) } else { record.read.formUnion(back) }
        try commit()
      }
    }
    try store.update(forKey: Self.markUndoKey) { log in
      if log.last == change { log.removeLast() }
    }
    return change
  }
}
