package import Foundation

/// A calendar day without a time or time zone, such as a due date.
///
/// Stored and printed as an ISO date (`2026-12-01`). Arithmetic works on a day
/// number (days since 1970-01-01), so adding days and finding weekdays needs no
/// `Calendar`; only "today" depends on the time zone (see ``today(in:now:)``).
package struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before).
  package var number: Int

  /// The day with this day number.
  package init(number: Int) { self.number = number }

  /// The day for a year, month (1–12) and day of month, or nil when it does not exist.
  package init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= Day.daysIn(month: month, year: year)
    else { return nil }
    number = Day.dayNumber(year: year, month: month, day: day)
  }

  /// Parses exactly `YYYY-MM-DD`.
  package init?(iso text: String) {
    guard text.utf8.count == 10 else { return nil }
    var text = text
    guard let day = text.withUTF8({ Day(isoBytes: $0) }) else { return nil }
    self = day
  }

  /// Parses exactly `YYYY-MM-DD` from UTF-8 bytes.
  package init?(isoBytes bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
      let year = Day.digits(bytes[0..<4]), let month = Day.digits(bytes[5..<7]),
      let day = Day.digits(bytes[8..<10])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The day it is at `now` in `timeZone`.
  package static func today(in timeZone: TimeZone = .current, now: Date = Date()) -> Day {
    let seconds =
      Int(now.timeIntervalSince1970.rounded(.down))
      + timeZone.secondsFromGMT(for: now)
    return Day(number: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
  }

  /// Year, month and day of month.
  package var components: (year: Int, month: Int, day: Int) {
    // Howard Hinnant's civil_from_days.
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// 0 = Sunday … 6 = Saturday.
  package var weekday: Int { ((number % 7) + 7 + 4) % 7 }

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

  private static func digits(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
    var value = 0
    for byte in bytes {
      guard (0x30...0x39).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  private static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    // Howard Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
