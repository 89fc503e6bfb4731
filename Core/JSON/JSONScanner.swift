public import Foundation

/// The check and the decoder every stored value goes through.
///
/// Foundation's JSON readers on Linux accept more than RFC 8259 and say little
/// about where a file is wrong: a trailing comma (`[1,2,]`) is read as if it were
/// not there, and a repeated key keeps one of its values and drops the other in
/// silence (`JSONDecoder` the first, `JSONSerialization` the last), so a value
/// read and written back would lose what the file held. Their syntax errors name
/// no line. This check refuses exactly what the grammar refuses, plus repeated
/// keys in one object, and names the line and column of the problem.
///
/// It accepts RFC 8259 JSON in UTF-8: no comments, no trailing commas, no leading
/// zeros, only the escapes the grammar lists, valid UTF-8 everywhere, surrogate
/// escapes only in pairs, numbers a `Double` holds, nesting at most
/// ``maximumDepth`` deep, less than 4 GiB in all. A differential test against
/// `JSONSerialization` checks that it refuses everything Foundation refuses.
///
/// The typed store API reads every value through ``decode(_:from:)``, which checks
/// and decodes in one pass; use it for other JSON an app reads, such as an import
/// file.
///
/// ```swift
/// let todos = try StrictJSON.decode([Todo].self, from: data)
/// ```
public struct StrictJSON {
  /// Why bytes are not strict JSON, and where.
  public struct Problem: Error, CustomStringConvertible, Equatable {
    /// What is wrong, e.g. `the key 'title' appears twice`.
    public var reason: String
    /// The byte offset where it was noticed.
    public var offset: Int
    /// The line, from 1.
    public var line: Int
    /// The column on that line, in bytes from 1.
    public var column: Int
    /// The key, when the problem is a key written twice in one object (escapes
    /// resolved); the line and column are then those of its second appearance.
    public var repeatedKey: String?

    /// `line 3, column 7: the key 'title' appears twice`.
    public var description: String { "line \(line), column \(column): \(reason)" }
  }

  /// Checks `data` strictly and decodes it, in one pass over the bytes.
  ///
  /// The check builds a flat index of the document's values, and the value is
  /// decoded from that index: the result, and the `DecodingError` for a value of
  /// the wrong shape, are what `JSONDecoder` gives (a differential test checks
  /// this), several times faster (Docs/Benchmarks.md). Objects read by
  /// ``Swift/Decoder/strictContainer(keyedBy:)`` are checked for unknown keys on
  /// the index, without making a `String` of each key.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: UTF-8 JSON.
  /// - Returns: The value.
  /// - Throws: ``Problem`` for bytes that are not strict JSON, else a
  ///   `DecodingError` (or what the type's `init(from:)` throws).
  public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws
    -> Value
  {
    try decode(type, from: data, userInfo: [:])
  }

  /// ``decode(_:from:)`` with values for the decoder's `userInfo`.
  package static func decode<Value: Decodable>(
    _ type: Value.Type, from data: Data, userInfo: [CodingUserInfoKey: any Sendable]
  ) throws -> Value {
    try data.withUnsafeBytes { raw in
      let tape = try JSONTape(scanning: raw.bindMemory(to: UInt8.self), userInfo: userInfo)
      defer { tape.close() }
      return try TapeDecoder(tape: tape).decodeValue(type)
    }
  }

  /// The largest text read: less than 4 GiB (the index keeps offsets in 32 bits).
  package static let maximumSize = 1 << 32

  /// How deep objects and arrays may nest; deeper input is refused, never a crash.
  package static let maximumDepth = 512

  /// Checks that `data` is one strict JSON value and nothing else.
  ///
  /// - Parameter data: The bytes.
  /// - Throws: ``Problem`` naming the first problem's line and column.
  public static func check(_ data: Data) throws(Problem) {
    let result = data.withUnsafeBytes { raw -> Problem? in
      do throws(Problem) {
        try scan(raw.bindMemory(to: UInt8.self)).deallocate()
        return nil
      } catch {
        return error
      }
    }
    if let result { throw result }
  }

  /// Checks `bytes` and returns the index of their values (``JSONTape``'s tokens).
  /// The caller owns the tokens (``JSONTokens/deallocate()``).
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) -> JSONTokens {
    var scanner = StrictJSON(bytes)
    do throws(Failure) {
      guard bytes.count < Self.maximumSize else {
        throw scanner.fail("the text is 4 GiB or more, more than JSON text may be here")
      }
      try scanner.value()
      scanner.skipWhitespace()
      guard scanner.offset == scanner.bytes.count else {
        throw scanner.fail("unexpected text after the value")
      }
      return scanner.tokens
    } catch {
      scanner.tokens.deallocate()
      throw scanner.located(error)
    }
  }

  /// Whether `data` is one strict JSON value and nothing else.
  public static func isValid(_ data: Data) -> Bool {
    (try? check(data)) != nil
  }

  // MARK: - Scanner

  private struct Failure: Error {
    var reason: String
    var offset: Int
    var repeatedKey: String?
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0
  private var depth = 0
  /// The values seen so far, in document order (see ``JSONToken``).
  private var tokens: JSONTokens

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    // About one value per 16 bytes of pretty-printed text.
    tokens = JSONTokens(capacity: bytes.count / 16)
  }

  private func fail(_ reason: String) -> Failure { Failure(reason: reason, offset: offset) }

  private func located(_ failure: Failure) -> Problem {
    var line = 1
    var lineStart = 0
    for index in 0..<min(failure.offset, bytes.count) where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    return Problem(
      reason: failure.reason, offset: failure.offset, line: line,
      column: failure.offset - lineStart + 1, repeatedKey: failure.repeatedKey)
  }

  private mutating func value() throws(Failure) {
    skipWhitespace()
    guard offset < bytes.count else { throw fail("expected a value") }
    switch bytes[offset] {
    case 0x7B: try object()
    case 0x5B: try array()
    case 0x22: try string()
    case 0x74: try word("true", .true)
    case 0x66: try word("false", .false)
    case 0x6E: try word("null", .null)
    case 0x2D, 0x30...0x39: try number()
    default: throw fail("expected a value")
    }
  }

  private mutating func object() throws(Failure) {
    try enter()
    defer { depth -= 1 }
    let index = tokens.count
    tokens.append(JSONToken(kind: .object, start: 0, end: 0))
    defer { tokens[index].end = tokens.count }
    offset += 1
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == 0x7D {
      offset += 1
      return
    }
    var count = 0
    // Few keys: compare with each earlier one in place, but only when one of them
    // could be the same (`seen` has a bit for the length and ends of each key; a key
    // with escapes is compared with all); many: hash.
    var keySet: Set<[UInt8]> = []
    var seen: UInt64 = 0
    var hasEscapedKey = false
    while true {
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == 0x22 else { throw fail("expected a key") }
      let start = offset
      try string()
      let key = tokens.count - 1
      let bit = Self.signature(of: tokens[key], in: bytes)
      hasEscapedKey = hasEscapedKey || tokens[key].kind == .escapedString
      let mayRepeat = hasEscapedKey || seen & bit != 0
      seen |= bit
      if count < 16 {
        var other = mayRepeat ? index + 1 : key
        while other != key {
          if JSONTape.sameKey(tokens[other], tokens[key], in: bytes) {
            throw repeated(tokens[key], at: start)
          }
          other = tokens[other + 1].next(at: other + 1)
        }
        if count == 15 {
          var other = index + 1
          for _ in 0...count {
            keySet.insert(JSONTape.keyBytes(tokens[other], in: bytes))
            if other != key { other = tokens[other + 1].next(at: other + 1) }
          }
        }
      } else {
        guard keySet.insert(JSONTape.keyBytes(tokens[key], in: bytes)).inserted else {
          throw repeated(tokens[key], at: start)
        }
      }
      count += 1
      tokens[index].start = count
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == 0x3A else { throw fail("expected ':'") }
      offset += 1
      try value()
      skipWhitespace()
      guard offset < bytes.count else { throw fail("expected ',' or '}'") }
      if bytes[offset] == 0x2C {
        offset += 1
        continue
      }
      guard bytes[offset] == 0x7D else { throw fail("expected ',' or '}'") }
      offset += 1
      return
    }
  }

  /// One bit of 64 for a key, from its length and its first and last bytes: two
  /// keys spelt the same have the same bit.
  private static func signature(of key: JSONToken, in bytes: UnsafeBufferPointer<UInt8>)
    -> UInt64
  {
    let length = key.end - key.start
    guard length > 0 else { return 1 }
    let mix = length &* 31 &+ Int(bytes[key.start]) &* 7 &+ Int(bytes[key.end - 1])
    return 1 << UInt64(mix & 63)
  }

  private func repeated(_ key: JSONToken, at start: Int) -> Failure {
    let name = String(decoding: JSONTape.keyBytes(key, in: bytes), as: UTF8.self)
    return Failure(reason: "the key '\(name)' appears twice", offset: start, repeatedKey: name)
  }

  private mutating func array() throws(Failure) {
    try enter()
    defer { depth -= 1 }
    let index = tokens.count
    tokens.append(JSONToken(kind: .array, start: 0, end: 0))
    defer { tokens[index].end = tokens.count }
    offset += 1
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == 0x5D {
      offset += 1
      return
    }
    while true {
      tokens[index].start += 1
      try value()
      skipWhitespace()
      guard offset < bytes.count else { throw fail("expected ',' or ']'") }
      if bytes[offset] == 0x2C {
        offset += 1
        continue
      }
      guard bytes[offset] == 0x5D else { throw fail("expected ',' or ']'") }
      offset += 1
      return
    }
  }

  private mutating func enter() throws(Failure) {
    guard depth < Self.maximumDepth else {
      throw fail("nested deeper than \(Self.maximumDepth) levels")
    }
    depth += 1
  }

  private mutating func word(_ word: StaticString, _ kind: JSONToken.Kind) throws(Failure) {
    let count = word.utf8CodeUnitCount
    let letters = UnsafeBufferPointer(start: word.utf8Start, count: count)
    guard offset + count <= bytes.count, bytes[offset..<(offset + count)].elementsEqual(letters)
    else { throw fail("expected a value") }
    tokens.append(JSONToken(kind: kind, start: offset, end: offset + count))
    offset += count
  }

  // MARK: - Strings

  /// Checks a string and records it (its content's bytes, and whether it has escapes).
  private mutating func string() throws(Failure) {
    let start = offset
    offset += 1
    let contentStart = offset
    var hasEscapes = false
    var hasHighBytes = false
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case 0x22:
        let range = contentStart..<offset
        if hasHighBytes,
          String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) == nil
        {
          throw Failure(reason: "invalid UTF-8 in a string", offset: start)
        }
        tokens.append(
          JSONToken(
            kind: hasEscapes ? .escapedString : .string, start: contentStart, end: offset))
        offset += 1
        return
      case 0x5C:
        hasEscapes = true
        offset += 1
        try escape()
      case ..<0x20:
        throw fail("control character in a string")
      default:
        if byte >= 0x80 { hasHighBytes = true }
        offset += 1
      }
    }
    throw Failure(reason: "unterminated string", offset: start)
  }

  private mutating func escape() throws(Failure) {
    guard offset < bytes.count else { throw fail("unterminated string") }
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: return
    case 0x75:
      let scalar = try hex4()
      if (0xD800..<0xDC00).contains(scalar) {
        guard offset + 1 < bytes.count, bytes[offset] == 0x5C, bytes[offset + 1] == 0x75 else {
          throw fail("unpaired surrogate")
        }
        offset += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw fail("unpaired surrogate")
      }
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

  // MARK: - Numbers and whitespace

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` whose value is finite.
  private mutating func number() throws(Failure) {
    let start = offset
    if bytes[offset] == 0x2D { offset += 1 }
    guard offset < bytes.count, isDigit(bytes[offset]) else { throw refuseNumber(start) }
    if bytes[offset] == 0x30 {
      offset += 1
      if offset < bytes.count, isDigit(bytes[offset]) { throw refuseNumber(start) }
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
    tokens.append(JSONToken(kind: .number, start: start, end: offset))
  }

  private func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  private mutating func skipDigits() {
    while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
  }

  private mutating func refuseNumber(_ start: Int) -> Failure {
    offset = start
    return fail("invalid number")
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }
}
