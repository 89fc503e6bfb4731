/// The characters that act on text without showing themselves — the one list the
/// kit and the apps consult wherever text from data is escaped, refused or cleaned.
///
/// Written as they are, they let data drive a terminal (controls), reorder what is
/// shown (bidirectional controls), break a line where none shows (separators), or
/// hide text (zero-width characters). Each place decides what to do with each kind:
/// the terminal sanitizer removes controls and bidi controls; JSON output and echoed
/// input write every kind as an escape; a settings text refuses controls and bidi
/// controls but keeps the zero-width joiner that emoji sequences need.
///
/// ```swift
/// Unicode.Scalar(0x202E)?.invisibleKind  // .bidiControl (RIGHT-TO-LEFT OVERRIDE)
/// ("a" as Unicode.Scalar).invisibleKind   // nil
/// ```
public enum InvisibleCharacter: Sendable, Hashable, CaseIterable {
  /// A C0 control (U+0000–U+001F, tab and newline included), DEL or a C1 control
  /// (U+0080–U+009F): can start an escape sequence.
  case control
  /// A bidirectional control — the Unicode `Bidi_Control` set: U+061C, U+200E,
  /// U+200F, U+202A–U+202E, U+2066–U+2069: reorders the text around it.
  case bidiControl
  /// The line and paragraph separators, U+2028 and U+2029.
  case lineSeparator
  /// A zero-width or invisible formatting character: U+200B–U+200D, U+2060–U+2065
  /// and the byte-order mark U+FEFF.
  case zeroWidth
}

extension Unicode.Scalar {
  /// Which kind of invisible character this is, or `nil` for one that shows as itself.
  public var invisibleKind: InvisibleCharacter? {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F: .control
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: .bidiControl
    case 0x2028, 0x2029: .lineSeparator
    case 0x200B...0x200D, 0x2060...0x2065, 0xFEFF: .zeroWidth
    default: nil
    }
  }

  /// Whether JSON meant to be shown writes this scalar as a `\u` escape: every
  /// invisible character except the C0 controls, which JSON escapes anyway (and
  /// whose tab and newline lay out the document between strings).
  public var isEscapedInShownJSON: Bool { value >= 0x7F && invisibleKind != nil }
}

extension InvisibleCharacter {
  /// `text` as it was typed, made safe to show inside a one-line message: every
  /// invisible character written as an escape (`\x01`, `\t`, `\n`, `\u202E`), cut
  /// with `…` after `limit` characters.
  ///
  /// A message must show what was typed, not a cleaned-up version of it: a key
  /// `$'add\x01'` is reported as `'add\x01'`, never as `'add'`. The terminal
  /// shell's `CommandLineEcho.quote(_:limit:)` is this, with a limit for command lines.
  ///
  /// ```swift
  /// InvisibleCharacter.escaping("dark\u{202E}")  // "dark\u202E"
  /// ```
  ///
  /// - Parameters:
  ///   - text: What the user typed or a file held.
  ///   - limit: How many characters to show; a longer text is cut and ends in `…`.
  /// - Returns: One printable line.
  public static func escaping(_ text: String, limit: Int = .max) -> String {
    var result = ""
    var shown = 0
    for character in text {
      guard shown < limit else {
        result += "…"
        break
      }
      shown += 1
      for scalar in character.unicodeScalars {
        result += scalar.escapedInMessages ?? String(scalar)
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// The escape that shows this scalar inside a message (`\t`, `\n`, `\r`, `\x01`,
  /// `\u202E`), or `nil` when it shows as itself.
  public var escapedInMessages: String? {
    switch value {
    case 0x09: return "\\t"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x00...0x1F, 0x7F: return "\\x" + Self.hex(value, digits: 2)
    default: return invisibleKind == nil ? nil : "\\u" + Self.hex(value, digits: 4)
    }
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
