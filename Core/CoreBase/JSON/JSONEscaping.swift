package import Foundation

/// The one place JSON output escapes invisible characters: every invisible
/// character but the C0 controls (which JSON escapes anyway) written as a `\u`
/// escape — the scalars for which `Unicode.Scalar.isEscapedInShownJSON` holds.
///
/// `JSONEncoder` writes C1 controls, bidirectional controls, zero-width characters
/// and line separators as they are; a stored file shown with `cat`, or a `--json`
/// listing printed in a terminal, would then obey or hide them. Outside strings
/// JSON text is ASCII, so every such character is in a string, where the escape
/// means the same to every JSON reader.
///
/// The stores' encoder (``JSONWriter``) escapes each string as it writes it with
/// ``invisible(in:at:)`` and ``appendUnicodeEscape(_:to:)``; text another encoder
/// wrote (`JSONEncoder` for the command line's `--json`, the stores' fallback) goes
/// through ``escapingInvisibles(_:)``, which uses the same two.
///
/// <!-- doc-test: skip `JSONEscaping` is package-level: the kit's modules call it, an app does not -->
/// ```swift
/// JSONEscaping.escapingInvisibles(#"{"title":"a\#u{202E}b"}"#)  // {"title":"a\u202eb"}
/// ```
package enum JSONEscaping {
  /// `json` with its invisible characters escaped; text with none is returned as
  /// it is, without a copy.
  ///
  /// - Parameter json: UTF-8 JSON text, as an encoder wrote it.
  /// - Returns: The same JSON value, escaped.
  package static func escapingInvisibles(_ json: Data) -> Data {
    json.withUnsafeBytes { raw in
      escaped(raw.bindMemory(to: UInt8.self)).map { Data($0) } ?? json
    }
  }

  /// `json` with its invisible characters escaped; text with none is returned as
  /// it is.
  ///
  /// - Parameter json: JSON text, as an encoder wrote it.
  /// - Returns: The same JSON value, escaped.
  package static func escapingInvisibles(_ json: String) -> String {
    var json = json
    let output = json.withUTF8 { utf8 in escaped(utf8) }
    return output.map { String(decoding: $0, as: UTF8.self) } ?? json
  }

  /// The escaped copy of `bytes`, or `nil` when nothing needs escaping.
  private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var output: [UInt8] = []
    var copied = 0
    var index = 0
    while index < bytes.count {
      guard bytes[index] >= JSONByte.delete, let (scalar, length) = invisible(in: bytes, at: index)
      else {
        index += 1
        continue
      }
      if output.isEmpty { output.reserveCapacity(bytes.count + 64) }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
      appendUnicodeEscape(scalar, to: &output)
      index += length
      copied = index
    }
    guard copied > 0 else { return nil }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
    return output
  }

  /// The scalar starting at `index` of UTF-8 text and its length in bytes, when it
  /// is one to escape (DEL or above; the C0 controls are the writer's own).
  static func invisible(in bytes: UnsafeBufferPointer<UInt8>, at index: Int)
    -> (scalar: UInt32, length: Int)?
  {
    let lead = bytes[index]
    let value: UInt32
    let length: Int
    // Every invisible character is below U+10000: one, two or three bytes.
    switch lead {
    case JSONByte.delete:
      (value, length) = (UInt32(lead), 1)
    case 0xC2...0xDF where index + 1 < bytes.count:
      value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
      length = 2
    case 0xE0...0xEF where index + 2 < bytes.count:
      value =
        UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
        | UInt32(bytes[index + 2] & 0x3F)
      length = 3
    default:
      return nil
    }
    guard let scalar = Unicode.Scalar(value), scalar.isEscapedInShownJSON else { return nil }
    return (value, length)
  }

  /// Appends `\uxxxx` for a scalar below U+10000, in lower-case hex, as
  /// `JSONEncoder` writes `\u001b`.
  static func appendUnicodeEscape(_ scalar: UInt32, to output: inout [UInt8]) {
    output.append(JSONByte.backslash)
    output.append(JSONByte.lowerU)
    for shift in stride(from: 12, through: 0, by: -4) {
      output.append(JSONByte.hexDigit(UInt8((scalar >> UInt32(shift)) & 0xF)))
    }
  }
}
