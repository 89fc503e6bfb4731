/// The quick syntax of `todo add` and the UI's add line: words of the title, with
/// `due:DATE`, `+tag` and `!priority` anywhere among them.
///
/// ```
/// Buy milk due:tomorrow +shop !high
/// Call mom due:next week +family
/// ```
///
/// `due:` takes one date word, or two or three for `next week`, `next month` and
/// `in 3 days`; `+` must start a word that begins with a letter (`+1` stays in the
/// title); `!` takes `low`, `medium`, `high` or `l`, `m`, `h`. Every other word is
/// part of the title.
package struct QuickEntry: Hashable, Sendable {
  /// The title words, joined by single spaces.
  package var title: String
  /// The `due:` date, if given.
  package var due: Day?
  /// The `!` priority, if given.
  package var priority: Priority?
  /// The `+` tags, in order.
  package var tags: [String] = []

  /// Parses `text` relative to `today`.
  ///
  /// - Throws: ``TodoError/invalidDate(_:)`` for a `due:` that is not a date,
  ///   ``TodoError/invalidPriority(_:)`` for a `!` that is not a priority.
  package init(_ text: String, today: Day) throws(TodoError) {
    var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)[...]
    var titleWords: [String] = []
    while let word = words.popFirst() {
      if word.lowercased().hasPrefix("due:") {
        var date = String(word.dropFirst(4))
        // `due:next week`, `due:in 3 days`: the date goes on over the next words.
        let extra = ["next": 1, "in": 2][date.lowercased()] ?? 0
        for _ in 0..<extra { if let next = words.popFirst() { date += " " + next } }
        guard let day = Day.parse(date, today: today) else {
          throw .invalidDate(date)
        }
        due = day
      } else if word.hasPrefix("+"), word.dropFirst().first?.isLetter == true {
        tags.append(String(word.dropFirst()))
      } else if word.hasPrefix("!"), word.count > 1, word.dropFirst().allSatisfy(\.isLetter) {
        guard let level = Priority(name: String(word.dropFirst())) else {
          throw .invalidPriority(word)
        }
        priority = level
      } else {
        titleWords.append(word)
      }
    }
    title = titleWords.joined(separator: " ")
  }
}
