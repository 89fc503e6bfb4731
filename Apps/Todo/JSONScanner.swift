import Foundation

/// A small pull parser for JSON bytes, used to read the todo file and imports fast.
///
/// `JSONDecoder` builds a tree and boxes every value; for a 10,000-item list that
/// is most of a command's time on Linux. This scanner reads values in place, in the
/// order the caller asks for them, and fails with the byte offset of the problem.
/// It accepts exactly RFC 8259 JSON (no comments, no trailing commas).
struct JSONScanner {
  /// Why the bytes are not the JSON the caller expected.
  struct Failure: Error, CustomStringConvertible {
    /// What was expected or wrong.
    var reason: String
    /// The byte offset where it was noticed.
    var offset: Int
    var description: String { "\(reason) at byte \(offset)" }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0

  /// A scanner over `bytes`, which must stay valid while the scanner is used; use
  /// ``scan(_:_:)`` to get one.
  private init(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  /// Runs `body` with a scanner over `data`, without copying it.
  static func scan<Result>(_ data: Data, _ body: (inout JSONScanner) throws -> Result) rethrows
    -> Result
  {
    try data.withUnsafeBytes { raw in
      var scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
      return try body(&scanner)
    }
  }

  /// A scanner over the same bytes, starting at `offset`.
  func rewound(to offset: Int) -> JSONScanner { JSONScanner(bytes, offset: offset) }

  // MARK: - Structure

  /// How many bytes are left to read.
  var remainingCount: Int { bytes.count - offset }

  /// Whether only whitespace is left.
  mutating func isAtEnd() -> Bool {
    skipWhitespace()
    return offset == bytes.count
  }

  /// The next non-whitespace byte, without consuming it.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return offset < bytes.count ? bytes[offset] : nil
  }

  /// Consumes `byte` (after whitespace) or fails.
  mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
    guard peek() == byte else { throw fail("expected \(what)") }
    offset += 1
  }

  /// An object member's name; match it with string literals in a `switch`.
  struct Key {
    /// The buffer holding the name (shared, not copied) and where it is.
    fileprivate let bytes: UnsafeBufferPointer<UInt8>
    fileprivate let range: Range<Int>
    /// The name with escapes resolved, when it had any.
    fileprivate var resolved: [UInt8]?

    static func ~= (pattern: StaticString, key: Key) -> Bool {
      let count = pattern.utf8CodeUnitCount
      let pointer = pattern.utf8Start
      if let resolved = key.resolved {
        guard resolved.count == count else { return false }
        for index in 0..<count where resolved[index] != pointer[index] { return false }
        return true
      }
      guard key.range.count == count else { return false }
      let start = key.range.lowerBound
      for index in 0..<count where key.bytes[start + index] != pointer[index] { return false }
      return true
    }
  }

  /// A member name: a view into the buffer when it has no escapes.
  private mutating func key() throws(Failure) -> Key {
    try expect(0x22, "a string")
    let start = offset
    while offset < bytes.count, bytes[offset] != 0x22, bytes[offset] != 0x5C,
      bytes[offset] >= 0x20
    {
      offset += 1
    }
    if offset < bytes.count, bytes[offset] == 0x22 {
      offset += 1
      return Key(bytes: bytes, range: start..<(offset - 1))
    }
    offset = start - 1
    return Key(bytes: bytes, range: 0..<0, resolved: try rawString())
  }

  /// Reads an object's members: calls `member` with each key; it must read the value.
  mutating func object(_ member: (inout JSONScanner, Key) throws -> Void) throws {
    try expect(0x7B, "'{'")
    if peek() == 0x7D {
      offset += 1
      return
    }
    while true {
      let key = try key()
      try expect(0x3A, "':'")
      try member(&self, key)
      if peek() == 0x2C {
        offset += 1
        continue
      }
      try expect(0x7D, "',' or '}'")
      return
    }
  }

  /// Reads an array's elements: calls `element` for each; it must read the value.
  mutating func array(_ element: (inout JSONScanner) throws -> Void) throws {
    try expect(0x5B, "'['")
    if peek() == 0x5D {
      offset += 1
      return
    }
    while true {
      try element(&self)
      if peek() == 0x2C {
        offset += 1
        continue
      }
      try expect(0x5D, "',' or ']'")
      return
    }
  }

  // MARK: - Values

  /// Consumes `null` if it is next.
  mutating func null() -> Bool {
    guard peek() == 0x6E, matches("null") else { return false }
    offset += 4
    return true
  }

  /// Reads `true` or `false`.
  mutating func bool() throws(Failure) -> Bool {
    if peek() == 0x74, matches("true") {
      offset += 4
      return true
    }
    if peek() == 0x66, matches("false") {
      offset += 5
      return false
    }
    throw fail("expected true or false")
  }

  /// Reads an integer (no fraction or exponent).
  mutating func int() throws(Failure) -> Int {
    skipWhitespace()
    let start = offset
    var negative = false
    if offset < bytes.count, bytes[offset] == 0x2D {
      negative = true
      offset += 1
    }
    var value = 0
    let digitsStart = offset
    while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39 {
      let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowB) = times.addingReportingOverflow(Int(bytes[offset] - 0x30))
      guard !overflowA, !overflowB else {
        offset = start
        throw fail("number too large")
      }
      value = sum
      offset += 1
    }
    guard offset > digitsStart else {
      offset = start
      throw fail("expected an integer")
    }
    if offset < bytes.count, bytes[offset] == 0x2E || bytes[offset] == 0x65 || bytes[offset] == 0x45
    {
      offset = start
      throw fail("expected a whole number")
    }
    return negative ? -value : value
  }

  /// Reads a string.
  mutating func string() throws(Failure) -> String {
    let start = offset
    if let text = try plainString() { return text }
    offset = start
    guard let text = String(validating: try rawString(), as: UTF8.self) else {
      throw Failure(reason: "invalid UTF-8 in a string", offset: start)
    }
    return text
  }

  /// Reads a string without escapes straight from the buffer; nil (offset unchanged
  /// past the quote) when it has escapes.
  private mutating func plainString() throws(Failure) -> String? {
    try expect(0x22, "a string")
    let start = offset
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x22 {
        guard
          let text = String(
            validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        else { throw Failure(reason: "invalid UTF-8 in a string", offset: start) }
        offset = index + 1
        return text
      }
      if byte == 0x5C { return nil }
      if byte < 0x20 { throw Failure(reason: "control character in a string", offset: index) }
      index += 1
    }
    throw Failure(reason: "unterminated string", offset: start)
  }

  /// Reads a string as UTF-8 bytes, escapes resolved.
  mutating func rawString() throws(Failure) -> [UInt8] {
    try expect(0x22, "a string")
    let start = offset
    // Fast path: no escapes.
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == 0x22 {
        let result = Array(bytes[start..<offset])
        offset += 1
        return result
      }
      if byte == 0x5C { break }
      if byte < 0x20 { throw fail("control character in a string") }
      offset += 1
    }
    var result = Array(bytes[start..<offset])
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      switch byte {
      case 0x22: return result
      case 0x5C: try unescape(into: &result)
      case ..<0x20: throw fail("control character in a string")
      default: result.append(byte)
      }
    }
    throw fail("unterminated string")
  }

  /// Skips any value.
  mutating func skipValue() throws {
    switch peek() {
    case 0x7B: try object { scanner, _ in try scanner.skipValue() }
    case 0x5B: try array { scanner in try scanner.skipValue() }
    case 0x22: try skipString()
    case 0x74, 0x66: _ = try bool()
    case 0x6E:
      guard null() else { throw fail("expected a value") }
    default: try skipNumber()
    }
  }

  /// Skips a string without building it.
  private mutating func skipString() throws(Failure) {
    try expect(0x22, "a string")
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x22:
        offset += 1
        return
      case 0x5C: offset += 2
      case ..<0x20: throw fail("control character in a string")
      default: offset += 1
      }
    }
    throw fail("unterminated string")
  }

  /// A failure at the current offset.
  func fail(_ reason: String) -> Failure { Failure(reason: reason, offset: offset) }

  // MARK: - Helpers

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  private func matches(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    let pointer = word.utf8Start
    for index in 0..<count where bytes[offset + index] != pointer[index] { return false }
    return true
  }

  private mutating func skipNumber() throws(Failure) {
    let start = offset
    var sawDigit = false
    scan: while offset < bytes.count {
      switch bytes[offset] {
      case 0x30...0x39: sawDigit = true
      case 0x2E, 0x65, 0x45, 0x2B, 0x2D: break
      default: break scan
      }
      offset += 1
    }
    guard sawDigit else {
      offset = start
      throw fail("expected a value")
    }
  }

  private mutating func unescape(into result: inout [UInt8]) throws(Failure) {
    guard offset < bytes.count else { throw fail("unterminated string") }
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case 0x22, 0x5C, 0x2F: result.append(byte)
    case 0x62: result.append(0x08)
    case 0x66: result.append(0x0C)
    case 0x6E: result.append(0x0A)
    case 0x72: result.append(0x0D)
    case 0x74: result.append(0x09)
    case 0x75:
      var scalar = try hex4()
      if (0xD800..<0xDC00).contains(scalar) {
        guard offset + 1 < bytes.count, bytes[offset] == 0x5C, bytes[offset + 1] == 0x75 else {
          throw fail("unpaired surrogate")
        }
        offset += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw fail("unpaired surrogate")
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
      result.append(contentsOf: Array(String(Character(unicode)).utf8))
    default: throw fail("invalid escape")
    }
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw fail("invalid \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw fail("invalid \\u escape")
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }
}
