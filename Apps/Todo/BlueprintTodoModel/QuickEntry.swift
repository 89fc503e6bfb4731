/// The quick syntax of `todo add` and the UI's add line: words of the title, with
/// `due:DATE`, `+tag` and `!priority` anywhere among them.
///
/// ```
/// Buy milk due:tomorrow +shop !high
/// Call mom due:next week +family
/// ```
///
/// `due:` takes a date of one to three words (`due:fri`, `due:next week`,
/// `due:Dec 15`, `due:end of month`; the longest reading wins, by the one date rule
/// of `Day.parse(_:today:)`), and `due:none` no date (`edit` removes the one set); `+` must start a word that begins with a letter (`+1` stays in the
/// title); `!` takes `low`, `medium`, `high` or `l`, `m`, `h`. Every other word is
/// part of the title.
package struct QuickEntry: Hashable, Sendable {
  /// The title words, joined by single spaces.
  package var title: String
  /// The `due:` date, if given.
  package var due: Day?
  /// Whether `due:none` was given: no due date.
  package var removesDue = false
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
      if word.lowercased() == "due:none" {
        due = nil
        removesDue = true
      } else if word.lowercased().hasPrefix("due:") {
        // `due:next week`, `due:end of month`, `due:Dec 15`: the date may go on
        // over the next words; the longest reading that is a date wins.
        var date = String(word.dropFirst(4))
        var found = Day.parse(date, today: today)
        for count in stride(from: Day.longestForm - 1, through: 1, by: -1)
        where words.count >= count {
          let longer = ([date] + words.prefix(count)).joined(separator: " ")
          if let day = Day.parse(longer, today: today) {
            found = day
            date = longer
            words = words.dropFirst(count)
            break
          }
        }
        guard let day = found else {
          // Name the words a person meant as the date: `next`, `in` and `end`
          // always go on.
          let extra = ["next": 1, "in": 2, "end": 2][date.lowercased()] ?? 0
          throw .invalidDate(([date] + words.prefix(extra)).joined(separator: " "))
        }
        due = day
        removesDue = false
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
