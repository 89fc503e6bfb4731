/// The TEXT value type of iCalendar (RFC 5545 §3.3.11): escaping and lists.
///
/// In a TEXT value a backslash, a semicolon and a comma are escaped with a backslash
/// and a line break is written `\n`; a comma that is not escaped separates the values
/// of a list (as in `CATEGORIES:home,work\, office`).
public enum ICalendarText {
  /// `text` escaped as a TEXT value: `\` → `\\`, `;` → `\;`, `,` → `\,`, a line break
  /// (LF, CRLF or CR) → `\n`.
  public static func escape(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    var previousCR = false
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": output += "\\\\"
      case ";": output += "\\;"
      case ",": output += "\\,"
      case "\r":
        output += "\\n"
        previousCR = true
        continue
      case "\n": if !previousCR { output += "\\n" }
      default: output.unicodeScalars.append(scalar)
      }
      previousCR = false
    }
    return output
  }

  /// A TEXT value unescaped: `\\`, `\;`, `\,`, `\n` and `\N` become `\`, `;`, `,` and a
  /// line feed. Any other backslash (which a careful writer never sends) is kept as is.
  public static func unescape(_ value: String) -> String {
    guard value.utf8.contains(0x5C) else { return value }
    var output = ""
    output.reserveCapacity(value.utf8.count)
    var escaping = false
    for scalar in value.unicodeScalars {
      if escaping {
        switch scalar {
        case "n", "N": output += "\n"
        case "\\", ";", ",": output.unicodeScalars.append(scalar)
        default:
          output += "\\"
          output.unicodeScalars.append(scalar)
        }
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    if escaping { output += "\\" }
    return output
  }

  /// The values of a TEXT list, split at unescaped commas and unescaped. An empty
  /// value gives an empty list.
  public static func list(_ value: String) -> [String] {
    guard !value.isEmpty else { return [] }
    var items: [String] = []
    var current = ""
    var escaping = false
    for scalar in value.unicodeScalars {
      if escaping {
        current.unicodeScalars.append("\\")
        current.unicodeScalars.append(scalar)
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else if scalar == "," {
        items.append(unescape(current))
        current = ""
      } else {
        current.unicodeScalars.append(scalar)
      }
    }
    if escaping { current += "\\" }
    items.append(unescape(current))
    return items
  }

  /// `items` as one TEXT list value: each escaped, joined with commas.
  public static func joinList(_ items: [String]) -> String {
    items.map(escape).joined(separator: ",")
  }
}

extension ICalendarComponent {
  /// The values of every property called `name` as one TEXT list, in order: repeated
  /// properties (`CATEGORIES:a` and `CATEGORIES:b,c`) merge into `[a, b, c]`.
  public func textList(_ name: String) -> [String] {
    properties(name).flatMap { ICalendarText.list($0.value) }
  }
}
