/// Decodes HTML character references: every named one HTML defines, and numeric ones.
package enum HTMLEntities {
  /// The longest reference name HTML defines (`CounterClockwiseContourIntegral`), plus room.
  static let longestName = 32

  /// Every named reference HTML defines, without `&` and `;`, with the text it stands for
  /// (one scalar, or two for a few such as `&NotEqualTilde;`).
  ///
  /// Built once, on first use, from the generated `table` (`HTMLEntityTable.swift`).
  package static let named: [String: String] = {
    var names: [String: String] = [:]
    names.reserveCapacity(2_200)
    for record in table.split(separator: ";") {
      let fields = record.split(whereSeparator: { $0 == " " || $0 == "\n" })
      guard let name = fields.first, fields.count > 1 else { continue }
      var value = String.UnicodeScalarView()
      for hex in fields.dropFirst() {
        guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else { continue }
        value.append(scalar)
      }
      names[String(name)] = String(value)
    }
    return names
  }()

  /// The scalar a numeric reference names, as HTML reads it.
  ///
  /// 128–159 are read as windows-1252 (as browsers do); zero, surrogates and values past
  /// U+10FFFF become U+FFFD.
  ///
  /// - Parameter value: The number after `&#` or `&#x`.
  /// - Returns: The scalar to insert.
  static func scalar(forCodePoint value: UInt32) -> Unicode.Scalar {
    if (0x80...0x9F).contains(value) { return TextEncoding.windows1252Scalar(UInt8(value)) }
    guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
    return scalar
  }

  /// Decodes a numeric reference whose body (between `&` and `;`) is `body`.
  ///
  /// - Parameter body: `#8217`, `#x2019` or `#X2019`.
  /// - Returns: The scalar, or `nil` when `body` is not a numeric reference.
  package static func decodeNumeric<Body: Collection<UInt8>>(_ body: Body) -> Unicode.Scalar? {
    guard body.first == UInt8(ascii: "#") else { return nil }
    var rest = body.dropFirst()
    var radix: UInt32 = 10
    if let marker = rest.first, marker | 0x20 == UInt8(ascii: "x") {
      radix = 16
      rest = rest.dropFirst()
    }
    guard !rest.isEmpty, rest.count <= 8 else { return rest.isEmpty ? nil : "\u{FFFD}" }
    var value: UInt32 = 0
    for byte in rest {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - 87)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - 55)
      default: return nil
      }
      value = value * radix + digit
    }
    return scalar(forCodePoint: value)
  }

  /// Decodes the reference whose body (between `&` and `;`) is `body`.
  ///
  /// - Parameter body: `amp`, `#8217`, `#x2019` and the like.
  /// - Returns: The text it stands for, or `nil` when the reference is unknown.
  package static func decode<Body: Collection<UInt8>>(_ body: Body) -> String? {
    guard let first = body.first else { return nil }
    if first == UInt8(ascii: "#") { return decodeNumeric(body).map { String(Character($0)) } }
    guard body.count <= longestName else { return nil }
    return named[String(decoding: body, as: UTF8.self)]
  }

  /// Replaces every reference it knows in `text`; unknown ones stay as written.
  ///
  /// - Parameter text: Text that may contain `&…;` references.
  /// - Returns: The decoded text.
  package static func decodeAll(in text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    let bytes = Array(text.utf8)
    // A bare `&` ("Tom & Jerry") is common and decodes to itself: keep the string as is.
    guard
      let first = bytes.indices.first(where: {
        bytes[$0] == UInt8(ascii: "&") && reference(in: bytes, at: $0) != nil
      })
    else { return text }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    output.append(contentsOf: bytes[..<first])
    var index = first
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "&"), let (value, end) = reference(in: bytes, at: index) {
        output.append(contentsOf: value.utf8)
        index = end
      } else {
        output.append(byte)
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Reads a reference starting at the `&` at `start`.
  ///
  /// - Parameters:
  ///   - bytes: The text.
  ///   - start: The index of `&`.
  /// - Returns: The decoded text and the index after `;`, or `nil`.
  package static func reference(in bytes: [UInt8], at start: Int) -> (String, Int)? {
    var end = start + 1
    let limit = min(bytes.count, start + longestName + 2)
    while end < limit, bytes[end] != UInt8(ascii: ";") {
      let byte = bytes[end]
      guard isAlphanumeric(byte) || byte == UInt8(ascii: "#") else { return nil }
      end += 1
    }
    guard end < limit, end > start + 1, let value = decode(bytes[(start + 1)..<end])
    else { return nil }
    return (value, end + 1)
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 97 < 26 || byte &- 48 < 10
  }
}
