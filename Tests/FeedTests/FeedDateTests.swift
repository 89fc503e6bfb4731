import Foundation
import Testing

@testable import BlueprintFeedFormats
@testable import BlueprintFeedModel

@Suite("Feed dates")
struct FeedDateTests {
  @Test(
    "RFC 822 and its variants",
    arguments: [
      ("Tue, 02 Jan 2024 10:30:00 +0000", utc(2024, 1, 2, 10, 30)),
      ("Tue, 02 Jan 2024 10:30:00 GMT", utc(2024, 1, 2, 10, 30)),
      ("02 Jan 2024 10:30:00 UT", utc(2024, 1, 2, 10, 30)),
      ("2 Jan 2024 10:30 UTC", utc(2024, 1, 2, 10, 30)),
      ("Tuesday, 2 January 2024 10:30:00 Z", utc(2024, 1, 2, 10, 30)),
      ("Tue 02 Jan 2024 10:30:00 +0100", utc(2024, 1, 2, 9, 30)),
      ("Tue, 02 Jan 24 10:30:00 -0530", utc(2024, 1, 2, 16, 0)),
      ("Sun, 17 Jan 99 23:46:22 +0100", utc(1999, 1, 17, 22, 46, 22)),
      ("  Tue,   02  Jan   2024   10:30:00   EST  ", utc(2024, 1, 2, 15, 30)),
      ("Tue, 02 Jan 2024 10:30:00 EDT", utc(2024, 1, 2, 14, 30)),
      ("Tue, 02 Jan 2024 10:30:00 CST", utc(2024, 1, 2, 16, 30)),
      ("Tue, 02 Jan 2024 10:30:00 CDT", utc(2024, 1, 2, 15, 30)),
      ("Tue, 02 Jan 2024 10:30:00 MST", utc(2024, 1, 2, 17, 30)),
      ("Tue, 02 Jan 2024 10:30:00 MDT", utc(2024, 1, 2, 16, 30)),
      ("Tue, 02 Jan 2024 10:30:00 PST", utc(2024, 1, 2, 18, 30)),
      ("Tue, 02 Jan 2024 10:30:00 pdt", utc(2024, 1, 2, 17, 30)),
      ("Tue, 02 Jan 2024 10:30:00 A", utc(2024, 1, 2, 9, 30)),
      ("Tue, 02 Jan 2024 10:30:00 M", utc(2024, 1, 1, 22, 30)),
      ("Tue, 02 Jan 2024 10:30:00 N", utc(2024, 1, 2, 11, 30)),
      ("Tue, 02 Jan 2024 10:30:00 Y", utc(2024, 1, 2, 22, 30)),
      ("Tue, 02 Jan 2024 10:30:00", utc(2024, 1, 2, 10, 30)),
      ("Tue, 02 JAN 2024 10:30:00 +02:00", utc(2024, 1, 2, 8, 30)),
      ("29 Feb 2024 00:00:00 +0000", utc(2024, 2, 29)),
      ("Wed, 02 Oct 2002 08:00:00 EST (Eastern)", utc(2002, 10, 2, 13)),
      ("Mon, 26 Jun 2017 19:40:58 GMT", utc(2017, 6, 26, 19, 40, 58)),
      ("1 Sept 2021 12:00:00 +0000", utc(2021, 9, 1, 12)),
    ])
  func rfc822(text: String, expected: Date) {
    #expect(FeedDate.parse(text) == expected)
  }

  @Test(
    "RFC 3339 with and without fractions and zones",
    arguments: [
      ("2024-03-01T12:00:00Z", utc(2024, 3, 1, 12)),
      ("2024-03-01t12:00:00z", utc(2024, 3, 1, 12)),
      ("2024-03-01T12:00:00+02:00", utc(2024, 3, 1, 10)),
      ("2024-03-01T12:00:00-0530", utc(2024, 3, 1, 17, 30)),
      ("2024-03-01T12:00:00+01", utc(2024, 3, 1, 11)),
      ("2024-03-01T12:00Z", utc(2024, 3, 1, 12)),
      ("2024-03-01 12:00:00", utc(2024, 3, 1, 12)),
      ("2024-03-01 12:00:00 +0000", utc(2024, 3, 1, 12)),
      ("2024-03-01", utc(2024, 3, 1)),
      ("1970-01-01T00:00:00Z", Date(timeIntervalSince1970: 0)),
      ("1969-12-31T23:59:59Z", Date(timeIntervalSince1970: -1)),
      ("2000-02-29T00:00:00Z", utc(2000, 2, 29)),
      ("  2024-03-01T12:00:00Z\n", utc(2024, 3, 1, 12)),
    ])
  func rfc3339(text: String, expected: Date) {
    #expect(FeedDate.parse(text) == expected)
  }

  @Test("Fractional seconds are kept")
  func fractions() throws {
    let date = try #require(FeedDate.parse("2024-02-29T23:59:59.123Z"))
    #expect(abs(date.timeIntervalSince(utc(2024, 2, 29, 23, 59, 59)) - 0.123) < 0.000_5)
    let comma = try #require(FeedDate.parse("2024-02-29T23:59:59,5+00:00"))
    #expect(comma.timeIntervalSince(utc(2024, 2, 29, 23, 59, 59)) == 0.5)
  }

  @Test(
    "Zone names, layouts and reduced dates seen in real feeds",
    arguments: [
      ("Tue, 02 Jul 2024 10:30:00 CEST", utc(2024, 7, 2, 8, 30)),
      ("Tue, 02 Jan 2024 10:30:00 CET", utc(2024, 1, 2, 9, 30)),
      ("Tue, 02 Jul 2024 10:30:00 BST", utc(2024, 7, 2, 9, 30)),
      ("Tue, 02 Jan 2024 10:30:00 IST", utc(2024, 1, 2, 5)),
      ("Tue, 02 Jan 2024 10:30:00 MET", utc(2024, 1, 2, 9, 30)),
      ("Tue, 02 Jan 2024 10:30:00 JST", utc(2024, 1, 2, 1, 30)),
      ("Tue, 02 Jan 2024 10:30:00 AEDT", utc(2024, 1, 1, 23, 30)),
      ("Tue, 02 Jan 2024 10:30:00 NST", utc(2024, 1, 2, 14)),
      ("Tue, 02 Jan 2024 10:30:00 Etc/GMT", utc(2024, 1, 2, 10, 30)),
      ("Tue, 02 Jan 2024 10:30:00 Etc/GMT-2", utc(2024, 1, 2, 8, 30)),
      ("Tue, 02 Jul 2024 10:30:00 Europe/Berlin", utc(2024, 7, 2, 8, 30)),
      ("Tue, 02 Jan 2024 10:30:00 Europe/Berlin", utc(2024, 1, 2, 9, 30)),
      ("Tue, 02 Jan 2024 10:30:00 XYZ", utc(2024, 1, 2, 10, 30)),
      ("Tue, 02 Jan 2024 10:30:00 Nowhere/Special", utc(2024, 1, 2, 10, 30)),
      ("02 Jan 2024 10:30:00 J", utc(2024, 1, 2, 10, 30)),
      ("Mon, 13 Feb, 2012 10:30:00 GMT", utc(2012, 2, 13, 10, 30)),
      ("Mon Feb 13 10:30:00 2012", utc(2012, 2, 13, 10, 30)),
      ("Sun Nov  6 08:49:37 1994", utc(1994, 11, 6, 8, 49, 37)),
      ("Mon Feb 13 10:30:00 UTC 2012", utc(2012, 2, 13, 10, 30)),
      (
        "Mon Feb 13 2012 10:30:00 GMT+0100 (Central European Standard Time)",
        utc(2012, 2, 13, 9, 30)
      ),
      ("Feb 13, 2012", utc(2012, 2, 13)),
      ("2003", utc(2003, 1, 1)),
      ("2003-12", utc(2003, 12, 1)),
      ("2003-12-13", utc(2003, 12, 13)),
    ])
  func realWorld(text: String, expected: Date) {
    #expect(FeedDate.parse(text) == expected)
  }

  @Test(
    "Impossible or unknown dates give nil",
    arguments: [
      "", "   ", "sometime last week", "31 Feb 2024 10:00:00 GMT", "2023-02-29T00:00:00Z",
      "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T10:60:00Z",
      "Tue, 02 Foo 2024 10:30:00 GMT", "2024-01-01T10:00:00+25:00",
      "Tue, 02 Jan 224 10:30:00 GMT", "2024-1", "12345", "1700000000", "20031",
      "Tue, 02 Jan", "2024-03-01T", "\u{1B}[31m", "Tue, 02 Jan 2024 25:00:00 GMT",
      "2003-13", "Mon Feb 30 10:30:00 2012",
    ])
  func invalid(text: String) {
    #expect(FeedDate.parse(text) == nil)
  }
}
