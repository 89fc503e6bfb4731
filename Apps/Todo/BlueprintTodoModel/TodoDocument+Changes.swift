internal import CoreBase
internal import Foundation

/// The changes a person can make. Each one is a pure mutation of the document
/// that records its inverse in the undo log; the store runs each inside one
/// transaction. A change that fails throws before touching the document.
extension TodoDocument {
  /// What a new item holds, before it has an id: an item whose id ``add(_:summary:)``
  /// gives. Its fields read and write as the item's (`draft.due`, `draft.note`).
  @dynamicMemberLookup
  package struct Draft: Hashable, Sendable {
    /// The item, with id 0 until it is added.
    package var item: TodoItem

    /// Creates a draft.
    package init(
      title: String, priority: Priority? = nil, due: Day? = nil, tags: [String] = [],
      note: String? = nil, created: Int, completed: Int? = nil
    ) {
      item = TodoItem(
        id: 0, title: title, priority: priority, due: due, tags: tags, note: note,
        created: created, completed: completed)
    }

    /// A draft of `item` (its id is given when it is added).
    package init(_ item: TodoItem) { self.item = item }

    /// A field of the item.
    package subscript<Value>(dynamicMember path: WritableKeyPath<TodoItem, Value>) -> Value {
      get { item[keyPath: path] }
      set { item[keyPath: path] = newValue }
    }
  }

  /// What `todo edit` and the detail screen change: new values of fields
  /// (``TodoField``), and tags added or removed; fields not named stay as they are.
  package struct Edit: Hashable, Sendable {
    /// The new value of each field it changes.
    package var values: [TodoField: TodoField.Value] = [:]
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
      if let title { values[.title] = .text(title) }
      if let priority { values[.priority] = .priority(priority) }
      if let due { values[.due] = .day(due) }
      if let note { values[.note] = .text(note) }
      self.addTags = addTags
      self.removeTags = removeTags
      self.replaceTags = replaceTags
    }

    /// The new title, if it changes one.
    package var title: String? {
      guard case .text(let title)? = values[.title] else { return nil }
      return title
    }

    /// The new note, if it changes it: `.some(nil)` removes it.
    package var note: String?? {
      get {
        guard case .text(let note)? = values[.note] else { return nil }
        return .some(note)
      }
      set { values[.note] = newValue.map { .text($0) } }
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
      var item = draft.item
      item.id = nextID + offset
      item.tags = Self.unique(item.tags)
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

  /// Adds the drafts of an import but those the list already holds: a draft whose
  /// uid is the ``TodoItem/exportUID`` of an item here (or of an earlier draft) is
  /// skipped, so importing one export twice adds its items once.
  ///
  /// - Returns: The new ids, and how many drafts were skipped.
  /// - Throws: As ``add(_:summary:)``; nothing is added then.
  package mutating func addImported(_ drafts: [Draft]) throws(TodoError)
    -> (ids: [Int], held: Int)
  {
    var uids = Set(items.map(\.exportUID))
    let new = drafts.filter { draft in draft.uid.map { uids.insert($0).inserted } ?? true }
    guard !new.isEmpty else { return ([], drafts.count) }
    let ids = try add(new, summary: "import \(new.count) todo\(new.count == 1 ? "" : "s")")
    return (ids, drafts.count - new.count)
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
  ///   ``TodoError/noSuchTag(id:tag:tags:)`` for a tag to remove that it does not have,
  ///   or the error of a change that would make the item invalid
  ///   (``TodoItem/validate()``); nothing is changed then.
  package mutating func edit(_ id: Int, _ edit: Edit) throws(TodoError) {
    guard let index = index(of: id) else { throw .notFound(id: id) }
    let before = items[index]
    var item = before
    for (field, value) in edit.values {
      if case .text(let title?) = value, field.kind == .title {
        field.set(.text(try Self.validTitle(title)), on: &item)
      } else {
        field.set(value, on: &item)
      }
    }
    if !edit.replaceTags, let tag = edit.removeTags.first(where: { !before.tags.contains($0) }) {
      throw .noSuchTag(id: id, tag: tag, tags: before.tags)
    }
    let kept = edit.replaceTags ? [] : item.tags
    item.tags = Self.unique(kept + edit.addTags).filter { !edit.removeTags.contains($0) }
    guard item != before else { return }
    try item.validate()
    items[index] = item
    // `undid: note 1` after `todo note`: a change of the note alone is named for it.
    var noteOnly = before
    noteOnly.note = item.note
    let verb = noteOnly == item ? "note" : "edit"
    record(UndoEntry(summary: "\(verb) \(id)", restore: [before]))
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
