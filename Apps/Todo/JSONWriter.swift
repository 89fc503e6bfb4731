/// Builds JSON text byte by byte, for the todo file and `--json` output.
///
/// The counterpart of ``JSONScanner``: no boxing, one buffer, strings escaped as
/// RFC 8259 requires (quote, backslash and C0 controls; nothing else).
struct JSONWriter {
  /// The JSON written so far.
  private(set) var bytes: [UInt8] = []

  /// Text already moved out of ``bytes`` by ``flush()``.
  private var text = ""

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  /// A writer that builds a `String` of about `capacity` bytes in 64 KiB steps, so
  /// the bytes are never held twice (see ``flush()``).
  init(textCapacity: Int) {
    bytes.reserveCapacity(1 << 16)
    text.reserveCapacity(textCapacity)
  }

  /// Moves the bytes written so far into the text once they pass 64 KiB; call it
  /// between values.
  mutating func flush() {
    guard bytes.count >= 1 << 16 else { return }
    text += String(decoding: bytes, as: UTF8.self)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Everything written, as a string.
  mutating func finishText() -> String {
    text += String(decoding: bytes, as: UTF8.self)
    bytes.removeAll()
    defer { text = "" }
    return text
  }

  /// Appends JSON punctuation or other text that needs no escaping.
  mutating func raw(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends a quoted, escaped string.
  mutating func string(_ text: String) {
    bytes.append(0x22)
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        escape(byte)
        start = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(0x22)
  }

  /// Appends a string, or `null`.
  mutating func string(orNull text: String?) {
    if let text { string(text) } else { raw("null") }
  }

  /// Appends an integer.
  mutating func int(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Appends a day as a quoted ISO date.
  mutating func day(_ day: Day) {
    bytes.append(0x22)
    day.appendISO(to: &bytes)
    bytes.append(0x22)
  }

  /// Appends a quoted ISO 8601 timestamp in UTC for whole seconds since 1970.
  mutating func timestamp(_ seconds: Int) {
    bytes.append(0x22)
    TodoItem.appendTimestamp(seconds, to: &bytes)
    bytes.append(0x22)
  }

  /// Appends `true` or `false`.
  mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  /// Appends an array of strings.
  mutating func strings(_ values: [String]) {
    bytes.append(0x5B)
    for (index, value) in values.enumerated() {
      if index > 0 { bytes.append(0x2C) }
      string(value)
    }
    bytes.append(0x5D)
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
