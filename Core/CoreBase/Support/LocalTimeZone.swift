public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The local time zone as the C library reads `TZ`: the zone `date` and `ls -l` use.
///
/// On Linux, Foundation's `TimeZone.current` understands `TZ=Asia/Tokyo` but not the
/// other forms POSIX allows: `:Asia/Tokyo` and `JST-9` give UTC, and `UTC-10` gives
/// ten hours behind UTC where POSIX means ten ahead. Where Foundation's offset now
/// differs from the C library's, this is the zone `TZ` names, or else a fixed offset.
///
/// <!-- doc-test: context
/// import BlueprintTodoModel  // the todo sample's Day
/// -->
/// ```swift
/// let today = Day.today(in: LocalTimeZone.current)  // TZ=JST-9: Tokyo's day
/// ```
public enum LocalTimeZone {
  /// The zone for `TZ` as the C library reads it (see the type's discussion).
  public static var current: TimeZone {
    let now = Date()
    // getenv, not ProcessInfo's environment, which copies every variable to read one.
    return resolve(
      tz: getenv("TZ").map { String(cString: $0) }, cOffset: cLibraryOffset(at: now),
      foundation: .current, now: now)
  }

  /// The offset from UTC at `date`, in seconds east, of the zone ``current`` gives:
  /// the C library's, else Foundation's.
  ///
  /// Cheaper than ``current`` when the offset is all that is needed (today's date,
  /// a timestamp's local time): no zone is looked up by name.
  ///
  /// - Parameter date: The moment.
  /// - Returns: Seconds east of UTC.
  public static func secondsFromGMT(at date: Date = Date()) -> Int {
    cLibraryOffset(at: date) ?? TimeZone.current.secondsFromGMT(for: date)
  }

  /// The zone to use, given what the C library and Foundation make of `TZ`.
  ///
  /// - Parameters:
  ///   - tz: The `TZ` variable, if set.
  ///   - cOffset: The C library's offset from UTC at `now`, in seconds east, or nil.
  ///   - foundation: Foundation's `TimeZone.current`.
  ///   - now: The moment the offsets are compared at.
  /// - Returns: `foundation` when the two agree (or the C library has no answer);
  ///   else the zone `TZ` names (`:Asia/Tokyo`, `:/usr/share/zoneinfo/Asia/Tokyo`)
  ///   when its offset is the C library's; else a fixed offset.
  package static func resolve(tz: String?, cOffset: Int?, foundation: TimeZone, now: Date)
    -> TimeZone
  {
    guard let cOffset, foundation.secondsFromGMT(for: now) != cOffset else { return foundation }
    if var name = tz {
      if name.hasPrefix(":") { name.removeFirst() }
      if let folder = name.range(of: "zoneinfo/") { name = String(name[folder.upperBound...]) }
      if let named = TimeZone(identifier: name), named.secondsFromGMT(for: now) == cOffset {
        return named
      }
    }
    return TimeZone(secondsFromGMT: cOffset) ?? foundation
  }

  /// The C library's offset from UTC at `date` for this process's `TZ`, or nil.
  private static func cLibraryOffset(at date: Date) -> Int? {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    tzset()
    guard localtime_r(&seconds, &parts) != nil else { return nil }
    return Int(parts.tm_gmtoff)
  }
}
