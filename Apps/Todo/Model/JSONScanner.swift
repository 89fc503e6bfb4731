package import Foundation

/// A small pull parser for JSON bytes, used to read the todo file and imports fast.
///
/// `JSONDecoder` builds a tree and boxes every value; for a 10,000-item list that
/// is most of a command's time on Linux (Docs/Benchmarks.md has the figures). This
/// scanner reads values in place, in the order the caller asks for them, and fails
/// with the byte offset of the problem.
///
/// It accepts exactly RFC 8259 JSON in UTF-8: no comments, no trailing commas, no
/// leading zeros, only the escapes the grammar lists, valid UTF-8 everywhere (also
/// in values it skips), surrogate escapes only in pairs, nesting at most
/// ``maximumDepth`` deep. A differential test against `JSONSerialization` checks
/// that it refuses everything Foundation refuses.
package struct JSONScanner {
  /// Why the bytes are not the JSON the caller expected.
  package struct Failure: Error, CustomStringConvertible {
    /// What was expected or wrong.
    package var reason: String
    /// The byte offset where it was noticed.
    package var offset: Int

    /// A failure at `offset`.
    package init(reason: String, offset: Int) {
      self.reason = reason
      self.offset = offset
    }

    package var description: String { "\(reason) at byte \(offset)" }
  }

  /// How deep objects and arrays may nest; deeper input is refused, never a crash.
  package static let maximumDepth = 64

  private let bytes: UnsafeBufferPointer<UInt8>
  /// Where the next byte is read.
  package private(set) var offset = 0
  private var depth = 0

  /// A scanner over `bytes`, which must stay valid while the scanner is used; use
  /// ``scan(_:_:)`` to get one.
  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Runs `body` with a scanner over `data`, without copying it.
  package static func scan<Result>(_ data: Data, _ body: (inout JSONScanner) throws -> Result)
    rethrows -> Result
  {
    try data.withUnsafeBytes { raw in
      var scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
      return try body(&scanner)
    }
  }

  /// Whether `data` is one JSON value (any kind) and nothing else.
  package static func isValid(_ data: Data) -> Bool {
    do {
      return try scan(data) { scanner in
        try scanner.skipValue()
        return scanner.isAtEnd()
      }
    } catch {
      return false
    }
  }

  /// A scanner over the same bytes, starting at `offset` at the top level.
  package func rewound(to offset: Int) -> JSONScanner {
    var scanner = JSONScanner(bytes)
    scanner.offset = offset
    return scanner
  }

  // MARK: - Structure

  /// How many bytes are left to read.
  package var remainingCount: Int { bytes.count - offset }

  /// Whether only whitespace is left.
  package mutating func isAtEnd() -> Bool {
    skipWhitespace()
    return offset == bytes.count
  }

  /// The next non-whitespace byte, without consuming it.
  package mutating func peek() -> UInt8? {
    skipWhitespace()
    return offset < bytes.count ? bytes[offset] : nil
  }

  /// Consumes `byte` (after whitespace) or fails.
  package mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
    guard peek() == byte else { throw fail("expected \(what)") }
    offset += 1
  }

  /// An object member's name; match it with string literals in a `switch`.
  package struct Key: CustomStringConvertible {
    /// The buffer holding the name (shared, not copied) and where it is.
    fileprivate let bytes: UnsafeBufferPointer<UInt8>
    fileprivate let range: Range<Int>
    /// The name with escapes resolved, when it had any.
    fileprivate var resolved: [UInt8]?

    package static func ~= (pattern: StaticString, key: Key) -> Bool {
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

    /// The name as text, for messages.
    package var description: String {
      if let resolved { return String(decoding: resolved, as: UTF8.self) }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
  }

  /// A member name: a view into the buffer when it is plain ASCII without escapes.
  private mutating func key() throws(Failure) -> Key {
    try expect(0x22, "a string")
    let start = offset
    while offset < bytes.count, bytes[offset] != 0x22, bytes[offset] != 0x5C,
      bytes[offset] >= 0x20, bytes[offset] < 0x80
    {
      offset += 1
    }
    if offset < bytes.count, bytes[offset] == 0x22 {
      offset += 1
      return Key(bytes: bytes, range: start..<(offset - 1))
    }
    offset = start - 1
    return Key(bytes: bytes, range: 0..<0, resolved: Array(try string().utf8))
  }

  /// Reads an object's members: calls `member` with each key; it must read the value.
  package mutating func object(_ member: (inout JSONScanner, Key) throws -> Void) throws {
    try expect(0x7B, "'{'")
    try enter()
    defer { depth -= 1 }
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
  package mutating func array(_ element: (inout JSONScanner) throws -> Void) throws {
    try expect(0x5B, "'['")
    try enter()
    defer { depth -= 1 }
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

  private mutating func enter() throws(Failure) {
    guard depth < Self.maximumDepth else {
      throw fail("nested deeper than \(Self.maximumDepth) levels")
    }
    depth += 1
  }

  // MARK: - Values

  /// Consumes `null` if it is next.
  package mutating func null() -> Bool {
    guard peek() == 0x6E, matches("null") else { return false }
    offset += 4
    return true
  }

  /// Reads `true` or `false`.
  package mutating func bool() throws(Failure) -> Bool {
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

  /// Reads a whole number in `range`; a fraction, an exponent or a value outside
  /// the range fails.
  package mutating func int(in range: ClosedRange<Int> = Int.min...Int.max) throws(Failure) -> Int {
    skipWhitespace()
    let start = offset
    let value = try scanInteger()
    guard let value, range.contains(value) else {
      offset = start
      throw fail("number out of range (\(range.lowerBound)…\(range.upperBound))")
    }
    return value
  }

  /// Reads `-?(0|[1-9][0-9]*)`; nil when it does not fit an `Int`. Fails on a
  /// fraction or exponent.
  private mutating func scanInteger() throws(Failure) -> Int? {
    let start = offset
    var negative = false
    if offset < bytes.count, bytes[offset] == 0x2D {
      negative = true
      offset += 1
    }
    guard offset < bytes.count, (0x30...0x39).contains(bytes[offset]) else {
      offset = start
      throw fail("expected a whole number")
    }
    var value = 0
    var overflowed = false
    if bytes[offset] == 0x30 {
      offset += 1
    } else {
      while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) {
        let digit = Int(bytes[offset] - 0x30)
        let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflowB) =
          negative
          ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
        overflowed = overflowed || overflowA || overflowB
        value = sum
        offset += 1
      }
    }
    if offset < bytes.count, bytes[offset] == 0x2E || bytes[offset] == 0x65 || bytes[offset] == 0x45
    {
      offset = start
      throw fail("expected a whole number")
    }
    return overflowed ? nil : value
  }

  /// Reads a string.
  package mutating func string() throws(Failure) -> String {
    try expect(0x22, "a string")
    let start = offset
    // Fast path: no escapes; the bytes become the string after one validation.
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == 0x22 {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        guard let text = String(validating: slice, as: UTF8.self) else {
          throw Failure(reason: "invalid UTF-8 in a string", offset: start)
        }
        offset += 1
        return text
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
      case 0x22:
        guard let text = String(validating: result, as: UTF8.self) else {
          throw Failure(reason: "invalid UTF-8 in a string", offset: start)
        }
        return text
      case 0x5C: try unescape(into: &result)
      case ..<0x20:
        offset -= 1
        throw fail("control character in a string")
      default: result.append(byte)
      }
    }
    throw Failure(reason: "unterminated string", offset: start)
  }

  /// Reads a string and hands its UTF-8 bytes to `parse`, without building a
  /// `String` when it has no escapes (dates and timestamps).
  package mutating func string<Result>(
    parsing parse: (UnsafeBufferPointer<UInt8>) -> Result?
  ) throws(Failure) -> (text: () -> String, value: Result?) {
    let start = offset
    try expect(0x22, "a string")
    var index = offset
    while index < bytes.count, bytes[index] != 0x22, bytes[index] != 0x5C, bytes[index] >= 0x20,
      bytes[index] < 0x80
    {
      index += 1
    }
    if index < bytes.count, bytes[index] == 0x22 {
      let slice = UnsafeBufferPointer(rebasing: bytes[offset..<index])
      offset = index + 1
      return ({ String(decoding: slice, as: UTF8.self) }, parse(slice))
    }
    offset = start
    var text = try string()
    let value = text.withUTF8 { parse($0) }
    return ({ text }, value)
  }

  /// Skips any value, checking it as strictly as reading it would.
  package mutating func skipValue() throws {
    switch peek() {
    case 0x7B: try object { scanner, _ in try scanner.skipValue() }
    case 0x5B: try array { scanner in try scanner.skipValue() }
    case 0x22: _ = try string()
    case 0x74, 0x66: _ = try bool()
    case 0x6E:
      guard null() else { throw fail("expected a value") }
    case 0x2D?, .some(0x30...0x39): try skipNumber()
    default: throw fail("expected a value")
    }
  }

  /// A failure at the current offset.
  package func fail(_ reason: String) -> Failure { Failure(reason: reason, offset: offset) }

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

  /// Skips `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` whose value is finite.
  private mutating func skipNumber() throws(Failure) {
    let start = offset
    if bytes[offset] == 0x2D { offset += 1 }
    guard offset < bytes.count, isDigit(bytes[offset]) else { throw refuseNumber(start) }
    if bytes[offset] == 0x30 {
      offset += 1
    } else {
      skipDigits()
    }
    if offset < bytes.count, bytes[offset] == 0x2E {
      offset += 1
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw refuseNumber(start) }
      skipDigits()
    }
    if offset < bytes.count, bytes[offset] == 0x65 || bytes[offset] == 0x45 {
      offset += 1
      if offset < bytes.count, bytes[offset] == 0x2B || bytes[offset] == 0x2D { offset += 1 }
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw refuseNumber(start) }
      skipDigits()
      // Like Foundation, refuse what no Double holds (1e999): it cannot be read back.
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
      guard Double(text)?.isFinite == true else { throw refuseNumber(start) }
    }
  }

  private func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  private mutating func skipDigits() {
    while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
  }

  private mutating func refuseNumber(_ start: Int) -> Failure {
    offset = start
    return fail("invalid number")
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
      result.append(contentsOf: String(Character(unicode)).utf8)
    default:
      offset -= 1
      throw fail("invalid escape")
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
