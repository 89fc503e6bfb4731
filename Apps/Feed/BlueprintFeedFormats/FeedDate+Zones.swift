internal import Foundation

/// A time zone as a date names it.
enum Zone {
  /// A fixed offset, in seconds east of UTC.
  case fixed(Int)
  /// An IANA zone (`Europe/Berlin`), whose offset depends on the date.
  case named(TimeZone)

  /// The offset, in seconds east of UTC, for a local time given as seconds since 1970.
  func offset(atLocal local: Int) -> Int {
    switch self {
    case .fixed(let seconds): return seconds
    case .named(let zone):
      // The offset at the local time read as UTC, corrected once: right except in the
      // hour a clock change skips or repeats.
      let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local)))
      return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local - guess)))
    }
  }
}

extension DateScanner {
  /// The zone after a date and time.
  ///
  /// No zone at all is UTC, and so is a name this scanner does not know (a date is worth
  /// more than its last hours). `±hhmm`, `±hh:mm`, `±hh`, `GMT+0200`, the common
  /// abbreviations (`CEST`, `BST`, `IST` — India's, `JST`, `AEST` …), military letters and
  /// IANA names (`Europe/Berlin`, `Etc/GMT-2`) are read. `nil` only for a malformed offset.
  mutating func zone() -> Zone? {
    guard let byte = peek else { return .fixed(0) }
    if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
      return numericOffset().map { .fixed($0) }
    }
    guard isLetter(byte) else { return nil }
    let start = index
    let (packed, length) = word()
    if peek == UInt8(ascii: "/") {
      index = start
      return ianaZone()
    }
    let seconds: Int
    if length == 1 {
      seconds = militaryOffset(UInt8(truncatingIfNeeded: packed)) ?? 0
    } else {
      seconds = length <= 5 ? (Self.abbreviationMinutes[packed] ?? 0) * 60 : 0
    }
    // "GMT+0200" and the like: an explicit offset after the name wins.
    if let next = peek, next == UInt8(ascii: "+") || next == UInt8(ascii: "-") {
      return numericOffset().map { .fixed($0) }
    }
    return .fixed(seconds)
  }

  /// `±hhmm`, `±hh:mm` or `±hh`, in seconds east of UTC.
  private mutating func numericOffset() -> Int? {
    guard let byte = peek else { return nil }
    index += 1
    let sign = byte == UInt8(ascii: "+") ? 1 : -1
    let start = index
    guard let first = number(minimum: 1, maximum: 4) else { return nil }
    let hours: Int
    var minutes = 0
    switch index - start {
    case 1, 2:
      hours = first
      if skip(UInt8(ascii: ":")) {
        guard let m = number(minimum: 2, maximum: 2) else { return nil }
        minutes = m
      }
    case 4:
      hours = first / 100
      minutes = first % 100
    default: return nil
    }
    guard hours <= 23, minutes <= 59 else { return nil }
    return sign * (hours * 3_600 + minutes * 60)
  }

  /// An IANA zone name; `Etc/GMT±h` has POSIX's inverted sign (`Etc/GMT-2` is UTC+2).
  private mutating func ianaZone() -> Zone {
    let start = index
    while let byte = peek,
      isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    {
      index += 1
    }
    let name = String(decoding: bytes[start..<index], as: UTF8.self)
    let lowered = name.lowercased()
    for prefix in ["etc/gmt", "etc/utc", "etc/uct", "etc/ut"] where lowered.hasPrefix(prefix) {
      let rest = lowered.dropFirst(prefix.count)
      guard let sign = rest.first, sign == "+" || sign == "-",
        let hours = Int(rest.dropFirst()), hours <= 14
      else { return .fixed(0) }
      return .fixed((sign == "+" ? -1 : 1) * hours * 3_600)
    }
    return TimeZone(identifier: name).map { .named($0) } ?? .fixed(0)
  }

  /// Zone abbreviations seen in feeds, in minutes east of UTC. Where one names several
  /// zones, the one feeds mean most: `CST` is US Central, `IST` India, `BST` British Summer.
  static let abbreviationMinutes: [UInt64: Int] = {
    let table: [(StaticString, Int)] = [
      ("gmt", 0), ("ut", 0), ("utc", 0), ("uct", 0), ("zulu", 0), ("wet", 0),
      ("bst", 60), ("ist", 330), ("cet", 60), ("cest", 120), ("met", 60), ("mest", 120),
      ("mez", 60), ("mesz", 120), ("west", 60), ("eet", 120), ("eest", 180),
      ("msk", 180), ("msd", 240), ("sast", 120), ("cat", 120), ("eat", 180), ("wat", 60),
      ("pkt", 300), ("npt", 345), ("ict", 420), ("wib", 420), ("hkt", 480), ("sgt", 480),
      ("pht", 480), ("awst", 480), ("jst", 540), ("kst", 540), ("acst", 570),
      ("acdt", 630), ("aest", 600), ("aedt", 660), ("nzst", 720), ("nzdt", 780),
      ("est", -300), ("edt", -240), ("cst", -360), ("cdt", -300), ("mst", -420),
      ("mdt", -360), ("pst", -480), ("pdt", -420), ("akst", -540), ("akdt", -480),
      ("hst", -600), ("hdt", -540), ("ast", -240), ("adt", -180), ("nst", -210),
      ("ndt", -150), ("brt", -180), ("art", -180), ("clt", -240),
    ]
    var minutes: [UInt64: Int] = [:]
    for (name, offset) in table { minutes[pack(name)] = offset }
    return minutes
  }()
}
