import Foundation

/// Parses a `Retry-After` header (RFC 9110 §10.2.3).
enum RetryAfter {
  /// The wait a `Retry-After` value asks for.
  ///
  /// - Parameters:
  ///   - value: Delta-seconds (`120`) or an HTTP-date (`Wed, 21 Oct 2015 07:28:00 GMT`).
  ///   - now: The moment an HTTP-date is measured from: the response's `Date` header
  ///     when it has one (so clock skew does not matter), else the local time.
  /// - Returns: The wait (never negative), or `nil` when the value does not parse.
  static func parse(_ value: String, now: Date) -> Duration? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      return Int(trimmed).map { .seconds($0) } ?? .seconds(Int.max / 2)
    }
    guard let date = parseHTTPDate(trimmed) else { return nil }
    let seconds = date.timeIntervalSince(now)
    return seconds > 0 ? .seconds(seconds) : .zero
  }

  /// Parses an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form servers send.
  static func parseHTTPDate(_ text: String) -> Date? {
    let parts = text.split(separator: " ")
    guard parts.count == 6, parts[5] == "GMT",
      let day = Int(parts[1]),
      let month = months.firstIndex(of: String(parts[2])),
      let year = Int(parts[3])
    else { return nil }
    let time = parts[4].split(separator: ":").compactMap { Int($0) }
    guard time.count == 3 else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    guard let utc = TimeZone(identifier: "UTC") else { return nil }
    calendar.timeZone = utc
    let components = DateComponents(
      year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2])
    return calendar.date(from: components)
  }

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
}
