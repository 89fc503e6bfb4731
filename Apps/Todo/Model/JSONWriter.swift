internal import Core

/// Builds JSON text byte by byte, for the todo file and `--json` output.
///
/// The counterpart of ``JSONScanner``: no boxing, one buffer. Strings are escaped
/// as RFC 8259 requires (quote, backslash, C0 controls) and, so that the text is
/// safe to view in a terminal or an editor, also every other invisible character
/// (DEL, C1 controls, bidi controls, separators, zero-width characters: Core's
/// `InvisibleCharacter` list) as `\u` sequences, as `CommandLineJSON` does.
package struct JSONWriter {
  /// The JSON written so far.
  package private(set) var bytes: [UInt8] = []

  /// Text already moved out of ``bytes`` by ``flush()``.
  private var text = ""

  package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  /// A writer that builds a `String` of about `capacity` bytes in 64 KiB steps, so
  /// the bytes are never held twice (see ``flush()``).
  package init(textCapacity: Int) {
    bytes.reserveCapacity(1 << 16)
    text.reserveCapacity(textCapacity)
  }

  /// Moves the bytes written so far into the text once they pass 64 KiB; call it
  /// between values.
  package mutating func flush() {
    guard bytes.count >= 1 << 16 else { return }
    text += String(decoding: bytes, as: UTF8.self)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Everything written, as a string.
  package mutating func finishText() -> String {
    text += String(decoding: bytes, as: UTF8.self)
    bytes.removeAll()
    defer { text = "" }
    return text
  }

  /// Appends JSON punctuation or other text that needs no escaping.
  package mutating func raw(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends a quoted, escaped string.
  package mutating func string(_ text: String) {
    bytes.append(0x22)
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        if byte < 0x20 || byte == 0x22 || byte == 0x5C {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
          escape(byte)
          index += 1
          start = index
        } else if byte >= 0x7F, let (scalar, length) = Self.invisibleScalar(in: utf8, at: index) {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
          unicodeEscape(scalar)
          index += length
          start = index
        } else {
          index += 1
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(0x22)
  }

  /// Appends a string, or `null`.
  package mutating func string(orNull text: String?) {
    if let text { string(text) } else { raw("null") }
  }

  /// Appends an integer.
  package mutating func int(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Appends a day as a quoted ISO date.
  package mutating func day(_ day: Day) {
    bytes.append(0x22)
    day.appendISO(to: &bytes)
    bytes.append(0x22)
  }

  /// Appends a quoted ISO 8601 timestamp in UTC for whole seconds since 1970.
  package mutating func timestamp(_ seconds: Int) {
    bytes.append(0x22)
    TodoItem.appendTimestamp(seconds, to: &bytes)
    bytes.append(0x22)
  }

  /// Appends `true` or `false`.
  package mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  /// Appends an array of strings.
  package mutating func strings(_ values: [String]) {
    bytes.append(0x5B)
    for (index, value) in values.enumerated() {
      if index > 0 { bytes.append(0x2C) }
      string(value)
    }
    bytes.append(0x5D)
  }

  /// The scalar starting at `index` when it is one that is written as `\u` (an
  /// invisible character: Core's `Unicode.Scalar.isEscapedInShownJSON`), with its
  /// length in bytes.
  private static func invisibleScalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int)
    -> (UInt16, Int)?
  {
    let lead = utf8[index]
    let value: UInt32
    let length: Int
    switch lead {
    case 0x7F:
      (value, length) = (0x7F, 1)
    case 0xC2...0xDF where index + 1 < utf8.count:
      value = UInt32(lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
      length = 2
    case 0xE0...0xEF where index + 2 < utf8.count:
      value =
        UInt32(lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6
        | UInt32(utf8[index + 2] & 0x3F)
      length = 3
    default:
      return nil
    }
    guard let scalar = Unicode.Scalar(value), scalar.isEscapedInShownJSON else { return nil }
    return (UInt16(value), length)
  }

  private mutating func unicodeEscape(_ scalar: UInt16) {
    raw("\\u")
    for shift in stride(from: 12, through: 0, by: -4) {
      bytes.append(Self.hexDigit(UInt8((scalar >> UInt16(shift)) & 0x0F)))
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? 0x30 + value : 0x61 + value - 10
  }

  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case 0x22: raw("\\\"")
    case 0x5C: raw("\\\\")
    case 0x0A: raw("\\n")
    case 0x0D: raw("\\r")
    case 0x09: raw("\\t")
    default:
      raw("\\u00")
      bytes.append(Self.hexDigit(byte >> 4))
      bytes.append(Self.hexDigit(byte & 0x0F))
    }
  }
}
