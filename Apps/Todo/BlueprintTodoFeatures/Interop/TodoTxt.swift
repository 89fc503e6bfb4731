package import BlueprintTodoModel
internal import CoreBase
package import Foundation

/// The todo.txt format: one task per line, read into drafts and written from items.
///
/// ```
/// (A) 2026-11-30 Call Mom +Family @phone due:2026-12-05
/// x 2026-12-01 2026-11-28 Review the pull request +Blueprint @github
/// ```
///
/// | todo.txt | todo |
/// |---|---|
/// | `(A)`, `(B)`, `(C)`…`(Z)` at the start | high, medium, low |
/// | `x DATE` at the start | done on that day (`x` alone: done now) |
/// | the date after the priority (or after the completion date) | created |
/// | `+project` | tag `project` |
/// | `@context` | tag `@context` |
/// | `due:YYYY-MM-DD` | due date |
/// | `pri:A` on a done line | the priority it had |
///
/// Other `key:value` words stay in the title, so nothing is lost. A note has no
/// place in todo.txt; ``line(_:timeZone:)`` leaves it out.
package enum TodoTxt {
  /// Whether `data` looks like todo.txt lines rather than JSON: UTF-8 text without
  /// NUL whose first character (after a byte order mark and white space) opens no
  /// JSON array or object. For the hint of a file imported without `--from`.
  package static func looksLikeTodoTxt(_ data: Data) -> Bool {
    guard var text = String.validated(data, as: UTF8.self), !text.utf8.contains(0) else {
      return false
    }
    if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
    guard let first = text.first(where: { !$0.isWhitespace }) else { return false }
    return first != "[" && first != "{"
  }

  /// Reads todo.txt lines; blank lines are skipped.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - source: The file's name for messages.
  ///   - now: Whole seconds since 1970, for a line without a date.
  ///   - timeZone: The zone whose midnight a date stands for.
  /// - Returns: The drafts, in file order.
  /// - Throws: ``TodoError/invalidImport(source:reason:)`` naming the line and the
  ///   reason; nothing is read from a file with one bad line.
  package static func drafts(_ data: Data, source: String, now: Int, timeZone: TimeZone)
    throws(TodoError) -> [TodoDocument.Draft]
  {
    guard var text = String.validated(data, as: UTF8.self) else {
      throw .invalidImport(source: source, reason: "not UTF-8 text, so not todo.txt")
    }
    // The byte order mark some Windows editors write is not part of the first line.
    if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
    guard !text.utf8.contains(0) else {
      throw .invalidImport(source: source, reason: "holds a NUL byte, so not todo.txt")
    }
    if let first = text.first(where: { !$0.isWhitespace }), first == "[" || first == "{" {
      throw .invalidImport(
        source: source,
        reason: "JSON, not todo.txt lines (--from json or --from taskwarrior reads it)")
    }
    var drafts: [TodoDocument.Draft] = []
    // "\r\n" is one Character, so Windows line ends are split on as such (and a lone
    // "\r", an old Mac's).
    let lines = text.split(omittingEmptySubsequences: false) {
      $0 == "\n" || $0 == "\r\n" || $0 == "\r"
    }
    for (offset, line) in lines.enumerated() {
      guard !line.allSatisfy(\.isWhitespace) else { continue }
      do {
        drafts.append(try draft(line, now: now, timeZone: timeZone))
      } catch {
        throw .invalidImport(source: source, reason: "line \(offset + 1): \(error.fileReason)")
      }
    }
    return drafts
  }

  /// One item as a todo.txt line, without its newline.
  ///
  /// - Parameters:
  ///   - item: The item.
  ///   - timeZone: The zone whose day the created and completed times fall on.
  /// - Returns: `(A) 2026-11-30 Call Mom +Family @phone due:2026-12-05`.
  package static func line(_ item: TodoItem, timeZone: TimeZone) -> String {
    func day(_ seconds: Int) -> String {
      Day.today(in: timeZone, now: Date(timeIntervalSince1970: Double(seconds))).description
    }
    var words: [String] = []
    if let completed = item.completed {
      words += ["x", day(completed)]
    } else if let priority = item.priority {
      words.append("(\(letter(priority)))")
    }
    words.append(day(item.created))
    words.append(item.title)
    words += item.tags.map { $0.hasPrefix("@") ? $0 : "+" + $0 }
    if let due = item.due { words.append("due:\(due)") }
    if item.isDone, let priority = item.priority { words.append("pri:\(letter(priority))") }
    return words.joined(separator: " ")
  }

  private static func letter(_ priority: Priority) -> Character {
    switch priority {
    case .high: "A"
    case .medium: "B"
    case .low: "C"
    }
  }

  private static func priority(_ letter: Character) -> Priority? {
    guard letter.isASCII, letter.isUppercase else { return nil }
    return letter == "A" ? .high : letter == "B" ? .medium : .low
  }

  private static func draft(_ line: Substring, now: Int, timeZone: TimeZone) throws(TodoError)
    -> TodoDocument.Draft
  {
    var words = line.split(separator: " ")[...]
    func midnight(_ word: Substring?) -> Int? {
      guard let word, let day = Day(iso: String(word)) else { return nil }
      let seconds = day.number * 86_400
      return seconds - timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    }
    var completed: Int?
    var priority: Priority?
    if words.first == "x" {
      words.removeFirst()
      completed = midnight(words.first) ?? now
      if midnight(words.first) != nil { words.removeFirst() }
    } else if let first = words.first, first.count == 3, first.first == "(", first.last == ")",
      let level = self.priority(first[first.index(after: first.startIndex)])
    {
      priority = level
      words.removeFirst()
    }
    let created = midnight(words.first)
    if created != nil { words.removeFirst() }
    var draft = TodoDocument.Draft(title: "", created: created ?? now)
    draft.completed = completed
    var title: [Substring] = []
    for word in words {
      if word.count > 1, word.first == "+" {
        draft.tags.append(try TodoItem.validTag(String(word.dropFirst())))
      } else if word.count > 1, word.first == "@" {
        draft.tags.append(try TodoItem.validTag(String(word)))
      } else if word.hasPrefix("due:") {
        guard let day = Day(iso: String(word.dropFirst(4))) else {
          throw .invalidDate(String(word.dropFirst(4).prefix(40)))
        }
        draft.due = day
      } else if completed != nil, word.hasPrefix("pri:"), word.count == 5,
        let level = self.priority(word[word.index(before: word.endIndex)])
      {
        priority = level
      } else {
        title.append(word)
      }
    }
    draft.priority = priority
    draft.title = try TodoItem.validTitle(title.joined(separator: " "))
    return draft
  }
}
