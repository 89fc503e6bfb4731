/// Escaping between plain text and HTML.
enum HTMLEscaping {
  /// Escapes `&`, `<`, `>` (and `"` when asked).
  ///
  /// - Parameters:
  ///   - text: Plain text.
  ///   - quotes: Whether to escape `"` too, for attribute values.
  /// - Returns: HTML that reads as `text`.
  static func escape(_ text: String, quotes: Bool) -> String {
    guard
      text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quotes && $0 == 0x22) }
      )
    else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }

  /// HTML for plain text: escaped, with its line breaks kept as `<br>`.
  ///
  /// - Parameter text: Plain text.
  /// - Returns: HTML that renders as the same lines.
  static func htmlFromPlainText(_ text: String) -> String {
    let escaped = escape(text, quotes: false)
    guard escaped.contains("\n") else { return escaped }
    return escaped.split(separator: "\n", omittingEmptySubsequences: false).joined(
      separator: "<br>\n")
  }
}

/// A 64-bit FNV-1a hash, stable across processes (unlike `Hasher`, which is seeded).
enum StableHash {
  /// The hash of the UTF-8 bytes of `parts`, each followed by a unit separator, as 16 hex digits.
  ///
  /// - Parameter parts: The strings to hash.
  /// - Returns: 16 lowercase hexadecimal digits.
  static func fnv1a(_ parts: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for part in parts {
      for byte in part.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      hash ^= 0x1F
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
