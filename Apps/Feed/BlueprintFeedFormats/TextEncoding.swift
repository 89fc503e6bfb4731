internal import CoreBase
internal import Foundation

/// Turns a feed's bytes into UTF-8, whatever they were written in.
///
/// The encoding comes from, in this order: the `charset` of the HTTP `Content-Type`, a
/// byte-order mark, the XML declaration's `encoding=`, the shape of the first bytes
/// (UTF-16 and UTF-32 without a mark, EBCDIC), else UTF-8. A byte-order mark that
/// contradicts the charset wins over it: no feed in another encoding starts with those
/// bytes. UTF-8, UTF-16 and UTF-32 (either byte order, with or without a mark) and
/// windows-1252 are read here; every other encoding the platform can convert (glibc's
/// `iconv` on Linux, CoreFoundation on Apple platforms) is read through
/// `PlatformTextConverter`. As browsers do (WHATWG Encoding Standard), `ISO-8859-1`,
/// `latin1` and `US-ASCII` are read as windows-1252, `GB2312` and `GBK` as GB18030,
/// `Shift_JIS` as windows-31J, `EUC-KR` as windows-949 and `Big5` as Big5-HKSCS (each the
/// superset real documents are written in). Labels may be spelled with `_` for `-`.
///
/// Nothing is rejected: invalid UTF-8 is repaired with U+FFFD, and a feed in an encoding
/// that cannot be read is read as UTF-8 with U+FFFD for what it cannot read, with a
/// warning.
enum TextEncoding: Equatable, Sendable {
  case utf8
  case utf16(bigEndian: Bool)
  case utf32(bigEndian: Bool)
  case windows1252
  /// An encoding the platform's converter reads, by the name it knows.
  case platform(String)

  /// The body as UTF-8 bytes, with a warning when some of it could not be read.
  struct Decoded {
    var bytes: [UInt8]
    var warning: String?
  }

  /// The bytes as UTF-8, with an XML declaration rewritten to say so.
  ///
  /// - Parameters:
  ///   - data: The body as received.
  ///   - contentType: The HTTP `Content-Type`, if known.
  /// - Returns: UTF-8 bytes, and a warning when the read was lossy.
  static func utf8Bytes(_ data: Data, contentType: String?) -> Decoded {
    let bytes = [UInt8](data)
    let mark = byteOrderMark(bytes)
    let shape = mark?.encoding ?? sniff(bytes)
    var unreadable: [String] = []
    var chosen: (encoding: TextEncoding, label: String)?
    if let charset = contentType.flatMap(charset(inContentType:)) {
      if let encoding = resolve(charset, bytes: bytes, shape: shape) {
        chosen = (encoding, charset)
        if let mark, !mark.encoding.hasSameWidth(as: encoding) { chosen = (mark.encoding, "") }
      } else {
        unreadable.append(charset)
      }
    }
    if chosen == nil, let mark { chosen = (mark.encoding, "") }
    if chosen == nil, let declared = declaredEncoding(bytes, shape: shape) {
      switch shape {
      case .utf16?, .utf32?: chosen = (shape ?? .utf8, declared)  // the bytes show width and order
      default:
        if let encoding = resolve(declared, bytes: bytes, shape: shape) {
          chosen = (encoding, declared)
        } else {
          unreadable.append(declared)
        }
      }
    }
    let encoding = chosen?.encoding ?? shape ?? .utf8
    var (output, replaced) = encoding.decode(bytes)
    if output.starts(with: [0xEF, 0xBB, 0xBF]) { output.removeFirst(3) }
    rewriteDeclaration(&output)
    var warning: String?
    if let label = unreadable.first, replaced {
      warning =
        "the character encoding \"\(label)\" cannot be read here; the feed was read as UTF-8 "
        + "and what could not be read shows as \u{FFFD}"
    } else if replaced, encoding != .utf8 {
      let name = chosen.map { $0.label.isEmpty ? encoding.name : $0.label } ?? encoding.name
      warning = "some bytes are not valid \(name) and show as \u{FFFD}"
    }
    return Decoded(bytes: output, warning: warning)
  }

  /// A name for messages.
  var name: String {
    switch self {
    case .utf8: "UTF-8"
    case .utf16(let bigEndian): bigEndian ? "UTF-16BE" : "UTF-16LE"
    case .utf32(let bigEndian): bigEndian ? "UTF-32BE" : "UTF-32LE"
    case .windows1252: "windows-1252"
    case .platform(let name): name
    }
  }

  /// Whether both read text in code units of the same size (a mark settles the rest).
  private func hasSameWidth(as other: TextEncoding) -> Bool {
    switch (self, other) {
    case (.utf16, .utf16), (.utf32, .utf32): true
    case (.utf8, .utf8): true
    default: false
    }
  }

  // MARK: - Transcoding

  /// UTF-8 for `bytes`, and whether anything had to be replaced with U+FFFD.
  func decode(_ bytes: [UInt8]) -> (bytes: [UInt8], replaced: Bool) {
    switch self {
    case .utf8: return Self.repairedUTF8(bytes)
    case .utf16(let bigEndian): return Self.utf16(bytes, bigEndian: bigEndian)
    case .utf32(let bigEndian): return Self.utf32(bytes, bigEndian: bigEndian)
    case .windows1252: return (Self.fromWindows1252(bytes), false)
    case .platform(let name):
      if let converted = PlatformTextConverter.convert(bytes, from: name) { return converted }
      return Self.repairedUTF8(bytes)
    }
  }

  private static func repairedUTF8(_ bytes: [UInt8]) -> (bytes: [UInt8], replaced: Bool) {
    if isASCII(bytes) || String.validated(bytes, as: UTF8.self) != nil { return (bytes, false) }
    return (Array(String(decoding: bytes, as: UTF8.self).utf8), true)
  }

  /// Whether every byte is below 0x80.
  private static func isASCII(_ bytes: [UInt8]) -> Bool {
    bytes.allSatisfy { $0 < 0x80 }
  }

  private static func utf16(_ bytes: [UInt8], bigEndian: Bool) -> (bytes: [UInt8], replaced: Bool) {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 0
    while index + 1 < bytes.count {
      let (high, low) =
        bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
      units.append(UInt16(high) << 8 | UInt16(low))
      index += 2
    }
    if let text = String.validated(units, as: UTF16.self) {
      return (Array(text.utf8), bytes.count % 2 != 0)
    }
    return (Array(String(decoding: units, as: UTF16.self).utf8), true)
  }

  private static func utf32(_ bytes: [UInt8], bigEndian: Bool) -> (bytes: [UInt8], replaced: Bool) {
    var units: [UInt32] = []
    units.reserveCapacity(bytes.count / 4)
    var index = 0
    while index + 3 < bytes.count {
      let word = bytes[index..<(index + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      units.append(bigEndian ? word : word.byteSwapped)
      index += 4
    }
    if let text = String.validated(units, as: UTF32.self) {
      return (Array(text.utf8), bytes.count % 4 != 0)
    }
    return (Array(String(decoding: units, as: UTF32.self).utf8), true)
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
