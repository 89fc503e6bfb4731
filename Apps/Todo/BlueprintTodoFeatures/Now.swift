package import BlueprintTodoModel
internal import CoreBase
package import Foundation

/// The current time and day, read once per command; the day is in the local time
/// zone (`TZ`).
package struct Now {
  /// Whole seconds since 1970.
  package var seconds: Int
  /// Today in the local time zone.
  package var today: Day
  /// The local time zone's offset from UTC now, in seconds.
  package var offset: Int

  /// Now in the local time zone (`LocalTimeZone`), by its offset alone: looking the
  /// zone itself up costs more than a short command's own work.
  package init(date: Date = Date()) {
    self.init(date: date, offset: LocalTimeZone.secondsFromGMT(at: date))
  }

  /// Now in `timeZone`.
  package init(date: Date, timeZone: TimeZone) {
    self.init(date: date, offset: timeZone.secondsFromGMT(for: date))
  }

  private init(date: Date, offset: Int) {
    seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let local = seconds + offset
    today = Day(number: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    self.offset = offset
  }
}
