import Foundation

/// One value of a JSON document in ``JSONTape``'s flat index.
///
/// The index lists values in document order: an object is followed by its members
/// (a key, then its value), an array by its elements, so a container's members are
/// the tokens up to its ``end``.
struct JSONToken {
  /// What the value is.
  enum Kind: UInt8 {
    case object, array, string, escapedString, number, `true`, `false`, null
  }

  var kind: Kind
  // Offsets and indexes are kept in 32 bits (the index of a large file then takes
  // half the memory); ``StrictJSON`` refuses text of 4 GiB or more.
  private var storedStart: UInt32
  private var storedEnd: UInt32

  /// Strings: the first byte after the opening quote; numbers and literals: their
  /// first byte; objects and arrays: how many members or elements they have.
  var start: Int {
    get { Int(storedStart) }
    set { storedStart = UInt32(truncatingIfNeeded: newValue) }
  }

  /// Strings: the closing quote; numbers and literals: one past their last byte;
  /// objects and arrays: the index of the first token after their last member.
  var end: Int {
    get { Int(storedEnd) }
    set { storedEnd = UInt32(truncatingIfNeeded: newValue) }
  }

  init(kind: Kind, start: Int, end: Int) {
    self.kind = kind
    storedStart = UInt32(truncatingIfNeeded: start)
    storedEnd = UInt32(truncatingIfNeeded: end)
  }

  /// The index of the token after this one and everything inside it.
  func next(at index: Int) -> Int {
    kind == .object || kind == .array ? end : index + 1
  }
}

/// A checked JSON document and the flat index ``StrictJSON`` built of it while
/// checking, from which ``TapeDecoder`` decodes.
///
/// The bytes are borrowed from the `withUnsafeBytes` call that made the tape, which
/// ``close()``s it before returning: a decoder kept by a type's `init(from:)` and
/// used after that stops the program (an index check fails) rather than read memory
/// that is gone.
final class JSONTape {
  let bytes: UnsafeBufferPointer<UInt8>
  private(set) var tokens: JSONTokens
  let userInfo: [CodingUserInfoKey: Any]
  /// The names of each `CaseIterable` key type read so far, as UTF-8.
  private var keyNames: [ObjectIdentifier: [[UInt8]]] = [:]

  init(scanning bytes: UnsafeBufferPointer<UInt8>, userInfo: [CodingUserInfoKey: any Sendable])
    throws(StrictJSON.Problem)
  {
    self.bytes = bytes
    self.tokens = try StrictJSON.scan(bytes)
    self.userInfo = userInfo
  }

  deinit { tokens.deallocate() }

  /// Ends the tape's use: every token index is out of range from now on.
  func close() { tokens.removeAll() }

  // MARK: - Strings

  /// The string at `index` (a string token).
  func string(at index: Int) -> String {
    let token = tokens[index]
    if token.kind == .string {
      return String(
        decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
    }
    return String(decoding: Self.unescaped(token, in: bytes), as: UTF8.self)
  }

  /// Whether the key token at `index` spells `name`.
  func key(at index: Int, is name: String) -> Bool {
    let token = tokens[index]
    guard token.kind == .string else {
      return Self.unescaped(token, in: bytes).elementsEqual(name.utf8)
    }
    // Most keys tried are not the one looked for, and differ in length.
    guard name.utf8.count == token.end - token.start else { return false }
    var name = name
    return name.withUTF8 { utf8 in
      Self.equal(UnsafeRawBufferPointer(utf8), raw(token))
    }
  }

  /// The bytes between a token's start and end.
  private func raw(_ token: JSONToken) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]))
  }

  /// Whether two runs of bytes are the same.
  static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let first = a.baseAddress, let second = b.baseAddress else { return true }
    return memcmp(first, second, a.count) == 0
  }

  /// A key's bytes with its escapes resolved.
  static func keyBytes(_ token: JSONToken, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    token.kind == .string ? Array(bytes[token.start..<token.end]) : unescaped(token, in: bytes)
  }

  /// Whether two key tokens name the same key, however each is spelt.
  static func sameKey(_ a: JSONToken, _ b: JSONToken, in bytes: UnsafeBufferPointer<UInt8>) -> Bool
  {
    if a.kind == .string, b.kind == .string {
      return equal(
        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[a.start..<a.end])),
        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[b.start..<b.end])))
    }
    return keyBytes(a, in: bytes) == keyBytes(b, in: bytes)
  }

  // MARK: - Known keys

  /// The names of `Key`'s cases, as UTF-8 (listed once per document).
  func names<Key: CodingKey & CaseIterable>(of type: Key.Type) -> [[UInt8]] {
    if let names = keyNames[ObjectIdentifier(type)] { return names }
    let names = type.allCases.map { Array($0.stringValue.utf8) }
    keyNames[ObjectIdentifier(type)] = names
    return names
  }

  /// The first key of the object at `index` that is not in `names`, or nil. Each
  /// search starts after the name found last, so keys in the names' order (a type's
  /// `CodingKeys` in a file written with sorted keys) cost one comparison each.
  func firstUnknownKey(inObjectAt index: Int, names: [[UInt8]]) -> Int? {
    let end = tokens[index].end
    var member = index + 1
    var hint = 0
    while member < end {
      let token = tokens[member]
      var found = false
      for offset in 0..<names.count {
        let candidate = (hint + offset) % names.count
        let isSame = names[candidate].withUnsafeBytes { name in
          token.kind == .string
            ? Self.equal(name, raw(token)) : Self.unescaped(token, in: bytes).elementsEqual(name)
        }
        if isSame {
          hint = candidate + 1
          found = true
          break
        }
      }
      if !found { return member }
      member = tokens[member + 1].next(at: member + 1)
    }
    return nil
  }

  /// The UTF-8 of a string token with its escapes resolved (it was checked, so every
  /// escape is valid and surrogates come in pairs).
  static func unescaped(_ token: JSONToken, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(token.end - token.start)
    var index = token.start
    while index < token.end {
      let byte = bytes[index]
      guard byte == 0x5C else {
        result.append(byte)
        index += 1
        continue
      }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case 0x62: result.append(0x08)
      case 0x66: result.append(0x0C)
      case 0x6E: result.append(0x0A)
      case 0x72: result.append(0x0D)
      case 0x74: result.append(0x09)
      case 0x75:
        var scalar = hex4(bytes, at: index)
        index += 4
        if (0xD800..<0xDC00).contains(scalar) {
          let low = hex4(bytes, at: index + 2)
          index += 6
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        if let unicode = Unicode.Scalar(scalar) { result.append(contentsOf: unicode.utf8) }
      default: result.append(escape)  // " \ /
      }
    }
    return result
  }

  private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
    var value: UInt32 = 0
    for byte in bytes[index..<(index + 4)] {
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      default: digit = byte - 0x61 + 10
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  // MARK: - Numbers

  /// The text of the number token at `index`.
  func numberText(at index: Int) -> String {
    let token = tokens[index]
    return String(
      decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
  }
}
