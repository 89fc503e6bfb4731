package import BlueprintTodoModel

/// What a sync changes here is one step of `todo undo`, so that a sync a person
/// regrets can be taken back; the next sync then sends what was restored.
extension TodoDocument {
  /// What one sync changed in the list.
  package struct SyncChanges: Hashable, Sendable {
    /// The items the sync deleted or changed, as they were before it.
    package var restore: [TodoItem] = []
    /// The ids of the items the sync added.
    package var remove: [Int] = []
    /// How many items the sync deleted.
    package var deleted = 0
    /// How many items the sync changed.
    package var changed = 0

    /// Nothing changed yet.
    package init() {}

    /// `sync — 21 deleted, 2 changed, 3 added`.
    package var summary: String {
      let parts = [(deleted, "deleted"), (changed, "changed"), (remove.count, "added")]
        .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
      return "sync — " + parts.joined(separator: ", ")
    }

    /// These changes followed by `later` (a later round of the same sync): an item
    /// keeps the state from before the first change, and one the sync added stays one
    /// to remove.
    package func followed(by later: SyncChanges) -> SyncChanges {
      var merged = self
      let known = Set(restore.map(\.id)).union(remove)
      merged.restore += later.restore.filter { !known.contains($0.id) }
      merged.remove += later.remove
      merged.deleted += later.deleted
      merged.changed += later.changed
      return merged
    }

    /// Whether the sync changed nothing here.
    package var isEmpty: Bool { restore.isEmpty && remove.isEmpty }
  }

  /// Records `changes` as the undo entry of a sync. When `replacingLast` is true, the
  /// last entry is this sync's own from an earlier local write, and `changes` (all of
  /// them so far) replace it: one sync, one step of `todo undo`.
  package mutating func recordSync(_ changes: SyncChanges, replacingLast: Bool) {
    guard !changes.isEmpty else { return }
    let entry = UndoEntry(
      summary: changes.summary, restore: changes.restore, remove: changes.remove)
    if replacingLast, !undo.isEmpty {
      undo[undo.count - 1] = entry
    } else {
      undo.append(entry)
      if undo.count > Self.undoLimit { undo.removeFirst(undo.count - Self.undoLimit) }
    }
  }
}
