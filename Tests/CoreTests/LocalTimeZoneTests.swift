import Core
import Foundation
import Testing

/// `TZ` in the forms POSIX allows, where Foundation on Linux reads some of them
/// otherwise than the C library (and `date`) does.
@Suite("LocalTimeZone: TZ as the C library reads it")
struct LocalTimeZoneTests {
  static let now = Date(timeIntervalSince1970: 1_796_400_000)  // 2026-12-04T16:00:00Z
  static let utc = TimeZone.gmt

  @Test("Foundation's zone when both agree, its rules kept")
  func agreeing() throws {
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let zone = LocalTimeZone.resolve(
      tz: "Asia/Tokyo", cOffset: 32_400, foundation: tokyo, now: Self.now)
    #expect(zone.identifier == "Asia/Tokyo")
    #expect(LocalTimeZone.resolve(tz: nil, cOffset: nil, foundation: tokyo, now: Self.now) == tokyo)
  }

  @Test(
    "a zone named with ':' or by its file, which Foundation reads as UTC",
    arguments: [":Asia/Tokyo", ":/usr/share/zoneinfo/Asia/Tokyo", "/usr/share/zoneinfo/Asia/Tokyo"])
  func namedZone(tz: String) {
    let zone = LocalTimeZone.resolve(
      tz: tz, cOffset: 32_400, foundation: Self.utc, now: Self.now)
    #expect(zone.identifier == "Asia/Tokyo")
  }

  @Test(
    "a POSIX rule (JST-9, UTC-10: west is positive) is the C library's offset",
    arguments: [("JST-9", 32_400, 0), ("UTC-10", 36_000, -36_000), ("UTC+14", -50_400, 50_400)])
  func posixRule(tz: String, cOffset: Int, foundationOffset: Int) throws {
    let foundation = try #require(TimeZone(secondsFromGMT: foundationOffset))
    let zone = LocalTimeZone.resolve(
      tz: tz, cOffset: cOffset, foundation: foundation, now: Self.now)
    #expect(zone.secondsFromGMT(for: Self.now) == cOffset)
  }
}
