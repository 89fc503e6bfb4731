/// The whole stored list: the items, the next id and the undo log.
package struct TodoDocument: Hashable, Sendable {
  /// The schema version this build reads and writes (1 is migrated on read).
  package static let currentVersion = 2
  /// How many changes `todo undo` can revert.
  package static let undoLimit = 20

  /// The items, in id order.
  package var items: [TodoItem] = []
  /// The id the next new item gets; only ever grows.
  package var nextID = 1
  /// Inverse changes, oldest first.
  package var undo: [UndoEntry] = []

  /// An empty list.
  package init() {}
}

/// How to revert one change: items to put back as they were, ids to remove.
package struct UndoEntry: Hashable, Sendable {
  /// What the change was, e.g. `add 12`, shown by `todo undo`.
  package var summary: String
  /// Items to restore in their earlier state (replacing or re-inserting by id).
  package var restore: [TodoItem] = []
  /// Ids of items the change created, removed on undo.
  package var remove: [Int] = []

  /// Creates an entry.
  package init(summary: String, restore: [TodoItem] = [], remove: [Int] = []) {
    self.summary = summary
    self.restore = restore
    self.remove = remove
  }
}
