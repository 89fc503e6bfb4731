extension JSONWriter {
  /// A floating-point value JSON cannot hold; the container that wrote it turns it
  /// into `JSONEncoder`'s `EncodingError.invalidValue` with its coding path.
  struct NonFinite: Error {
    let value: any Sendable
    let typeName: String

    func encodingError(codingPath: [any CodingKey]) -> EncodingError {
      EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath,
          debugDescription: "Unable to encode \(typeName).\(value) directly in JSON."))
    }
  }

  func writeNull() {
    writeASCII("null")
  }

  func writeBool(_ value: Bool) {
    writeASCII(value ? "true" : "false")
  }

  /// Writes a literal's bytes, without an intermediate array.
  private func writeASCII(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Writes the decimal digits of `value`, as `description` spells them.
  func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
    if Integer.bitWidth > 64 {
      bytes.append(contentsOf: value.description.utf8)
      return
    }
    if value < 0 { bytes.append(JSONByte.minus) }
    var magnitude = UInt64(truncatingIfNeeded: value.magnitude)
    var digits = 1
    var limit: UInt64 = 10
    while digits < 20, magnitude >= limit {
      digits += 1
      limit &*= 10
    }
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(JSONByte.zero, count: digits))
    bytes.withUnsafeMutableBufferPointer { text in
      var index = start + digits - 1
      repeat {
        text[index] = JSONByte.zero + UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
        index -= 1
      } while magnitude > 0
    }
  }

  /// Writes `value` as `JSONEncoder` does: its `description` without a trailing `.0`.
  ///
  /// - Throws: ``NonFinite`` for infinities and NaN.
  func writeFloat<Value: BinaryFloatingPoint & LosslessStringConvertible & Sendable>(
    _ value: Value
  ) throws(NonFinite) {
    guard value.isFinite else { throw NonFinite(value: value, typeName: "\(Value.self)") }
    let text = value.description
    let utf8 = text.utf8
    if text.hasSuffix(".0") {
      bytes.append(contentsOf: utf8.prefix(utf8.count - 2))
    } else {
      bytes.append(contentsOf: utf8)
    }
  }

  /// Writes `text` as a JSON number, as it is (`Decimal`'s description).
  func writeNumber(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Writes `string` quoted and escaped: `"` and `\` and the C0 controls as
  /// `JSONEncoder` escapes them (`\b \t \n \f \r`, else `\u00xx`), `/` as it is, and
  /// every other invisible character (`Unicode.Scalar.isEscapedInShownJSON`: DEL, C1
  /// controls, bidi controls, zero-width characters, U+2028/2029) as `\uxxxx` in
  /// lower-case hex, so that the text shows what it holds.
  ///
  /// - Returns: Whether the string is plain: printable ASCII, written as it is.
  @discardableResult
  func writeString(_ string: String) -> Bool {
    var string = string
    return string.withUTF8 { writeString(utf8: $0) }
  }

  private func writeString(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.append(JSONByte.quote)
    var isPlain = true
    var copied = 0
    var index = 0
    while index < text.count {
      let byte = text[index]
      if byte >= JSONByte.firstPrintable, byte < JSONByte.delete, byte != JSONByte.quote,
        byte != JSONByte.backslash
      {
        index += 1
        continue
      }
      isPlain = false
      var length = 1
      var escape = UInt32(byte)
      if byte > JSONByte.delete {
        guard let (scalar, scalarLength) = JSONEscaping.invisible(in: text, at: index) else {
          index += 1
          continue
        }
        (escape, length) = (scalar, scalarLength)
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<index]))
      writeEscape(escape)
      index += length
      copied = index
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
    bytes.append(JSONByte.quote)
    return isPlain
  }

  /// Writes the escape of an ASCII byte or an invisible scalar.
  private func writeEscape(_ scalar: UInt32) {
    let short: UInt8? =
      switch scalar {
      case UInt32(JSONByte.quote): JSONByte.quote
      case UInt32(JSONByte.backslash): JSONByte.backslash
      case UInt32(JSONByte.backspace): JSONByte.lowerB
      case UInt32(JSONByte.tab): JSONByte.lowerT
      case UInt32(JSONByte.newline): JSONByte.lowerN
      case UInt32(JSONByte.formFeed): JSONByte.lowerF
      case UInt32(JSONByte.carriageReturn): JSONByte.lowerR
      default: nil
      }
    guard let short else {
      JSONEscaping.appendUnicodeEscape(scalar, to: &bytes)
      return
    }
    bytes.append(JSONByte.backslash)
    bytes.append(short)
  }
}
