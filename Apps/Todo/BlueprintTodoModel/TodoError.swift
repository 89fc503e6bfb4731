/// What went wrong with a change to the todo list, and with which item or input.
///
/// A domain error: it says what failed, never how to show it. Each shell words it —
/// the command line as a message, a hint and an exit code
/// (`TodoError+CommandLine.swift`), the terminal UI in its status line, SwiftUI in
/// an alert.
package enum TodoError: Error, Hashable, Sendable {
  /// No item has the id.
  case notFound(id: Int)
  /// The title is empty once surrounding whitespace is removed.
  case emptyTitle
  /// The title has `length` characters, more than the `maximum` a line holds.
  case titleTooLong(length: Int, maximum: Int)
  /// A tag that is not one word (empty, or holding whitespace or NUL), as given.
  case invalidTag(String)
  /// A title, note or tag holding a NUL character, which no command line can carry.
  case containsNUL(field: String)
  /// A quick-entry `due:` date that is not a date (the text as given).
  case invalidDate(String)
  /// A quick-entry `!` word that is not a priority (the word as given, `!` included).
  case invalidPriority(String)
  /// Text typed for a field (an option's value, a field of the detail screen) that
  /// the field cannot read: a date no form matches, a priority that is none.
  case invalidValue(field: TodoField, text: String)
  /// An edit removes a tag the item does not have (the item's id, the tag, its tags).
  case noSuchTag(id: Int, tag: String, tags: [String])
  /// No ids are left: the next one would pass `maximum`.
  case idsExhausted(maximum: Int)
  /// There is nothing to undo; only the last `limit` changes are kept.
  case nothingToUndo(limit: Int)
  /// An import is not a JSON array of todos in the list's schema: where and why.
  case invalidImport(source: String, reason: String)
}
