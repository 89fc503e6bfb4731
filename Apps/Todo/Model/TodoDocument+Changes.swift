internal import Core
internal import Foundation

/// The changes a person can make. Each one is a pure mutation of the document
/// that records its inverse in the undo log; the store runs each inside one
/// transaction. A change that fails throws before touching the document.
extension TodoDocument {
  /// What a new item holds, before it has an id.
  package struct Draft: Hashable, Sendable {
    package var title: String
    package var priority: Priority?
    package var due: Day?
    package var tags: [String] = []
    package var note: String?
    package var created: Int
    package var completed: Int?

    /// Creates a draft.
    package init(
      title: String, priority: Priority? = nil, due: Day? = nil, tags: [String] = [],
      note: String? = nil, created: Int, completed: Int? = nil
    ) {
      self.title = title
      self.priority = priority
      self.due = due
      self.tags = tags
      self.note = note
      self.created = created
      self.completed = completed
    }
  }

  /// What `todo edit` changes; nil fields stay as they are.
  package struct Edit: Hashable, Sendable {
    package var title: String?
    package var priority: Priority??
    package var due: Day??
    package var note: String??
    package var addTags: [String] = []
    package var removeTags: [String] = []
    /// Whether `addTags` replaces the tags instead of adding to them.
    package var replaceTags = false

    /// A change of the given fields; nil leaves a field as it is, `.some(nil)`
    /// removes it.
    package init(
      title: String? = nil, priority: Priority?? = nil, due: Day?? = nil,
      addTags: [String] = [], removeTags: [String] = [], replaceTags: Bool = false,
      note: String?? = nil
    ) {
      self.title = title
      self.priority = priority
      self.due = due
      self.addTags = addTags
      self.removeTags = removeTags
      self.replaceTags = replaceTags
      self.note = note
    }
  }

  // MARK: - Lookup

  /// The index of the item with `id`, found by binary search (items are in id order).
  package func index(of id: Int) -> Int? {
    var low = 0
    var high = items.count
    while low < high {
      let middle = (low + high) / 2
      if items[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low < items.count && items[low].id == id ? low : nil
  }

  /// The item with `id`.
  ///
  /// - Throws: ``TodoError/notFound(id:)`` when there is none.
  package func item(_ id: Int) throws(TodoError) -> TodoItem {
    guard let index = index(of: id) else { throw .notFound(id: id) }
    return items[index]
  }

  private func indices(of ids: [Int]) throws(TodoError) -> [Int] {
    var found: [Int] = []
    for id in ids {
      guard let index = index(of: id) else { throw .notFound(id: id) }
      if !found.contains(index) { found.append(index) }
    }
    return found
  }

  // MARK: - Changes

  /// Adds items with new ids, in order.
  ///
  /// - Returns: The new ids.
  /// - Throws: ``TodoError/idsExhausted(maximum:)`` when the ids would pass
  ///   ``TodoItem/maximumID``, or the error of an item that is not valid
  ///   (``TodoItem/validate()``); nothing is added then.
  @discardableResult
  package mutating func add(_ drafts: [Draft], summary: String? = nil) throws(TodoError) -> [Int] {
    guard nextID <= TodoItem.maximumID - drafts.count + 1 else {
      throw .idsExhausted(maximum: TodoItem.maximumID)
    }
    var added: [TodoItem] = []
    added.reserveCapacity(drafts.count)
    for (offset, draft) in drafts.enumerated() {
      let item = TodoItem(
        id: nextID + offset, title: draft.title, priority: draft.priority, due: draft.due,
        tags: Self.unique(draft.tags), note: draft.note, created: draft.created,
        completed: draft.completed)
      try item.validate()
      added.append(item)
    }
    let ids = added.map(\.id)
    items.append(contentsOf: added)
    nextID += added.count
    let text =
      summary ?? (ids.count == 1 ? "add \(ids[0])" : "add \(ids.count) todos")
    record(UndoEntry(summary: text, remove: ids))
    return ids
  }

  /// Marks items done (`completed` = `now`) or open again.
  ///
  /// - Returns: How many items changed (already-done items do not count).
  /// - Throws: ``TodoError/notFound(id:)`` for an unknown id; nothing is changed then.
  @discardableResult
  package mutating func setDone(_ ids: [Int], _ done: Bool, now: Int) throws(TodoError) -> Int {
    var before: [TodoItem] = []
    for index in try indices(of: ids) where items[index].isDone != done {
      before.append(items[index])
      items[index].completed = done ? now : nil
    }
    if !before.isEmpty {
      let verb = done ? "done" : "reopen"
      record(UndoEntry(summary: "\(verb) \(Self.list(before))", restore: before))
    }
    return before.count
  }

  /// Changes one item.
  ///
  /// - Throws: ``TodoError/notFound(id:)`` for an unknown id,
  ///   or the error of a change that would make the item invalid
  ///   (``TodoItem/validate()``); nothing is changed then.
  package mutating func edit(_ id: Int, _ edit: Edit) throws(TodoError) {
    guard let index = index(of: id) else { throw .notFound(id: id) }
    let before = items[index]
    var item = before
    if let title = edit.title { item.title = try Self.validTitle(title) }
    if let priority = edit.priority { item.priority = priority }
    if let due = edit.due { item.due = due }
    if let note = edit.note { item.note = note.flatMap { $0.isEmpty ? nil : $0 } }
    let kept = edit.replaceTags ? [] : item.tags
    item.tags = Self.unique(kept + edit.addTags).filter { !edit.removeTags.contains($0) }
    guard item != before else { return }
    try item.validate()
    items[index] = item
    record(UndoEntry(summary: "edit \(id)", restore: [before]))
  }

  /// Removes items.
  ///
  /// - Returns: The removed items.
  /// - Throws: ``TodoError/notFound(id:)`` for an unknown id; nothing is removed then.
  @discardableResult
  package mutating func remove(_ ids: [Int]) throws(TodoError) -> [TodoItem] {
    let doomed = Set(try indices(of: ids))
    let removed = doomed.sorted().map { items[$0] }
    items = items.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
    record(UndoEntry(summary: "rm \(Self.list(removed))", restore: removed))
    return removed
  }

  /// Removes every done item.
  ///
  /// - Returns: How many were removed.
  @discardableResult
  package mutating func clearDone() -> Int {
    let removed = items.filter(\.isDone)
    guard !removed.isEmpty else { return 0 }
    items.removeAll(where: \.isDone)
    record(UndoEntry(summary: "clear \(removed.count) done", restore: removed))
    return removed.count
  }

  /// Reverts the most recent change still in the log.
  ///
  /// Ids stay used: undoing an add does not lower ``nextID``.
  ///
  /// - Returns: The summary of the change that was reverted.
  /// - Throws: ``TodoError/nothingToUndo(limit:)`` when there is nothing to undo.
  package mutating func undoLast() throws(TodoError) -> String {
    guard let entry = undo.popLast() else {
      throw .nothingToUndo(limit: Self.undoLimit)
    }
    let removed = Set(entry.remove)
    let restored = Dictionary(
      entry.restore.map { ($0.id, $0) }, uniquingKeysWith: { _, new in new })
    var merged = items.filter { !removed.contains($0.id) && restored[$0.id] == nil }
    merged.append(contentsOf: restored.values)
    merged.sort { $0.id < $1.id }
    items = merged
    return entry.summary
  }

  // MARK: - Helpers

  private mutating func record(_ entry: UndoEntry) {
    undo.append(entry)
    if undo.count > Self.undoLimit { undo.removeFirst(undo.count - Self.undoLimit) }
  }

  /// The most characters a title may have (``TodoItem/maximumTitleLength``).
  package static let maximumTitleLength = TodoItem.maximumTitleLength

  /// A title with surrounding whitespace removed, when it is valid
  /// (``TodoItem/validTitle(_:)``, the one rule).
  ///
  /// - Throws: ``TodoError/emptyTitle``, ``TodoError/titleTooLong(length:maximum:)``
  ///   or ``TodoError/containsNUL(field:)``.
  package static func validTitle(_ title: String) throws(TodoError) -> String {
    try TodoItem.validTitle(title)
  }

  package static func unique(_ tags: [String]) -> [String] {
    var seen = Set<String>()
    return tags.filter { seen.insert($0).inserted }
  }

  private static func list(_ items: [TodoItem]) -> String {
    let ids = items.prefix(5).map { String($0.id) }.joined(separator: " ")
    return items.count > 5 ? ids + " and \(items.count - 5) more" : ids
  }
}
