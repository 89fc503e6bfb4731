import Foundation
import Testing

@testable import BlueprintFeedFormats
@testable import BlueprintFeedModel

/// Reads the fixture files beside these tests.
enum Fixtures {
  /// The folder that holds the fixtures.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The bytes of one fixture.
  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(name))
  }

  /// One fixture, parsed with default limits.
  static func parse(_ name: String, contentType: String? = nil, baseURL: URL? = nil) throws
    -> ParsedFeed
  {
    try FeedParser().parse(data(name), contentType: contentType, baseURL: baseURL)
  }
}

/// A UTC date from its parts, for expectations.
func utc(
  _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
)
  -> Date
{
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
  let components = DateComponents(
    year: year, month: month, day: day, hour: hour, minute: minute, second: second)
  return calendar.date(from: components) ?? .distantPast
}

/// A URL from a literal the test knows to be valid.
func url(_ string: String) -> URL? { URL(string: string) }
