import Foundation

/// A checked JSON document and the flat index of its values that ``JSONScanner``
/// built while checking it, from which ``JSONIndexDecoder`` decodes.
///
/// The index is one list of ``JSONToken``s in document order. For
///
/// ```json
/// {"tags":["a","b"],"id":7}
/// ```
///
/// (bytes numbered from 0) it is:
///
/// | token | kind   | fields                         | text      |
/// |-------|--------|--------------------------------|-----------|
/// | 0     | object | memberCount 2, tokenEnd 7      | `{…}`     |
/// | 1     | string | start 2, end 6                 | `tags`    |
/// | 2     | array  | memberCount 2, tokenEnd 5      | `[…]`     |
/// | 3     | string | start 10, end 11               | `a`       |
/// | 4     | string | start 14, end 15               | `b`       |
/// | 5     | string | start 19, end 21               | `id`      |
/// | 6     | number | start 23, end 24               | `7`       |
///
/// An object's members are key and value in turn (tokens 1–2 and 5–6), so the
/// decoder finds a key's value one token after the key, and skips a value it does
/// not want, however large, by jumping to its ``JSONToken/tokenEnd``: `tags`' value
/// ends at token 5, where the next key is. A string token's range is its content
/// between the quotes; one with escapes (``JSONToken/Kind/escapedString``) is
/// unescaped only when read.
///
/// The bytes are borrowed from the `withUnsafeBytes` call that made the index, which
/// ``close()``s it before returning: a decoder kept by a type's `init(from:)` and
/// used after that stops the program (an index check fails) rather than read memory
/// that is gone.
final class JSONIndex {
  let bytes: UnsafeBufferPointer<UInt8>
  private(set) var tokens: JSONTokenBuffer
  let userInfo: [CodingUserInfoKey: Any]
  /// The names of each `CaseIterable` key type read so far, as UTF-8.
  private var keyNames: [ObjectIdentifier: [[UInt8]]] = [:]

  init(scanning bytes: UnsafeBufferPointer<UInt8>, userInfo: [CodingUserInfoKey: any Sendable])
    throws(StrictJSON.Problem)
  {
    self.bytes = bytes
    self.tokens = try JSONScanner.scan(bytes)
    self.userInfo = userInfo
  }

  deinit { tokens.deallocate() }

  /// Ends the index's use: every token index is out of range from now on.
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
    let end = tokens[index].tokenEnd
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
      guard byte == JSONByte.backslash else {
        result.append(byte)
        index += 1
        continue
      }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case JSONByte.lowerB: result.append(JSONByte.backspace)
      case JSONByte.lowerF: result.append(JSONByte.formFeed)
      case JSONByte.lowerN: result.append(JSONByte.newline)
      case JSONByte.lowerR: result.append(JSONByte.carriageReturn)
      case JSONByte.lowerT: result.append(JSONByte.tab)
      case JSONByte.lowerU:
        // Checked text: four hex digits follow, and a high surrogate's pair.
        var scalar = JSONByte.hex4(bytes, at: index) ?? 0xFFFD
        index += 4
        if JSONByte.highSurrogates.contains(scalar) {
          let low = JSONByte.hex4(bytes, at: index + 2) ?? JSONByte.lowSurrogates.lowerBound
          index += 6
          scalar =
            0x10000 + ((scalar - JSONByte.highSurrogates.lowerBound) << 10)
            + (low - JSONByte.lowSurrogates.lowerBound)
        }
        if let unicode = Unicode.Scalar(scalar) { result.append(contentsOf: unicode.utf8) }
      default: result.append(escape)  // " \ /
      }
    }
    return result
  }

  // MARK: - Numbers

  /// The text of the number token at `index`.
  func numberText(at index: Int) -> String {
    let token = tokens[index]
    return String(
      decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
  }
}
