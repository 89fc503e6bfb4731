import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

@Suite("Due dates")
struct DayTests {
  /// 2026-05-06 is a Wednesday.
  static let today = Day(year: 2026, month: 5, day: 6)

  @Test(
    "what a person types, relative to Wednesday 2026-05-06",
    arguments: [
      ("2026-12-01", "2026-12-01"),
      ("2024-02-29", "2024-02-29"),
      ("today", "2026-05-06"),
      ("Today", "2026-05-06"),
      ("tomorrow", "2026-05-07"),
      ("thursday", "2026-05-07"),
      ("wednesday", "2026-05-13"),
      ("wed", "2026-05-13"),
      ("monday", "2026-05-11"),
      ("SUNDAY", "2026-05-10"),
      ("+0d", "2026-05-06"),
      ("+3d", "2026-05-09"),
      ("+30d", "2026-06-05"),
      ("+2w", "2026-05-20"),
      ("+52w", "2027-05-05"),
      ("yesterday", "2026-05-05"),
      ("3d", "2026-05-09"),
      ("2w", "2026-05-20"),
      ("in 3 days", "2026-05-09"),
      ("In 1 day", "2026-05-07"),
      ("in 2 weeks", "2026-05-20"),
      ("in a week", "2026-05-13"),
      ("  tomorrow ", "2026-05-07"),
      ("next week", "2026-05-11"),  // Monday of next week
      ("next  month", "2026-06-01"),
      ("eow", "2026-05-10"),  // the coming Sunday
      ("eom", "2026-05-31"),
      // The forms people type, English, any case.
      ("next friday", "2026-05-08"), ("Next Fri", "2026-05-08"), ("next wednesday", "2026-05-13"),
      ("Dec 15", "2026-12-15"), ("15 Dec", "2026-12-15"), ("December 15", "2026-12-15"),
      ("15 december", "2026-12-15"), ("may 6", "2026-05-06"), ("May 5", "2027-05-05"),
      ("sept 3", "2026-09-03"), ("Dec 15 2027", "2027-12-15"), ("15 Dec 2025", "2025-12-15"),
      ("feb 29", "2028-02-29"), ("2026-12-3", "2026-12-03"), ("2026-1-01", "2026-01-01"),
      ("end of month", "2026-05-31"), ("End Of Week", "2026-05-10"), ("tmrw", "2026-05-07"),
      ("TMRW", "2026-05-07"),
    ])
  func parses(text: String, expected: String) throws {
    let today = try #require(Self.today)
    #expect(Day.parse(text, today: today)?.description == expected)
  }

  @Test(
    "rejects what is not a date",
    arguments: [
      "", "2026-13-01", "2026-02-30", "2025-02-29", "26-12-01", "2026-1-001", "2026-12-01x",
      "+3", "+d", "+-3d", "++3d", "+3y", "+99999999999999999999d", "mond", "２０２６-12-01",
      "in 3", "in days", "in 3 months", "next", "next year", "last week", "3 days", "in -3 days",
      "+36501d", "5300w", "eod", "in 3 days please",
      "12/20", "20/12", "12.20", "dec", "dec 32", "feb 30", "32 dec", "de 15", "dec 15 27",
      "next fridays", "end of", "end of year", "2026-12-3x", "2026-12-123",
    ])
  func rejects(text: String) throws {
    let today = try #require(Self.today)
    #expect(Day.parse(text, today: today) == nil)
  }

  @Test(
    "relative forms at the edges of weeks, months and years",
    arguments: [
      ("2026-12-15", "next month", "2027-01-01"), ("2024-02-10", "eom", "2024-02-29"),
      ("2025-02-10", "eom", "2025-02-28"), ("2026-12-31", "tomorrow", "2027-01-01"),
      ("2026-05-10", "eow", "2026-05-10"),  // on a Sunday, the end of the week is today
      ("2026-05-10", "next week", "2026-05-11"), ("2026-05-11", "next week", "2026-05-18"),
      ("2026-05-11", "monday", "2026-05-18"), ("2027-01-01", "yesterday", "2026-12-31"),
    ])
  func edges(today: String, text: String, expected: String) throws {
    let today = try #require(Day(iso: today))
    #expect(Day.parse(text, today: today)?.description == expected)
  }

  @Test("day numbers round-trip and weekdays are right")
  func calendar() throws {
    #expect(Day(number: 0).description == "1970-01-01")
    #expect(Day(number: 0).weekday == 4)  // a Thursday
    #expect(try #require(Self.today).weekday == 3)
    for number in stride(from: -719_162, through: 2_932_896, by: 997) {  // 0001-01-01 to 9999-12-31
      let day = Day(number: number)
      let (year, month, dayOfMonth) = day.components
      #expect(Day(year: year, month: month, day: dayOfMonth) == day)
      #expect(Day(iso: day.description) == day)
    }
  }

  @Test(
    "today follows the time zone",
    arguments: [
      ("UTC", 1_778_110_000, "2026-05-06"),  // 2026-05-06T23:26:40Z
      ("Pacific/Kiritimati", 1_778_110_000, "2026-05-07"),
      ("America/Los_Angeles", 1_778_030_000, "2026-05-05"),  // 2026-05-06T01:13:20Z
    ])
  func todayInZone(zone: String, seconds: Int, expected: String) throws {
    let instant = Date(timeIntervalSince1970: TimeInterval(seconds))
    let timeZone = try #require(TimeZone(identifier: zone))
    #expect(Day.today(in: timeZone, now: instant).description == expected)
  }
}

/// Dates refused on purpose: the forms that read two ways, and what is no date.
extension DayTests {
  @Test(
    "12/20-style dates get a hint to write the ISO date; others none",
    arguments: [
      ("12/20", "2026-12-20"), ("20/12", "2026-12-20"), ("12.20", "2026-12-20"),
      ("12/20/2026", "2026-12-20"), ("15.03.2027", "2027-03-15"), ("03/15/2027", "2027-03-15"),
      ("1/2/27", "2027-01-02"),
    ])
  func hint(text: String, example: String) throws {
    let today = try #require(Day(iso: "2026-05-06"))
    #expect(Day.parse(text, today: today) == nil)
    let hint = try #require(Day.ambiguityHint(for: text, today: today))
    #expect(hint.hasPrefix("write the date as YYYY-MM-DD, e.g. \(example): "))
    #expect(hint.contains("'\(text)'"))
  }

  @Test(
    "a year typed first is kept, and the order is not called ambiguous",
    arguments: [
      ("2027/03/15", "2027-03-15"), ("2027.3.5", "2027-03-05"), ("2027/15/03", "2027-03-15"),
    ])
  func yearFirst(text: String, example: String) throws {
    let today = try #require(Day(iso: "2026-05-06"))
    #expect(Day.parse(text, today: today) == nil)
    #expect(
      Day.ambiguityHint(for: text, today: today) == "write the date as YYYY-MM-DD, e.g. \(example)")
  }

  @Test("no hint for what is simply not a date", arguments: ["someday", "12", "a/b", "1/2/3/4"])
  func noHint(text: String) throws {
    let today = try #require(Day(iso: "2026-05-06"))
    #expect(Day.ambiguityHint(for: text, today: today) == nil)
  }
}
