internal import CoreBase
internal import Foundation

/// Dates as people type them, for `--due`, the UI's fields and the quick add line.
extension Day {
  /// The accepted forms, for error messages and help.
  package static let expectedInput =
    "a date: YYYY-MM-DD, Dec 15, 15 Dec, today, tomorrow, tmrw, yesterday, mon…sun, "
    + "next friday, next week, next month, +3d, 2w, in 3 days, eow, eom, end of month"

  private static let weekdayNames = [
    "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
  ]

  private static let monthNames = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ]

  /// The most days a relative date may reach ahead (about a hundred years).
  private static let maximumOffset = 36_500

  /// Parses a date as a person types it, relative to `today`.
  ///
  /// Case and surrounding spaces are ignored. Accepted:
  ///
  /// | Typed | Day |
  /// |---|---|
  /// | `2026-12-01`, `2026-12-1` | that day |
  /// | `Dec 15`, `15 Dec`, `December 15` | the next December 15th (today included) |
  /// | `Dec 15 2027`, `15 December 2027` | that day |
  /// | `today`, `tomorrow` (`tmrw`), `yesterday` | |
  /// | `friday`, `fri`, `next friday` | the next Friday, never today |
  /// | `next week` | Monday of next week |
  /// | `next month` | the first of next month |
  /// | `+3d`, `3d`, `in 3 days`, `+2w`, `2w`, `in 2 weeks`, `in a week` | that many days or weeks on |
  /// | `eow`, `end of week` | the coming Sunday (today on a Sunday) |
  /// | `eom`, `end of month` | the last day of this month |
  ///
  /// `12/20` is refused: whether it is the 12th of month 20 or December 20th cannot
  /// be told (see ``ambiguityHint(for:today:)``).
  ///
  /// A pure function: the caller decides what today is.
  ///
  /// - Parameters:
  ///   - text: What was typed.
  ///   - today: The current day in the user's time zone.
  /// - Returns: The day, or nil when the text is not one of these forms.
  package static func parse(_ text: String, today: Day) -> Day? {
    let words = text.lowercased().split(separator: " ").map(String.init)
    guard let first = words.first else { return nil }
    if words.count == 1, let day = Day(iso: first) ?? Day(shortISO: first) { return day }
    switch words.joined(separator: " ") {
    case "today": return today
    case "tomorrow", "tmrw": return today.adding(days: 1)
    case "yesterday": return today.adding(days: -1)
    case "next week":
      let ahead = (8 - today.weekday) % 7
      return today.adding(days: ahead == 0 ? 7 : ahead)
    case "next month":
      let (year, month, _) = today.components
      return month == 12
        ? Day(year: year + 1, month: 1, day: 1) : Day(year: year, month: month + 1, day: 1)
    case "eow", "end of week": return today.adding(days: (7 - today.weekday) % 7)
    case "eom", "end of month":
      let (year, month, _) = today.components
      return Day(year: year, month: month, day: CivilCalendar.daysIn(month: month, year: year))
    default: break
    }
    let weekdayWords = words.count == 2 && first == "next" ? words.dropFirst() : words[...]
    if weekdayWords.count == 1, let word = weekdayWords.first,
      let index = weekdayNames.firstIndex(where: { $0 == word || String($0.prefix(3)) == word })
    {
      let ahead = (index - today.weekday + 7) % 7
      return today.adding(days: ahead == 0 ? 7 : ahead)
    }
    if let day = monthAndDay(words, today: today) { return day }
    guard let days = offset(words) else { return nil }
    return today.adding(days: days)
  }

  /// The most words a date takes (`in 3 days`, `end of month`, `Dec 15 2027`): the
  /// quick syntax's `due:` reads up to this many.
  package static let longestForm = 3

  /// A hint for a form that is refused on purpose, or nil: `12/20` and `20.12`
  /// name a month and a day in an order that cannot be told.
  ///
  /// - Parameters:
  ///   - text: What was typed.
  ///   - today: The current day (its year goes into the suggestion).
  /// - Returns: `write 2026-12-20 (…)`, or nil.
  package static func ambiguityHint(for text: String, today: Day) -> String? {
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "." })
    guard (2...3).contains(parts.count), parts.allSatisfy({ wholeNumber($0) != nil }) else {
      return nil
    }
    var numbers = parts.compactMap { wholeNumber($0) }
    // A year typed first (2027/03/15) or last (15.03.2027, 15.03.27) is kept.
    var year = today.components.year
    let yearFirst = parts.count == 3 && parts[0].count == 4
    if yearFirst {
      year = numbers.removeFirst()
    } else if parts.count == 3 {
      let last = numbers.removeLast()
      if parts[2].count == 4 { year = last } else if parts[2].count == 2 { year = 2000 + last }
    }
    // The example takes the number that cannot be a month as the day (15.03, 2027/15/03).
    let dayFirst = numbers[0] > 12 && numbers[1] <= 12
    let month = dayFirst ? numbers[1] : numbers[0]
    let day = dayFirst ? numbers[0] : numbers[1]
    let example = Day(year: year, month: month, day: day)?.description ?? "\(year)-12-20"
    guard !yearFirst else { return "write the date as YYYY-MM-DD, e.g. \(example)" }
    return "write the date as YYYY-MM-DD, e.g. \(example): "
      + "in '\(text)' the order of month and day cannot be told"
  }

  /// `YYYY-M-D`: an ISO date with one-digit months or days.
  private init?(shortISO text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count),
      (1...2).contains(parts[2].count), let year = Day.wholeNumber(parts[0]),
      let month = Day.wholeNumber(parts[1]), let day = Day.wholeNumber(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// `dec 15`, `15 dec`, `december 15`, with an optional year after them; without a
  /// year, the next such day from `today` on.
  private static func monthAndDay(_ words: [String], today: Day) -> Day? {
    guard (2...3).contains(words.count) else { return nil }
    func monthNumber(_ word: String) -> Int? {
      guard word.count >= 3 else { return nil }
      let word = word.hasSuffix(".") ? String(word.dropLast()) : word
      return monthNames.firstIndex { $0 == word || ($0.hasPrefix(word) && word.count == 3) }
        .map { $0 + 1 } ?? (word == "sept" ? 9 : nil)
    }
    let month: Int
    let day: Int
    if let named = monthNumber(words[0]), let number = wholeNumber(Substring(words[1])) {
      (month, day) = (named, number)
    } else if let named = monthNumber(words[1]), let number = wholeNumber(Substring(words[0])) {
      (month, day) = (named, number)
    } else {
      return nil
    }
    if words.count == 3 {
      guard words[2].count == 4, let year = wholeNumber(Substring(words[2])) else { return nil }
      return Day(year: year, month: month, day: day)
    }
    let (year, _, _) = today.components
    for candidate in year...(year + 8) {  // February 29th comes back within 8 years
      if let found = Day(year: candidate, month: month, day: day), found >= today { return found }
    }
    return nil
  }

  /// Days for `+3d`, `3d`, `2w`, `in 3 days`, `in 1 week`, `in a week`.
  private static func offset(_ words: [String]) -> Int? {
    var count: Int
    var unit: Substring
    switch words.count {
    case 1:
      var word = Substring(words[0])
      if word.hasPrefix("+") { word = word.dropFirst() }
      guard let last = word.last else { return nil }
      unit = Substring(String(last))
      guard let number = wholeNumber(word.dropLast()) else { return nil }
      count = number
    case 3 where words[0] == "in":
      guard let number = words[1] == "a" ? 1 : wholeNumber(Substring(words[1])) else {
        return nil
      }
      count = number
      unit = Substring(words[2])
    default: return nil
    }
    let multiplier: Int
    switch unit {
    case "d", "day", "days": multiplier = 1
    case "w", "week", "weeks": multiplier = 7
    default: return nil
    }
    guard count <= maximumOffset / multiplier else { return nil }
    return count * multiplier
  }

  private static func wholeNumber(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.count <= 6, text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else { return nil }
    return Int(text)
  }
}
