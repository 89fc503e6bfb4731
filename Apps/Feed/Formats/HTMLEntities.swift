/// Decodes HTML character references: the common named ones and numeric ones.
package enum HTMLEntities {
  /// The named references feeds use, without `&` and `;`.
  package static let named: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    "hellip": "\u{2026}", "mdash": "\u{2014}", "ndash": "\u{2013}", "lsquo": "\u{2018}",
    "rsquo": "\u{2019}", "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
    "bdquo": "\u{201E}", "laquo": "\u{AB}", "raquo": "\u{BB}", "lsaquo": "\u{2039}",
    "rsaquo": "\u{203A}", "bull": "\u{2022}", "middot": "\u{B7}", "copy": "\u{A9}",
    "reg": "\u{AE}", "trade": "\u{2122}", "deg": "\u{B0}", "times": "\u{D7}",
    "divide": "\u{F7}", "plusmn": "\u{B1}", "minus": "\u{2212}", "euro": "\u{20AC}",
    "pound": "\u{A3}", "yen": "\u{A5}", "cent": "\u{A2}", "curren": "\u{A4}", "sect": "\u{A7}",
    "para": "\u{B6}", "dagger": "\u{2020}", "Dagger": "\u{2021}", "permil": "\u{2030}",
    "prime": "\u{2032}", "Prime": "\u{2033}", "frac12": "\u{BD}", "frac14": "\u{BC}",
    "frac34": "\u{BE}", "sup1": "\u{B9}", "sup2": "\u{B2}", "sup3": "\u{B3}",
    "iexcl": "\u{A1}", "iquest": "\u{BF}", "shy": "\u{AD}", "acute": "\u{B4}",
    "uml": "\u{A8}", "cedil": "\u{B8}", "macr": "\u{AF}", "ordf": "\u{AA}", "ordm": "\u{BA}",
    "not": "\u{AC}", "brvbar": "\u{A6}", "micro": "\u{B5}", "ensp": "\u{2002}",
    "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwnj": "\u{200C}", "zwj": "\u{200D}",
    "lrm": "\u{200E}", "rlm": "\u{200F}", "larr": "\u{2190}", "rarr": "\u{2192}",
    "uarr": "\u{2191}", "darr": "\u{2193}", "harr": "\u{2194}", "hearts": "\u{2665}",
    "infin": "\u{221E}", "ne": "\u{2260}", "le": "\u{2264}", "ge": "\u{2265}",
    "asymp": "\u{2248}", "alpha": "\u{3B1}", "beta": "\u{3B2}", "gamma": "\u{3B3}",
    "delta": "\u{3B4}", "pi": "\u{3C0}", "mu": "\u{3BC}", "sigma": "\u{3C3}",
    "omega": "\u{3C9}", "Omega": "\u{3A9}", "szlig": "\u{DF}", "circ": "\u{2C6}",
    "tilde": "\u{2DC}", "oelig": "\u{153}", "OElig": "\u{152}", "scaron": "\u{161}",
    "Scaron": "\u{160}", "yuml": "\u{FF}", "Yuml": "\u{178}", "fnof": "\u{192}",
    "agrave": "\u{E0}", "aacute": "\u{E1}", "acirc": "\u{E2}", "atilde": "\u{E3}",
    "auml": "\u{E4}", "aring": "\u{E5}", "aelig": "\u{E6}", "ccedil": "\u{E7}",
    "egrave": "\u{E8}", "eacute": "\u{E9}", "ecirc": "\u{EA}", "euml": "\u{EB}",
    "igrave": "\u{EC}", "iacute": "\u{ED}", "icirc": "\u{EE}", "iuml": "\u{EF}",
    "eth": "\u{F0}", "ntilde": "\u{F1}", "ograve": "\u{F2}", "oacute": "\u{F3}",
    "ocirc": "\u{F4}", "otilde": "\u{F5}", "ouml": "\u{F6}", "oslash": "\u{F8}",
    "ugrave": "\u{F9}", "uacute": "\u{FA}", "ucirc": "\u{FB}", "uuml": "\u{FC}",
    "yacute": "\u{FD}", "thorn": "\u{FE}", "Agrave": "\u{C0}", "Aacute": "\u{C1}",
    "Acirc": "\u{C2}", "Atilde": "\u{C3}", "Auml": "\u{C4}", "Aring": "\u{C5}",
    "AElig": "\u{C6}", "Ccedil": "\u{C7}", "Egrave": "\u{C8}", "Eacute": "\u{C9}",
    "Ecirc": "\u{CA}", "Euml": "\u{CB}", "Igrave": "\u{CC}", "Iacute": "\u{CD}",
    "Icirc": "\u{CE}", "Iuml": "\u{CF}", "ETH": "\u{D0}", "Ntilde": "\u{D1}",
    "Ograve": "\u{D2}", "Oacute": "\u{D3}", "Ocirc": "\u{D4}", "Otilde": "\u{D5}",
    "Ouml": "\u{D6}", "Oslash": "\u{D8}", "Ugrave": "\u{D9}", "Uacute": "\u{DA}",
    "Ucirc": "\u{DB}", "Uuml": "\u{DC}", "Yacute": "\u{DD}", "THORN": "\u{DE}",
  ]

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

  /// Decodes the reference whose body (between `&` and `;`) is `body`.
  ///
  /// - Parameter body: `amp`, `#8217`, `#x2019` and the like.
  /// - Returns: The scalar, or `nil` when the reference is unknown.
  package static func decode<Body: Collection<UInt8>>(_ body: Body) -> Unicode.Scalar? {
    guard let first = body.first else { return nil }
    if first == UInt8(ascii: "#") {
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
    guard body.count <= 10 else { return nil }
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
      if byte == UInt8(ascii: "&"), let (scalar, end) = reference(in: bytes, at: index) {
        output.append(contentsOf: String(Character(scalar)).utf8)
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
  /// - Returns: The decoded scalar and the index after `;`, or `nil`.
  package static func reference(in bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
    var end = start + 1
    let limit = min(bytes.count, start + 12)
    while end < limit, bytes[end] != UInt8(ascii: ";") {
      let byte = bytes[end]
      guard isAlphanumeric(byte) || byte == UInt8(ascii: "#") else { return nil }
      end += 1
    }
    guard end < limit, end > start + 1, let scalar = decode(bytes[(start + 1)..<end])
    else { return nil }
    return (scalar, end + 1)
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 97 < 26 || byte &- 48 < 10
  }
}
