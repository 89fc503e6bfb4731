internal import CoreBase
package import Foundation

/// Reads the dates feeds carry: RFC 822 (RSS) and RFC 3339 / W3C-DTF (Atom, JSON Feed,
/// `dc:date`), and the other layouts found in the wild.
///
/// A hand-written scanner over UTF-8 bytes, because `DateFormatter` is slow on Linux for
/// the thousands of dates a refresh reads (Docs/Benchmarks.md, "Feed parsing"). It
/// accepts:
///
/// - RFC 822: an optional weekday (with or without a comma, short or long), one- or
///   two-digit days, short or long month names in any case, an extra comma after the
///   month (`13 Feb, 2012`), two- or four-digit years (`00`–`49` → 20xx, `50`–`99` →
///   19xx), optional seconds and extra whitespace.
/// - asctime (`Mon Feb 13 10:30:00 2012`, also with a zone before the year) and
///   JavaScript's `Date.toString` (`Mon Feb 13 2012 10:30:00 GMT+0100 (CET)`).
/// - RFC 3339 / W3C-DTF: `YYYY-MM-DD`, optionally `T` (or a space) and
///   `hh:mm[:ss[.fraction]]`, then a zone; or reduced to `YYYY-MM` or `YYYY`.
/// - Zones: `±hhmm`, `±hh:mm`, `±hh`, `GMT+0200`, `GMT`/`UT`/`UTC`/`Z`, common
///   abbreviations (see `DateScanner.abbreviationMinutes`), IANA names (`Europe/Berlin`,
///   `Etc/GMT-2`) and military letters. No zone, or a name it does not know, means UTC.
///
/// Anything else, an impossible date such as 31 February or hour 25, or a bare number,
/// gives `nil`.
package enum FeedDate {
  /// Parses a date in either format.
  ///
  /// - Parameter text: The date as written in the feed.
  /// - Returns: The date, or `nil` when the text is not a date this scanner knows.
  package static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    var scanner = DateScanner(bytes)
    scanner.skipSpaces()
    guard let first = scanner.peek else { return nil }
    let seconds: Double?
    if isDigit(first), isW3CDate(bytes, from: scanner.index) {
      seconds = scanner.rfc3339()
    } else {
      seconds = scanner.rfc822()
    }
    return seconds.map { Date(timeIntervalSince1970: $0) }
  }

  /// Whether the text at `start` opens with a four-digit year followed by `-` or by
  /// nothing but spaces (W3C-DTF's reduced `2003`).
  private static func isW3CDate(_ bytes: [UInt8], from start: Int) -> Bool {
    guard bytes.count >= start + 4 else { return false }
    for offset in 0..<4 where !isDigit(bytes[start + offset]) { return false }
    var index = start + 4
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { return true }
    while index < bytes.count, isASCIISpace(bytes[index]) { index += 1 }
    return index == bytes.count
  }

  /// Seconds since 1970 for a UTC calendar date and time, or `nil` when out of range.
  static func epochSeconds(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
  ) -> Int? {
    guard CivilCalendar.isValid(year: year, month: month, day: day),
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let days = CivilCalendar.dayNumber(year: year, month: month, day: day)
    return days * 86_400 + hour * 3_600 + minute * 60 + min(second, 59)
  }
}

func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }

func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 97 < 26 }

/// A cursor over the bytes of one date.
struct DateScanner {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipSpaces() {
    while let byte = peek, byte == 32 || byte == 9 || byte == 10 || byte == 13 { index += 1 }
  }

  mutating func skip(_ byte: UInt8) -> Bool {
    guard peek == byte else { return false }
    index += 1
    return true
  }

  /// Reads between `minimum` and `maximum` digits.
  mutating func number(minimum: Int = 1, maximum: Int) -> Int? {
    var value = 0
    var count = 0
    while count < maximum, let byte = peek, isDigit(byte) {
      value = value * 10 + Int(byte &- 48)
      count += 1
      index += 1
    }
    return count >= minimum ? value : nil
  }

  /// Reads a run of letters, lowercased, packed into an integer (first 8 letters).
  mutating func word() -> (packed: UInt64, length: Int) {
    var packed: UInt64 = 0
    var length = 0
    while let byte = peek, isLetter(byte) {
      if length < 8 { packed = packed << 8 | UInt64(byte | 0x20) }
      length += 1
      index += 1
    }
    return (packed, length)
  }

  // MARK: - RFC 3339

  mutating func rfc3339() -> Double? {
    guard let year = number(minimum: 4, maximum: 4) else { return nil }
    var month = 1
    var day = 1
    if skip(UInt8(ascii: "-")) {
      let monthStart = index
      guard let m = number(minimum: 1, maximum: 2) else { return nil }
      month = m
      if skip(UInt8(ascii: "-")) {
        guard let d = number(minimum: 1, maximum: 2) else { return nil }
        day = d
      } else {
        // Reduced W3C-DTF: `2003-12`, two digits and nothing after.
        let monthDigits = index - monthStart
        skipSpaces()
        guard monthDigits == 2, peek == nil else { return nil }
        return FeedDate.epochSeconds(
          year: year, month: month, day: 1, hour: 0, minute: 0, second: 0
        ).map(Double.init)
      }
    } else {
      skipSpaces()
      guard peek == nil else { return nil }
      return FeedDate.epochSeconds(year: year, month: 1, day: 1, hour: 0, minute: 0, second: 0)
        .map(Double.init)
    }
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0.0
    if let byte = peek, byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t") || byte == 32 {
      index += 1
      skipSpaces()
      guard let h = number(minimum: 2, maximum: 2), skip(UInt8(ascii: ":")),
        let m = number(minimum: 2, maximum: 2)
      else { return nil }
      hour = h
      minute = m
      if skip(UInt8(ascii: ":")) {
        guard let s = number(minimum: 2, maximum: 2) else { return nil }
        second = s
        if skip(UInt8(ascii: ".")) || skip(UInt8(ascii: ",")) {
          fraction = self.fraction() ?? 0
        }
      }
    }
    skipSpaces()
    guard let zone = zone(),
      let base = FeedDate.epochSeconds(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    else { return nil }
    return Double(base - zone.offset(atLocal: base)) + fraction
  }

  mutating func fraction() -> Double? {
    var value = 0.0
    var scale = 0.1
    var count = 0
    while let byte = peek, isDigit(byte) {
      value += Double(byte &- 48) * scale
      scale *= 0.1
      count += 1
      index += 1
    }
    return count > 0 ? value : nil
  }

  // MARK: - RFC 822 and its relatives

  /// RFC 822 (`Mon, 13 Feb 2012 10:30:00 +0100`, also `Mon, 13 Feb, 2012`), asctime
  /// (`Mon Feb 13 10:30:00 2012`, `date`'s `Mon Feb 13 10:30:00 UTC 2012`) and
  /// JavaScript's `Date.toString` (`Mon Feb 13 2012 10:30:00 GMT+0100 (CET)`).
  mutating func rfc822() -> Double? {
    // Optional weekday, with or without a comma.
    if let byte = peek, isLetter(byte) {
      let weekdayStart = index
      let weekday = word()
      if monthNumber(weekday) != nil {
        index = weekdayStart  // "Feb 13 …": no weekday
      } else {
        skipSpaces()
        _ = skip(UInt8(ascii: ","))
        skipSpaces()
      }
    }
    if let byte = peek, isLetter(byte) { return monthFirst() }
    guard let day = number(maximum: 2) else { return nil }
    skipSpaces()
    _ = skip(UInt8(ascii: "-"))
    guard let month = monthNumber(word()) else { return nil }
    _ = skip(UInt8(ascii: "."))
    skipSpaces()
    _ = skip(UInt8(ascii: ","))
    skipSpaces()
    _ = skip(UInt8(ascii: "-"))
    guard let year = year() else { return nil }
    skipSpaces()
    var time = (hour: 0, minute: 0, second: 0)
    if let byte = peek, isDigit(byte) {
      guard let read = self.time() else { return nil }
      time = read
    }
    skipSpaces()
    return seconds(year: year, month: month, day: day, time: time, zone: zone())
  }

  /// The layouts that put the month first (asctime, JavaScript), after the weekday.
  private mutating func monthFirst() -> Double? {
    guard let month = monthNumber(word()) else { return nil }
    _ = skip(UInt8(ascii: "."))
    skipSpaces()
    guard let day = number(maximum: 2) else { return nil }
    skipSpaces()
    _ = skip(UInt8(ascii: ","))
    skipSpaces()
    var time = (hour: 0, minute: 0, second: 0)
    var zone: Zone? = .fixed(0)
    let year: Int
    if isTimeAhead {
      // asctime: the time, perhaps a zone, then the year.
      guard let read = self.time() else { return nil }
      time = read
      skipSpaces()
      if let byte = peek, !isDigit(byte) {
        zone = self.zone()
        skipSpaces()
      }
      guard let read = self.year() else { return nil }
      year = read
    } else {
      // JavaScript: the year, the time, then the zone.
      guard let read = self.year() else { return nil }
      year = read
      skipSpaces()
      if let byte = peek, isDigit(byte) {
        guard let read = self.time() else { return nil }
        time = read
      }
      skipSpaces()
      zone = self.zone()
    }
    return seconds(year: year, month: month, day: day, time: time, zone: zone)
  }

  /// Whether a time (`h:mm`) starts here.
  private var isTimeAhead: Bool {
    var position = index
    while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    return position < bytes.count && position > index && bytes[position] == UInt8(ascii: ":")
  }

  /// A two- or four-digit year (`00`–`49` → 20xx, `50`–`99` → 19xx).
  private mutating func year() -> Int? {
    let yearStart = index
    guard let year = number(minimum: 2, maximum: 4) else { return nil }
    switch index - yearStart {
    case 2: return year + (year < 50 ? 2000 : 1900)
    case 4: return year
    default: return nil
    }
  }

  /// `h:mm`, `hh:mm:ss` or `hh:mm:ss.fraction` (the fraction is dropped).
  private mutating func time() -> (hour: Int, minute: Int, second: Int)? {
    guard let hour = number(maximum: 2), skip(UInt8(ascii: ":")),
      let minute = number(minimum: 2, maximum: 2)
    else { return nil }
    var second = 0
    if skip(UInt8(ascii: ":")) {
      guard let s = number(minimum: 2, maximum: 2) else { return nil }
      second = s
      if skip(UInt8(ascii: ".")) { _ = fraction() }
    }
    return (hour, minute, second)
  }

  private func seconds(
    year: Int, month: Int, day: Int, time: (hour: Int, minute: Int, second: Int), zone: Zone?
  ) -> Double? {
    guard let zone,
      let base = FeedDate.epochSeconds(
        year: year, month: month, day: day, hour: time.hour, minute: time.minute,
        second: time.second)
    else { return nil }
    return Double(base - zone.offset(atLocal: base))
  }

  func militaryOffset(_ letter: UInt8) -> Int? {
    switch letter {
    case UInt8(ascii: "z"): return 0
    case UInt8(ascii: "a")...UInt8(ascii: "i"): return Int(letter - UInt8(ascii: "a") + 1) * 3_600
    case UInt8(ascii: "k")...UInt8(ascii: "m"): return Int(letter - UInt8(ascii: "k") + 10) * 3_600
    case UInt8(ascii: "n")...UInt8(ascii: "y"): return -Int(letter - UInt8(ascii: "n") + 1) * 3_600
    default: return nil
    }
  }

  func monthNumber(_ word: (packed: UInt64, length: Int)) -> Int? {
    guard word.length >= 3 else { return nil }
    // The first three letters name the month ("Jun", "June", "JUNE").
    let prefix = word.packed >> (8 * UInt64(min(word.length, 8) - 3))
    switch prefix {
    case pack("jan"): return 1
    case pack("feb"): return 2
    case pack("mar"): return 3
    case pack("apr"): return 4
    case pack("may"): return 5
    case pack("jun"): return 6
    case pack("jul"): return 7
    case pack("aug"): return 8
    case pack("sep"): return 9
    case pack("oct"): return 10
    case pack("nov"): return 11
    case pack("dec"): return 12
    default: return nil
    }
  }
}

/// Packs a short lowercase ASCII word the way `DateScanner.word()` does.
func pack(_ word: StaticString) -> UInt64 {
  var packed: UInt64 = 0
  word.withUTF8Buffer { for byte in $0 { packed = packed << 8 | UInt64(byte) } }
  return packed
}
