import Foundation

extension StoreCoding {
  /// JSON text with every invisible character but the C0 controls (which JSON
  /// escapes anyway) written as a `\u` escape: the scalars for which Core's
  /// `Unicode.Scalar.isEscapedInShownJSON` holds.
  ///
  /// `JSONEncoder` writes C1 controls, bidirectional controls, zero-width
  /// characters and line separators as they are; a stored file shown with `cat` or
  /// opened in an editor would then obey or hide them. Outside strings JSON text
  /// is ASCII, so every such character is in a string, where the escape means the
  /// same. Text with no byte above 0x7E is returned as it is, without a copy.
  ///
  /// - Parameter json: UTF-8 JSON text, as an encoder wrote it.
  /// - Returns: The same JSON value, escaped.
  static func escapingInvisibles(_ json: Data) -> Data {
    json.withUnsafeBytes { raw -> Data in
      let bytes = raw.bindMemory(to: UInt8.self)
      var output: [UInt8] = []
      var copied = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        guard byte >= 0x7F, let (scalar, length) = invisible(in: bytes, at: index) else {
          index += 1
          continue
        }
        if output.isEmpty { output.reserveCapacity(bytes.count + 64) }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
        appendEscape(scalar, to: &output)
        index += length
        copied = index
      }
      guard copied > 0 else { return json }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
      return Data(output)
    }
  }

  /// The scalar starting at `index` and its length in bytes, when it is one to escape
  /// (also what ``StoreJSONEncoder`` escapes as it writes).
  static func invisible(in bytes: UnsafeBufferPointer<UInt8>, at index: Int)
    -> (UInt32, Int)?
  {
    let lead = bytes[index]
    let value: UInt32
    let length: Int
    switch lead {
    case 0x7F:
      (value, length) = (0x7F, 1)
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

  /// Appends `\uxxxx` in lower-case hex, as `JSONEncoder` writes `\u001b`.
  private static func appendEscape(_ scalar: UInt32, to output: inout [UInt8]) {
    output.append(0x5C)
    output.append(0x75)
    for shift in stride(from: 12, through: 0, by: -4) {
      let digit = UInt8((scalar >> UInt32(shift)) & 0xF)
      output.append(digit < 10 ? 0x30 + digit : 0x61 + digit - 10)
    }
  }
}
