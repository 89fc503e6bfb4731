/// The proleptic Gregorian calendar as integer arithmetic on day numbers (days
/// since 1970-01-01), with no `Calendar`, time zone or allocation: what a due date
/// and a feed's timestamp both need.
///
/// The conversions are Howard Hinnant's `days_from_civil` and `civil_from_days`,
/// exact for every year an `Int` can hold.
///
/// ```swift
/// CivilCalendar.dayNumber(year: 2026, month: 12, day: 1)  // 20_788
/// CivilCalendar.date(ofDay: 20_788)                        // (2026, 12, 1)
/// CivilCalendar.daysIn(month: 2, year: 2028)               // 29
/// ```
public enum CivilCalendar {
  /// Whether `year` has a 29 February.
  ///
  /// - Parameter year: A year of the proleptic Gregorian calendar.
  /// - Returns: True every fourth year, except centuries not divisible by 400.
  public static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// How many days a month has.
  ///
  /// - Parameters:
  ///   - month: 1 (January) to 12.
  ///   - year: The year (for February).
  /// - Returns: 28 to 31.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Whether year, month and day name a day that exists (1 ≤ month ≤ 12, the day
  /// within the month).
  ///
  /// - Parameters:
  ///   - year: The year.
  ///   - month: The month, 1–12.
  ///   - day: The day of the month.
  /// - Returns: True when the date exists.
  public static func isValid(year: Int, month: Int, day: Int) -> Bool {
    (1...12).contains(month) && day >= 1 && day <= daysIn(month: month, year: year)
  }

  /// The day number of a date: days since 1970-01-01, negative before.
  ///
  /// - Parameters:
  ///   - year: The year.
  ///   - month: The month, 1–12.
  ///   - day: The day of the month (not checked; see ``isValid(year:month:day:)``).
  /// - Returns: The day number.
  public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date of a day number.
  ///
  /// - Parameter number: Days since 1970-01-01, negative before.
  /// - Returns: Year, month (1–12) and day of the month.
  public static func date(ofDay number: Int) -> (year: Int, month: Int, day: Int) {
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

  /// The weekday of a day number.
  ///
  /// - Parameter number: Days since 1970-01-01.
  /// - Returns: 0 (Sunday) to 6 (Saturday).
  public static func weekday(ofDay number: Int) -> Int { ((number % 7) + 7 + 4) % 7 }
}
