internal import Core

/// Dates as people type them, for `--due`, the UI's fields and the quick add line.
extension Day {
  /// The accepted forms, for error messages and help.
  package static let expectedInput =
    "a date: YYYY-MM-DD, today, tomorrow, yesterday, a weekday (mon…sun, the next one), "
    + "next week, next month, +3d, 2w, in 3 days, eow (end of week), eom (end of month)"

  private static let weekdayNames = [
    "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
  ]

  /// The most days a relative date may reach ahead (about a hundred years).
  private static let maximumOffset = 36_500

  /// Parses a date as a person types it, relative to `today`.
  ///
  /// Case and surrounding spaces are ignored. Accepted:
  ///
  /// | Typed | Day |
  /// |---|---|
  /// | `2026-12-01` | that day |
  /// | `today`, `tomorrow`, `yesterday` | |
  /// | `friday`, `fri` | the next Friday, never today |
  /// | `next week` | Monday of next week |
  /// | `next month` | the first of next month |
  /// | `+3d`, `3d`, `in 3 days`, `+2w`, `2w`, `in 2 weeks`, `in a week` | that many days or weeks on |
  /// | `eow` | the coming Sunday (today on a Sunday) |
  /// | `eom` | the last day of this month |
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
    if words.count == 1, let day = Day(iso: first) { return day }
    switch words.joined(separator: " ") {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    case "yesterday": return today.adding(days: -1)
    case "next week":
      let ahead = (8 - today.weekday) % 7
      return today.adding(days: ahead == 0 ? 7 : ahead)
    case "next month":
      let (year, month, _) = today.components
      return month == 12
        ? Day(year: year + 1, month: 1, day: 1) : Day(year: year, month: month + 1, day: 1)
    case "eow": return today.adding(days: (7 - today.weekday) % 7)
    case "eom":
      let (year, month, _) = today.components
      return Day(year: year, month: month, day: CivilCalendar.daysIn(month: month, year: year))
    default: break
    }
    if words.count == 1,
      let index = weekdayNames.firstIndex(where: { $0 == first || String($0.prefix(3)) == first })
    {
      let ahead = (index - today.weekday + 7) % 7
      return today.adding(days: ahead == 0 ? 7 : ahead)
    }
    guard let days = offset(words) else { return nil }
    return today.adding(days: days)
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
