import Foundation

/// Turns a feed's bytes into UTF-8, whatever they were written in.
///
/// The encoding comes from, in this order: a byte-order mark, the `charset` of the
/// HTTP `Content-Type` (RFC 7303 makes it authoritative), the XML prolog's `encoding=`,
/// else UTF-8. Supported: UTF-8, UTF-16 (LE/BE, with or without a mark), and the
/// windows-1252 family. As browsers do (WHATWG Encoding Standard), `ISO-8859-1`,
/// `latin1` and `US-ASCII` are read as windows-1252, which differs only in 0x80–0x9F,
/// where ISO-8859-1 has C1 control codes that no real text contains. Invalid UTF-8 is
/// repaired with U+FFFD rather than rejected.
enum TextEncoding: Equatable, Sendable {
  case utf8
  case utf16LittleEndian
  case utf16BigEndian
  case windows1252

  /// The bytes as UTF-8, with an XML prolog rewritten to say so.
  ///
  /// - Parameters:
  ///   - data: The body as received.
  ///   - contentType: The HTTP `Content-Type`, if known.
  /// - Returns: UTF-8 bytes.
  /// - Throws: `FeedParseError` with code `unsupportedEncoding` when the declared encoding
  ///   is one this parser cannot read and the bytes are not UTF-8 either.
  static func utf8Bytes(_ data: Data, contentType: String?) throws(FeedParseError)
    -> [UInt8]
  {
    var bytes = [UInt8](data)
    var encoding: TextEncoding?
    var bomLength = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      (encoding, bomLength) = (.utf8, 3)
    } else if bytes.starts(with: [0xFF, 0xFE]) {
      (encoding, bomLength) = (.utf16LittleEndian, 2)
    } else if bytes.starts(with: [0xFE, 0xFF]) {
      (encoding, bomLength) = (.utf16BigEndian, 2)
    }
    var unsupportedName: String?
    if encoding == nil, let charset = contentType.flatMap(charset(inContentType:)) {
      encoding = named(charset, bytes: bytes)
      if encoding == nil { unsupportedName = charset }
    }
    if encoding == nil {
      if bytes.starts(with: [0x3C, 0x00]) {
        encoding = .utf16LittleEndian
      } else if bytes.starts(with: [0x00, 0x3C]) {
        encoding = .utf16BigEndian
      }
    }
    let declared = prologEncoding(bytes)
    if encoding == nil, let declared {
      encoding = named(declared, bytes: bytes)
      if encoding == nil || encoding == .utf16BigEndian || encoding == .utf16LittleEndian {
        // A prolog readable as ASCII cannot be UTF-16; an unknown name is checked below.
        if encoding == nil { unsupportedName = unsupportedName ?? declared }
        encoding = nil
      }
    }
    if bomLength > 0 { bytes.removeFirst(bomLength) }
    var output: [UInt8]
    switch encoding ?? .utf8 {
    case .utf8:
      if let name = unsupportedName, String(validating: bytes, as: UTF8.self) == nil {
        throw FeedParseError(.unsupportedEncoding, "unsupported character encoding \(name)")
      }
      output = repairedUTF8(bytes)
    case .utf16LittleEndian: output = utf16(bytes, bigEndian: false)
    case .utf16BigEndian: output = utf16(bytes, bigEndian: true)
    case .windows1252: output = fromWindows1252(bytes)
    }
    if let declared, named(declared, bytes: output) != .utf8 {
      rewriteProlog(&output)
    }
    return output
  }

  // MARK: - Names

  /// The `charset` parameter of a `Content-Type`, lowercased and unquoted.
  static func charset(inContentType contentType: String) -> String? {
    for parameter in contentType.split(separator: ";").dropFirst() {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
      else { continue }
      let value = parts[1].trimmingCharacters(in: .whitespaces)
        .trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).lowercased()
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// The encoding a label names, or `nil` when unsupported.
  static func named(_ label: String, bytes: [UInt8]) -> TextEncoding? {
    switch label.lowercased().trimmingCharacters(in: .whitespaces) {
    case "utf-8", "utf8", "unicode-1-1-utf-8", "x-unicode20utf8": return .utf8
    case "utf-16le": return .utf16LittleEndian
    case "utf-16be": return .utf16BigEndian
    case "utf-16", "utf16", "ucs-2", "iso-10646-ucs-2", "unicode":
      return bytes.first == 0 ? .utf16BigEndian : .utf16LittleEndian
    case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1",
      "iso_8859-1:1987", "latin1", "l1", "iso-ir-100", "csisolatin1", "ibm819", "cp819",
      "us-ascii", "ascii", "ansi_x3.4-1968", "iso-8859-15", "iso8859-15", "latin-9":
      return .windows1252
    default: return nil
    }
  }

  // MARK: - The XML prolog

  /// The range of `<?xml … ?>` at the start, if any.
  private static func prologRange(_ bytes: [UInt8]) -> Range<Int>? {
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

  /// The value of `encoding=` in the prolog.
  static func prologEncoding(_ bytes: [UInt8]) -> String? {
    guard let range = prologRange(bytes) else { return nil }
    let prolog = String(decoding: bytes[range], as: UTF8.self)
    guard let key = prolog.range(of: "encoding") else { return nil }
    let rest = prolog[key.upperBound...].drop { $0 == " " || $0 == "=" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    let value = rest.dropFirst().prefix { $0 != quote }
    return value.isEmpty ? nil : String(value)
  }

  private static func rewriteProlog(_ bytes: inout [UInt8]) {
    guard let range = prologRange(bytes) else { return }
    bytes.replaceSubrange(range, with: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>".utf8))
  }

  // MARK: - Transcoding

  private static func repairedUTF8(_ bytes: [UInt8]) -> [UInt8] {
    if isASCII(bytes) || String(validating: bytes, as: UTF8.self) != nil { return bytes }
    return Array(String(decoding: bytes, as: UTF8.self).utf8)
  }

  /// Whether every byte is below 0x80, eight bytes at a time.
  private static func isASCII(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var index = 0
      var accumulated: UInt64 = 0
      while index + 8 <= raw.count {
        accumulated |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        index += 8
      }
      while index < raw.count {
        accumulated |= UInt64(raw[index])
        index += 1
      }
      return accumulated & 0x8080_8080_8080_8080 == 0
    }
  }

  private static func utf16(_ bytes: [UInt8], bigEndian: Bool) -> [UInt8] {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 0
    while index + 1 < bytes.count {
      let (high, low) =
        bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
      units.append(UInt16(high) << 8 | UInt16(low))
      index += 2
    }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }

  private static func fromWindows1252(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 8)
    for byte in bytes {
      if byte < 0x80 {
        output.append(byte)
      } else {
        output.append(contentsOf: String(Character(windows1252Scalar(byte))).utf8)
      }
    }
    return output
  }

  /// The character a windows-1252 byte stands for.
  ///
  /// - Parameter byte: The byte.
  /// - Returns: Its Unicode scalar; the five unassigned bytes map to the C1 code with the
  ///   same number, as the WHATWG Encoding Standard says.
  static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
    guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
    let table: [UInt32] = [
      0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
      0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
      0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
      0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
    return Unicode.Scalar(table[Int(byte - 0x80)]) ?? "\u{FFFD}"
  }
}
