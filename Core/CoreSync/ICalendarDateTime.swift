import CoreBase
public import Foundation

/// A DATE or DATE-TIME value of iCalendar (RFC 5545 §3.3.4–5).
///
/// <!-- doc-test: skip a fragment: `due` comes from its surroundings -->
/// ```swift
/// ICalendarDateTime(property: due)?.day(in: .current)  // DUE;VALUE=DATE:20261201 → (2026, 12, 1)
/// ICalendarDateTime.utcText(Date())                    // "20261202T050000Z"
/// ```
public enum ICalendarDateTime: Hashable, Sendable {
  /// A day without a time (`VALUE=DATE`, `20261201`).
  case date(year: Int, month: Int, day: Int)
  /// An instant in UTC (`20261201T093000Z`).
  case utc(Date)
  /// A wall-clock time with no time zone (`20261201T093000`).
  case floating(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
  /// A wall-clock time in the time zone named by `TZID` (`DUE;TZID=Europe/Berlin:…`).
  case zoned(tzid: String, year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)

  /// Reads a property's value with its `VALUE` and `TZID` parameters, or `nil` when
  /// it is not a valid DATE or DATE-TIME.
  public init?(property: ICalendarProperty) {
    self.init(value: property.value, tzid: property.parameter("TZID"))
  }

  /// Reads `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`; `tzid` names the zone
  /// of a time without `Z`.
  public init?(value: String, tzid: String? = nil) {
    let bytes = Array(value.utf8)
    func number(_ range: Range<Int>) -> Int? {
      var result = 0
      for index in range {
        let byte = bytes[index]
        guard (0x30...0x39).contains(byte) else { return nil }
        result = result * 10 + Int(byte - 0x30)
      }
      return result
    }
    guard bytes.count >= 8, let year = number(0..<4), let month = number(4..<6),
      let day = number(6..<8), year >= 1,
      CivilCalendar.isValid(year: year, month: month, day: day)
    else { return nil }
    if bytes.count == 8 {
      self = .date(year: year, month: month, day: day)
      return
    }
    guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == 0x5A), bytes[8] == 0x54,
      let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
      hour < 24, minute < 60, second <= 60
    else { return nil }
    if bytes.count == 16 {
      let days = CivilCalendar.dayNumber(year: year, month: month, day: day)
      let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
      self = .utc(Date(timeIntervalSince1970: TimeInterval(seconds)))
    } else if let tzid {
      self = .zoned(
        tzid: tzid, year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    } else {
      self = .floating(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
  }

  /// The calendar day this value falls on: a DATE, floating or zoned time is the day
  /// written; a UTC instant is the day it is at that instant in `timeZone`.
  public func day(in timeZone: TimeZone) -> (year: Int, month: Int, day: Int) {
    switch self {
    case .date(let year, let month, let day),
      .floating(let year, let month, let day, _, _, _),
      .zoned(_, let year, let month, let day, _, _, _):
      return (year, month, day)
    case .utc(let date):
      let seconds =
        Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
      let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
      return CivilCalendar.date(ofDay: days)
    }
  }

  /// The instant this value names: a UTC time as it is; a date, floating or zoned time
  /// read in `timeZone` (or in the zone its TZID names, when this system knows it).
  public func instant(in timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) -> Date {
    func local(_ year: Int, _ month: Int, _ day: Int, _ seconds: Int, _ zone: TimeZone) -> Date {
      let days = CivilCalendar.dayNumber(year: year, month: month, day: day)
      let wall = Date(timeIntervalSince1970: TimeInterval(days * 86_400 + seconds))
      return wall.addingTimeInterval(-TimeInterval(zone.secondsFromGMT(for: wall)))
    }
    switch self {
    case .utc(let date): return date
    case .date(let year, let month, let day): return local(year, month, day, 0, timeZone)
    case .floating(let year, let month, let day, let hour, let minute, let second):
      return local(year, month, day, hour * 3_600 + minute * 60 + second, timeZone)
    case .zoned(let tzid, let year, let month, let day, let hour, let minute, let second):
      let zone = TimeZone(identifier: tzid) ?? timeZone
      return local(year, month, day, hour * 3_600 + minute * 60 + second, zone)
    }
  }

  /// `YYYYMMDD`, a DATE value.
  public static func dateText(year: Int, month: Int, day: Int) -> String {
    pad(year, 4) + pad(month, 2) + pad(day, 2)
  }

  /// `YYYYMMDDTHHMMSSZ`, a UTC DATE-TIME value, in whole seconds (rounded down).
  public static func utcText(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let rest = seconds - days * 86_400
    let (year, month, day) = CivilCalendar.date(ofDay: days)
    return dateText(year: year, month: month, day: day) + "T" + pad(rest / 3_600, 2)
      + pad(rest / 60 % 60, 2) + pad(rest % 60, 2) + "Z"
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
