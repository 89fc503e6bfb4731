/// Checks JSON bytes strictly and lists their values: the first step of
/// ``StrictJSON``, from bytes to the index (``JSONIndex``) that the decoder reads.
///
/// One pass over the bytes, no `String` made unless a problem is reported: each
/// value is appended to the token list as it is checked (a container's token first,
/// its count and end filled in when it closes), and each object's keys are compared
/// for repeats as they come (in place while there are few, by hash beyond 16).
struct JSONScanner {
  typealias Problem = StrictJSON.Problem

  /// Checks `bytes` and returns the index of their values (``JSONIndex``'s tokens).
  /// The caller owns the tokens (``JSONTokenBuffer/deallocate()``).
  ///
  /// - Throws: ``StrictJSON/Problem`` naming the first problem's line and column.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) -> JSONTokenBuffer {
    var scanner = JSONScanner(bytes)
    do throws(Failure) {
      guard bytes.count < StrictJSON.maximumSize else {
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

  private struct Failure: Error {
    var reason: String
    var offset: Int
    var repeatedKey: String?
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0
  private var depth = 0
  /// The values seen so far, in document order (see ``JSONToken``).
  private var tokens: JSONTokenBuffer

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    // About one value per 16 bytes of pretty-printed text.
    tokens = JSONTokenBuffer(capacity: bytes.count / 16)
  }

  private func fail(_ reason: String) -> Failure { Failure(reason: reason, offset: offset) }

  private func located(_ failure: Failure) -> Problem {
    var line = 1
    var lineStart = 0
    for index in 0..<min(failure.offset, bytes.count) where bytes[index] == JSONByte.newline {
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
    case JSONByte.openBrace: try object()
    case JSONByte.openBracket: try array()
    case JSONByte.quote: try string()
    case JSONByte.lowerT: try word("true", .true)
    case JSONByte.lowerF: try word("false", .false)
    case JSONByte.lowerN: try word("null", .null)
    case JSONByte.minus, JSONByte.zero...JSONByte.nine: try number()
    default: throw fail("expected a value")
    }
  }

  private mutating func object() throws(Failure) {
    try enter()
    defer { depth -= 1 }
    let index = tokens.count
    tokens.append(.container(.object))
    defer { tokens[index].tokenEnd = tokens.count }
    offset += 1
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == JSONByte.closeBrace {
      offset += 1
      return
    }
    var keys = ObjectKeys()
    while true {
      try key(ofObjectAt: index, &keys)
      keys.count += 1
      tokens[index].memberCount = keys.count
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == JSONByte.colon else {
        throw fail("expected ':'")
      }
      offset += 1
      try value()
      skipWhitespace()
      guard offset < bytes.count else { throw fail("expected ',' or '}'") }
      if bytes[offset] == JSONByte.comma {
        offset += 1
        continue
      }
      guard bytes[offset] == JSONByte.closeBrace else { throw fail("expected ',' or '}'") }
      offset += 1
      return
    }
  }

  /// The keys an object has read so far, as far as finding a repeated one needs.
  ///
  /// Few keys: a new one is compared with each earlier one in place, but only when one
  /// of them could be the same (`signatures` has a bit for the length and ends of each
  /// key; a key with escapes is compared with all); many: hashed in `hashed`.
  private struct ObjectKeys {
    /// The keys read.
    var count = 0
    /// Every key's bytes, from the 16th key on.
    var hashed: Set<[UInt8]> = []
    /// Each key's `signature(of:in:)` bit.
    var signatures: UInt64 = 0
    /// Whether a key had escapes (so its bytes say nothing of its signature).
    var hasEscapedKey = false
  }

  /// Reads the next key of the object whose token is at `index`, and fails when the
  /// object has it already.
  private mutating func key(ofObjectAt index: Int, _ keys: inout ObjectKeys) throws(Failure) {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == JSONByte.quote else {
      throw fail("expected a key")
    }
    let start = offset
    try string()
    let key = tokens.count - 1
    let bit = Self.signature(of: tokens[key], in: bytes)
    keys.hasEscapedKey = keys.hasEscapedKey || tokens[key].kind == .escapedString
    let mayRepeat = keys.hasEscapedKey || keys.signatures & bit != 0
    keys.signatures |= bit
    guard keys.count < 16 else {
      guard keys.hashed.insert(JSONIndex.keyBytes(tokens[key], in: bytes)).inserted else {
        throw repeated(tokens[key], at: start)
      }
      return
    }
    var other = mayRepeat ? index + 1 : key
    while other != key {
      if JSONIndex.sameKey(tokens[other], tokens[key], in: bytes) {
        throw repeated(tokens[key], at: start)
      }
      other = tokens[other + 1].next(at: other + 1)
    }
    if keys.count == 15 {
      var other = index + 1
      for _ in 0...keys.count {
        keys.hashed.insert(JSONIndex.keyBytes(tokens[other], in: bytes))
        if other != key { other = tokens[other + 1].next(at: other + 1) }
      }
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
    let name = String(decoding: JSONIndex.keyBytes(key, in: bytes), as: UTF8.self)
    return Failure(reason: "the key '\(name)' appears twice", offset: start, repeatedKey: name)
  }

  private mutating func array() throws(Failure) {
    try enter()
    defer { depth -= 1 }
    let index = tokens.count
    tokens.append(.container(.array))
    defer { tokens[index].tokenEnd = tokens.count }
    offset += 1
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == JSONByte.closeBracket {
      offset += 1
      return
    }
    while true {
      tokens[index].memberCount += 1
      try value()
      skipWhitespace()
      guard offset < bytes.count else { throw fail("expected ',' or ']'") }
      if bytes[offset] == JSONByte.comma {
        offset += 1
        continue
      }
      guard bytes[offset] == JSONByte.closeBracket else { throw fail("expected ',' or ']'") }
      offset += 1
      return
    }
  }

  private mutating func enter() throws(Failure) {
    guard depth < StrictJSON.maximumDepth else {
      throw fail("nested deeper than \(StrictJSON.maximumDepth) levels")
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
      case JSONByte.quote:
        let range = contentStart..<offset
        if hasHighBytes,
          String.validated(UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) == nil
        {
          throw Failure(reason: "invalid UTF-8 in a string", offset: start)
        }
        tokens.append(
          JSONToken(
            kind: hasEscapes ? .escapedString : .string, start: contentStart, end: offset))
        offset += 1
        return
      case JSONByte.backslash:
        hasEscapes = true
        offset += 1
        try escape()
      case ..<JSONByte.firstPrintable:
        throw fail("control character in a string")
      default:
        if byte > JSONByte.delete { hasHighBytes = true }
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
    case JSONByte.quote, JSONByte.backslash, JSONByte.slash, JSONByte.lowerB, JSONByte.lowerF,
      JSONByte.lowerN, JSONByte.lowerR, JSONByte.lowerT:
      return
    case JSONByte.lowerU:
      let scalar = try escapedCodeUnit()
      if JSONByte.highSurrogates.contains(scalar) {
        guard offset + 1 < bytes.count, bytes[offset] == JSONByte.backslash,
          bytes[offset + 1] == JSONByte.lowerU
        else {
          throw fail("unpaired surrogate")
        }
        offset += 2
        let low = try escapedCodeUnit()
        guard JSONByte.lowSurrogates.contains(low) else { throw fail("unpaired surrogate") }
      } else if JSONByte.lowSurrogates.contains(scalar) {
        throw fail("unpaired surrogate")
      }
    default:
      offset -= 1
      throw fail("invalid escape")
    }
  }

  /// The four hex digits of a `\u` escape, read with ``JSONByte/hex4(_:at:)``; a
  /// problem is reported at the first byte that is not a hex digit.
  private mutating func escapedCodeUnit() throws(Failure) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw fail("invalid \\u escape") }
    guard let value = JSONByte.hex4(bytes, at: offset) else {
      while JSONByte.hexValue(bytes[offset]) != nil { offset += 1 }
      throw fail("invalid \\u escape")
    }
    offset += 4
    return value
  }

  // MARK: - Numbers and whitespace

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` whose value is finite.
  private mutating func number() throws(Failure) {
    let start = offset
    if bytes[offset] == JSONByte.minus { offset += 1 }
    guard offset < bytes.count, JSONByte.isDigit(bytes[offset]) else { throw refuseNumber(start) }
    if bytes[offset] == JSONByte.zero {
      offset += 1
      if offset < bytes.count, JSONByte.isDigit(bytes[offset]) { throw refuseNumber(start) }
    } else {
      skipDigits()
    }
    if offset < bytes.count, bytes[offset] == JSONByte.period {
      offset += 1
      guard offset < bytes.count, JSONByte.isDigit(bytes[offset]) else { throw refuseNumber(start) }
      skipDigits()
    }
    if offset < bytes.count, bytes[offset] == JSONByte.lowerE || bytes[offset] == JSONByte.upperE {
      offset += 1
      if offset < bytes.count, bytes[offset] == JSONByte.plus || bytes[offset] == JSONByte.minus {
        offset += 1
      }
      guard offset < bytes.count, JSONByte.isDigit(bytes[offset]) else { throw refuseNumber(start) }
      skipDigits()
      // Like Foundation, refuse what no Double holds (1e999): it cannot be read back.
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
      guard Double(text)?.isFinite == true else { throw refuseNumber(start) }
    }
    tokens.append(JSONToken(kind: .number, start: start, end: offset))
  }

  private mutating func skipDigits() {
    while offset < bytes.count, JSONByte.isDigit(bytes[offset]) { offset += 1 }
  }

  private mutating func refuseNumber(_ start: Int) -> Failure {
    offset = start
    return fail("invalid number")
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case JSONByte.space, JSONByte.newline, JSONByte.carriageReturn, JSONByte.tab: offset += 1
      default: return
      }
    }
  }
}
