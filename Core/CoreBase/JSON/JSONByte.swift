/// The bytes JSON text is made of, by name, and the reading of a `\u` escape's
/// four hex digits: what the scanner, the index, the decoder and the writer
/// compare bytes with.
enum JSONByte {
  // Structure.
  static let openBrace: UInt8 = 0x7B  // {
  static let closeBrace: UInt8 = 0x7D  // }
  static let openBracket: UInt8 = 0x5B  // [
  static let closeBracket: UInt8 = 0x5D  // ]
  static let colon: UInt8 = 0x3A  // :
  static let comma: UInt8 = 0x2C  // ,
  static let quote: UInt8 = 0x22  // "
  static let backslash: UInt8 = 0x5C  // \

  // Whitespace between tokens.
  static let space: UInt8 = 0x20
  static let newline: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let tab: UInt8 = 0x09

  // Numbers.
  static let minus: UInt8 = 0x2D  // -
  static let plus: UInt8 = 0x2B  // +
  static let period: UInt8 = 0x2E  // .
  static let zero: UInt8 = 0x30  // 0
  static let nine: UInt8 = 0x39  // 9
  static let lowerE: UInt8 = 0x65  // e
  static let upperE: UInt8 = 0x45  // E

  // The first letters of the literals `true`, `false`, `null`.
  static let lowerT: UInt8 = 0x74
  static let lowerF: UInt8 = 0x66
  static let lowerN: UInt8 = 0x6E

  // The letters after a backslash: `\/ \b \f \n \r \t \u` (and `\" \\`).
  static let slash: UInt8 = 0x2F  // /
  static let lowerB: UInt8 = 0x62
  static let lowerR: UInt8 = 0x72
  static let lowerU: UInt8 = 0x75

  // Hex digits past 9.
  static let upperA: UInt8 = 0x41  // A
  static let upperF: UInt8 = 0x46  // F
  static let lowerA: UInt8 = 0x61  // a

  // What the short escapes stand for.
  static let backspace: UInt8 = 0x08
  static let formFeed: UInt8 = 0x0C

  /// The first byte that is not a C0 control: below it, a string needs an escape.
  static let firstPrintable: UInt8 = 0x20
  /// DEL, the first byte above printable ASCII.
  static let delete: UInt8 = 0x7F

  /// The UTF-16 code units a `\u` escape may spell only as the first of a pair.
  static let highSurrogates: Range<UInt32> = 0xD800..<0xDC00
  /// The UTF-16 code units a `\u` escape may spell only as the second of a pair.
  static let lowSurrogates: Range<UInt32> = 0xDC00..<0xE000

  /// Whether `byte` is `0`…`9`.
  static func isDigit(_ byte: UInt8) -> Bool { byte &- zero <= 9 }

  /// The value of one hex digit (`0`–`9`, `A`–`F`, `a`–`f`), or `nil`.
  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case zero...nine: UInt32(byte &- zero)
    case upperA...upperF: UInt32(byte &- upperA + 10)
    case lowerA...lowerF: UInt32(byte &- lowerA + 10)
    default: nil
    }
  }

  /// The code unit that the four hex digits at `offset` spell (`\u00e9` → 0xE9), or
  /// `nil` when fewer than four bytes remain or one is not a hex digit.
  static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32? {
    guard offset >= 0, offset + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for index in offset..<(offset + 4) {
      guard let digit = hexValue(bytes[index]) else { return nil }
      value = value << 4 | digit
    }
    return value
  }

  /// The lower-case hex digit of `value` (0–15), as `JSONEncoder` writes `\u001b`.
  static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? zero + value : lowerA + value - 10
  }
}
