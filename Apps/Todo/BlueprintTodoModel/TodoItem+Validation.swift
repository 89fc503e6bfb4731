internal import Foundation

/// What a valid item is: one rule, used when the store reads the file, by
/// `todo import`, and by every command and screen that changes an item.
extension TodoItem {
  /// The most characters a title may have: a title is one line of a list; a longer
  /// text belongs in the item's note.
  package static let maximumTitleLength = 1_000

  /// A title with surrounding whitespace removed, when it is a valid title.
  ///
  /// A title says something (not empty or only whitespace), fits on a line
  /// (at most ``maximumTitleLength`` characters) and holds no NUL character (no
  /// command line can carry one, so no command could edit it).
  ///
  /// - Throws: ``TodoError/emptyTitle``, ``TodoError/titleTooLong(length:maximum:)``
  ///   or ``TodoError/containsNUL(field:)``.
  package static func validTitle(_ title: String) throws(TodoError) -> String {
    // Trimming and counting characters cost more than the rest of reading an item:
    // skip them when the ends are not whitespace and the bytes alone fit.
    let isTrimmed = !(title.first?.isWhitespace ?? true) && !(title.last?.isWhitespace ?? true)
    let trimmed = isTrimmed ? title : title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .emptyTitle }
    guard !trimmed.utf8.contains(0) else { throw .containsNUL(field: "title") }
    let length = trimmed.utf8.count <= maximumTitleLength ? 0 : trimmed.count
    guard length <= maximumTitleLength else {
      throw .titleTooLong(length: length, maximum: maximumTitleLength)
    }
    return trimmed
  }

  /// The tag, when it is one: one word, without whitespace or NUL.
  ///
  /// - Throws: ``TodoError/invalidTag(_:)``.
  package static func validTag(_ tag: String) throws(TodoError) -> String {
    // Printable ASCII, as nearly every tag is, needs no look at its characters.
    if !tag.isEmpty, tag.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) { return tag }
    guard !tag.isEmpty, !tag.utf8.contains(0), !tag.contains(where: \.isWhitespace) else {
      throw .invalidTag(tag)
    }
    return tag
  }

  /// A tag made from a name other tools allow spaces in — a CalDAV category, a
  /// Taskwarrior project: its words joined by `-` (`Home Office` → `Home-Office`).
  ///
  /// - Returns: The tag, or `nil` when the name has no word.
  package static func tag(fromPhrase phrase: String) -> String? {
    let tag = phrase.split(whereSeparator: { $0.isWhitespace || $0 == "\0" }).joined(
      separator: "-")
    return tag.isEmpty ? nil : tag
  }

  /// Checks the whole item: its title and tags by the rules above, its note
  /// without NUL.
  ///
  /// - Throws: The ``TodoError`` of the first rule it breaks.
  package func validate() throws(TodoError) {
    _ = try Self.validTitle(title)
    for tag in tags { _ = try Self.validTag(tag) }
    if note?.utf8.contains(0) == true { throw .containsNUL(field: "note") }
  }
}

extension TodoError {
  /// A short reason for a file's messages (the stored list, an import): the
  /// command line words these errors itself when they come from its arguments.
  package var fileReason: String {
    switch self {
    case .emptyTitle: "the title is empty"
    case .titleTooLong(let length, let maximum):
      "the title has \(length) characters, more than \(maximum)"
    case .containsNUL(let field): "the \(field) holds a NUL character"
    case .invalidTag(let tag): "invalid tag '\(tag.prefix(40))' (a tag is one word)"
    case .invalidDate(let text): "bad due date '\(text.prefix(40))' (YYYY-MM-DD)"
    default: "\(self)"
    }
  }
}
