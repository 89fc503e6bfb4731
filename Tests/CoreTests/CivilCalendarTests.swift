import Core
import Foundation
import Testing

@Suite("CivilCalendar: day numbers and dates")
struct CivilCalendarTests {
  @Test(
    "known dates have the day numbers Python's datetime gives",
    arguments: [
      (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 3, 1, 11_017), (2026, 12, 1, 20_788),
      (1600, 1, 1, -135_140), (9999, 12, 31, 2_932_896), (1, 1, 1, -719_162),
    ])
  func knownDates(year: Int, month: Int, day: Int, number: Int) {
    #expect(CivilCalendar.dayNumber(year: year, month: month, day: day) == number)
    let date = CivilCalendar.date(ofDay: number)
    #expect(date.year == year && date.month == month && date.day == day)
  }

  @Test("every day from 1600 to 2400 agrees with Foundation's Gregorian calendar")
  func agreesWithFoundation() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let first = CivilCalendar.dayNumber(year: 1600, month: 1, day: 1)
    let last = CivilCalendar.dayNumber(year: 2400, month: 12, day: 31)
    for number in stride(from: first, through: last, by: 7) {
      let parts = calendar.dateComponents(
        [.year, .month, .day, .weekday],
        from: Date(timeIntervalSince1970: Double(number) * 86_400))
      let date = CivilCalendar.date(ofDay: number)
      #expect(
        [date.year, date.month, date.day] == [parts.year, parts.month, parts.day],
        "day \(number)")
      #expect(CivilCalendar.weekday(ofDay: number) + 1 == parts.weekday, "day \(number)")
      #expect(CivilCalendar.dayNumber(year: date.year, month: date.month, day: date.day) == number)
    }
  }

  @Test("months and leap years: February has 29 days every fourth year but most centuries")
  func monthLengths() {
    #expect(CivilCalendar.daysIn(month: 2, year: 1900) == 28)
    #expect(CivilCalendar.daysIn(month: 2, year: 2000) == 29)
    #expect(CivilCalendar.daysIn(month: 2, year: 2024) == 29)
    #expect(CivilCalendar.daysIn(month: 2, year: 2026) == 28)
    #expect(
      [1, 3, 5, 7, 8, 10, 12].allSatisfy { CivilCalendar.daysIn(month: $0, year: 2026) == 31 })
    #expect([4, 6, 9, 11].allSatisfy { CivilCalendar.daysIn(month: $0, year: 2026) == 30 })
  }

  @Test(
    "a date that does not exist is not valid",
    arguments: [
      (2026, 2, 29, false), (2024, 2, 29, true), (2026, 13, 1, false), (2026, 0, 1, false),
      (2026, 4, 31, false), (2026, 12, 31, true), (2026, 1, 0, false),
    ])
  func validity(year: Int, month: Int, day: Int, isValid: Bool) {
    #expect(CivilCalendar.isValid(year: year, month: month, day: day) == isValid)
  }

  @Test("1970-01-01 was a Thursday; weekdays before 1970 count the same way")
  func weekdays() {
    #expect(CivilCalendar.weekday(ofDay: 0) == 4)
    #expect(CivilCalendar.weekday(ofDay: -1) == 3)
    #expect(CivilCalendar.weekday(ofDay: 20_788) == 2)  // 2026-12-01, a Tuesday
  }
}
