import Core

/// Shows text the user typed (an argument, a key, a path) inside a message.
///
/// Messages must show what was typed, not a cleaned-up version of it: an argument
/// `$'add\x01'` is reported as `unknown command 'add\x01'`, never as `'add'`, which
/// would look like a valid command. Every invisible character (Core's
/// `InvisibleCharacter`: controls, bidi controls, separators, zero-width characters)
/// is written as an escape (`\x01`, `\n`, `\u202E`), so the message can
/// neither drive the terminal nor reorder itself, and a very long text is cut.
///
/// ```swift
/// throw AppError("unknown command '\(CommandLineEcho.quote(word))'")
/// ```
public enum CommandLineEcho {
  /// How many characters of an echoed text are shown before it is cut with `…`.
  public static let defaultLimit = 60

  /// `text` with invisible and controlling characters escaped, cut after `limit`
  /// characters.
  ///
  /// - Parameters:
  ///   - text: What the user typed or a file held.
  ///   - limit: How many characters to show; a longer text is cut and ends in `…`.
  /// - Returns: One printable line.
  public static func quote(_ text: String, limit: Int = defaultLimit) -> String {
    var result = ""
    var shown = 0
    for character in text {
      guard shown < limit else {
        result += "…"
        break
      }
      shown += 1
      for scalar in character.unicodeScalars {
        result += escaped(scalar) ?? String(scalar)
      }
    }
    return result
  }

  /// The escape for a scalar that must not be written as it is (Core's
  /// `InvisibleCharacter` list), or nil.
  static func escaped(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x09: return "\\t"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x00...0x1F, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
    default: return scalar.invisibleKind == nil ? nil : "\\u" + hex(scalar.value, digits: 4)
    }
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
