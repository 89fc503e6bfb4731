internal import Foundation

extension TextEncoding {
  /// The encoding a byte-order mark at the start names, and the mark's length.
  static func byteOrderMark(_ bytes: [UInt8]) -> (encoding: TextEncoding, length: Int)? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32(bigEndian: true), 4) }
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32(bigEndian: false), 4) }
    if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16(bigEndian: true), 2) }
    if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16(bigEndian: false), 2) }
    return nil
  }

  /// What the first bytes of a document without a mark show, as XML 1.0 Appendix F
  /// describes: `<` (or `<?xm`) in UTF-16, UTF-32 or EBCDIC; `nil` for anything else.
  static func sniff(_ bytes: [UInt8]) -> TextEncoding? {
    guard bytes.count >= 4 else { return nil }
    switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
    case (0x00, 0x00, 0x00, 0x3C): return .utf32(bigEndian: true)
    case (0x3C, 0x00, 0x00, 0x00): return .utf32(bigEndian: false)
    case (0x00, 0x3C, _, _): return .utf16(bigEndian: true)
    case (0x3C, 0x00, _, _): return .utf16(bigEndian: false)
    case (0x4C, 0x6F, 0xA7, 0x94): return .platform("IBM037")  // "<?xm" in EBCDIC
    default: return nil
    }
  }

  /// The `encoding=` of the XML declaration, read in the shape the first bytes show.
  static func declaredEncoding(_ bytes: [UInt8], shape: TextEncoding?) -> String? {
    let head = Array(bytes.prefix(512))
    let ascii: [UInt8]
    switch shape {
    case nil, .utf8?, .windows1252?:
      ascii = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
    case let shape?:
      // The declaration is ASCII in every encoding XML allows; EBCDIC's is invariant.
      var (decoded, _) = shape.decode(head)
      if decoded.starts(with: [0xEF, 0xBB, 0xBF]) { decoded.removeFirst(3) }
      ascii = decoded
    }
    return declarationEncoding(ascii)
  }

  // MARK: - The XML declaration

  /// The range of `<?xml … ?>` at the start, if any.
  private static func declarationRange(_ bytes: [UInt8]) -> Range<Int>? {
    var start = 0
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    guard bytes[start...].starts(with: Array("<?xml".utf8)) else { return nil }
    let limit = min(bytes.count - 1, start + 300)
    var end = start + 5
    while end < limit {
      if bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
        return start..<(end + 2)
      }
      end += 1
    }
    return nil
  }

  /// The value of `encoding=` in the declaration of UTF-8 (or ASCII) bytes.
  static func declarationEncoding(_ bytes: [UInt8]) -> String? {
    guard let range = declarationRange(bytes) else { return nil }
    let declaration = String(decoding: bytes[range], as: UTF8.self)
    guard let key = declaration.range(of: "encoding") else { return nil }
    let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    let value = rest.dropFirst().prefix { $0 != quote }
    return value.isEmpty ? nil : String(value)
  }

  /// Rewrites a declaration that names another encoding to say UTF-8, which the bytes
  /// now are.
  static func rewriteDeclaration(_ bytes: inout [UInt8]) {
    guard let declared = declarationEncoding(bytes),
      resolve(declared, bytes: [], shape: nil) != .utf8,
      let range = declarationRange(bytes)
    else { return }
    bytes.replaceSubrange(range, with: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>".utf8))
  }
}
