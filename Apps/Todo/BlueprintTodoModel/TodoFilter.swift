/// A filter as typed after `todo list`, `todo done` and `todo rm`: the quick syntax
/// of `todo add` (``QuickEntry``) read as conditions that must all hold.
///
/// ```
/// todo list +work !high due:fri     # tagged work, high priority, due by Friday
/// todo done +shop                    # every open todo tagged shop
/// ```
///
/// `+tag` (given several times: every tag), `!priority` (that priority exactly) and
/// `due:DATE` (due on or before that day, so overdue items are included), `due:none`
/// (no due date).
package struct TodoFilter: Hashable, Sendable {
  /// Tags an item must all carry.
  package var tags: [String] = []
  /// The priority an item must have.
  package var priority: Priority?
  /// The last day an item may be due; items without a due date don't match.
  package var dueBy: Day?
  /// Whether only items without a due date match (`due:none`).
  package var withoutDue = false

  /// No condition: every item matches.
  package init() {}

  /// Reads the filter words; words that are no condition are returned in `rest`.
  ///
  /// - Parameters:
  ///   - words: The words as typed.
  ///   - today: The day relative dates count from.
  ///   - rest: Set to the words that are no condition, in order.
  /// - Throws: ``TodoError/invalidDate(_:)`` or ``TodoError/invalidPriority(_:)``
  ///   as the quick syntax does.
  package init(_ words: [String], today: Day, rest: inout [String]) throws(TodoError) {
    let entry = try QuickEntry(words.joined(separator: " "), today: today)
    tags = entry.tags
    priority = entry.priority
    dueBy = entry.due
    withoutDue = entry.removesDue
    rest = entry.title.split(separator: " ").map(String.init)
  }

  /// Whether no condition was given.
  package var isEmpty: Bool { tags.isEmpty && priority == nil && dueBy == nil && !withoutDue }

  /// Whether `item` meets every condition.
  package func matches(_ item: TodoItem) -> Bool {
    if let priority, item.priority != priority { return false }
    if withoutDue, item.due != nil { return false }
    if let dueBy {
      guard let due = item.due, due <= dueBy else { return false }
    }
    return tags.allSatisfy(item.tags.contains)
  }
}
