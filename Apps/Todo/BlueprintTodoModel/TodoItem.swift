/// One thing to do.
///
/// Titles, tags and notes are stored exactly as given (control characters
/// included); they are sanitized only when written to a terminal.
package struct TodoItem: Hashable, Sendable {
  /// A short number that never changes and is never reused.
  package var id: Int
  /// What to do; never empty.
  package var title: String
  /// How important it is, if said.
  package var priority: Priority?
  /// When it is due, if said.
  package var due: Day?
  /// Tags, in the order they were added, without duplicates.
  package var tags: [String]
  /// A longer text about it, if any.
  package var note: String?
  /// When it was added, in whole seconds since 1970.
  package var created: Int
  /// When it was marked done, in whole seconds since 1970; nil while open.
  package var completed: Int?
  /// When it was last changed (here or, through a sync, elsewhere), in whole seconds
  /// since 1970; nil until its first change. A sync that finds one field changed on
  /// both sides keeps the newer change (``TodoStore`` sets it).
  package var modified: Int?
  /// What names the item across lists: the `uid` of the export it was imported from,
  /// or the `uuid` of the Taskwarrior task; nil for an item made here (its export
  /// gives it ``exportUID``). An import skips an item whose uid the list holds.
  package var uid: String?

  /// The highest id an item can have: 2⁵³ − 1, the largest integer every JSON
  /// reader holds exactly.
  package static let maximumID = 9_007_199_254_740_991

  /// Creates an item.
  package init(
    id: Int, title: String, priority: Priority? = nil, due: Day? = nil, tags: [String] = [],
    note: String? = nil, created: Int, completed: Int? = nil
  ) {
    self.id = id
    self.title = title
    self.priority = priority
    self.due = due
    self.tags = tags
    self.note = note
    self.created = created
    self.completed = completed
  }

  /// The uid an export gives the item: its own, or one made of its id and creation
  /// time, which never change and which no other item of the list has.
  package var exportUID: String { uid ?? "todo-\(id)-\(created)" }

  /// Whether it is done.
  package var isDone: Bool { completed != nil }

  /// Whether it is open and due before `today`.
  package func isOverdue(today: Day) -> Bool {
    guard completed == nil, let due else { return false }
    return due < today
  }

  /// Whether `text` occurs in the title, a tag or the note, ignoring case; an empty
  /// text matches every item.
  ///
  /// - Parameter needle: The text, already lowercased.
  /// - Returns: Whether the item matches.
  package func matches(lowercased needle: String) -> Bool {
    guard !needle.isEmpty else { return true }
    if title.lowercased().contains(needle) { return true }
    if tags.contains(where: { $0.lowercased().contains(needle) }) { return true }
    return note?.lowercased().contains(needle) ?? false
  }
}
