internal import CoreBase
package import Foundation

/// A calendar day without a time or time zone, such as a due date.
///
/// Stored and printed as an ISO date (`2026-12-01`). Arithmetic works on a day
/// number (days since 1970-01-01, Core's `CivilCalendar`), so adding days and
/// finding weekdays needs no `Calendar`; only "today" depends on the time zone (see
/// ``today(in:now:)``).
package struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before).
  package var number: Int

  /// The day with this day number.
  package init(number: Int) { self.number = number }

  /// The day for a year, month (1–12) and day of month, or nil when it does not exist.
  package init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), CivilCalendar.isValid(year: year, month: month, day: day)
    else { return nil }
    number = CivilCalendar.dayNumber(year: year, month: month, day: day)
  }

  /// Parses exactly `YYYY-MM-DD`.
  package init?(iso text: String) {
    var scanner = DigitScanner(text.utf8)
    guard let day = Day(scanning: &scanner), scanner.isAtEnd() else { return nil }
    self = day
  }

  /// Reads `YYYY-MM-DD` from the front of `scanner`.
  init?<Bytes>(scanning scanner: inout DigitScanner<Bytes>) {
    guard let year = scanner.number(width: 4), scanner.skip(0x2D),
      let month = scanner.number(width: 2), scanner.skip(0x2D),
      let day = scanner.number(width: 2)
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The day it is at `now` in `timeZone`.
  package static func today(in timeZone: TimeZone = LocalTimeZone.current, now: Date = Date())
    -> Day
  {
    let seconds =
      Int(now.timeIntervalSince1970.rounded(.down))
      + timeZone.secondsFromGMT(for: now)
    return Day(number: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
  }

  /// Year, month and day of month.
  package var components: (year: Int, month: Int, day: Int) {
    CivilCalendar.date(ofDay: number)
  }

  /// 0 = Sunday … 6 = Saturday.
  package var weekday: Int { CivilCalendar.weekday(ofDay: number) }

  /// The ISO date, `YYYY-MM-DD`.
  package var description: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(10)
    appendISO(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `YYYY-MM-DD` as ASCII bytes, without building a string.
  package func appendISO(to bytes: inout [UInt8]) {
    let (year, month, day) = components
    Day.appendDigits(year, width: 4, to: &bytes)
    bytes.append(0x2D)
    Day.appendDigits(month, width: 2, to: &bytes)
    bytes.append(0x2D)
    Day.appendDigits(day, width: 2, to: &bytes)
  }

  /// Appends a number in decimal, zero-padded to at least `width` digits.
  package static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
    if width == 2, (0..<100).contains(value) {
      bytes.append(UInt8(value / 10) + 0x30)
      bytes.append(UInt8(value % 10) + 0x30)
      return
    }
    if value < 0 { bytes.append(0x2D) }
    var magnitude = value.magnitude
    var digits = 1
    var scale: UInt = 1
    while magnitude / scale >= 10 {
      scale *= 10
      digits += 1
    }
    for _ in digits..<max(digits, width) { bytes.append(0x30) }
    while scale > 0 {
      bytes.append(UInt8(magnitude / scale) + 0x30)
      magnitude %= scale
      scale /= 10
    }
  }

  /// The day `count` days later (earlier when negative).
  package func adding(days count: Int) -> Day { Day(number: number + count) }

  package static func < (lhs: Day, rhs: Day) -> Bool { lhs.number < rhs.number }

  // MARK: - Helpers

}
