internal import CoreBase
internal import Foundation

/// What kind of value a setting holds, and how text becomes that value and back.
///
/// A type parses what a person types (leniently: `yes`, ` Dark `, `#f00`), and
/// formats the value in its one canonical form (`true`, `dark`, `#FF0000`), which
/// is what the settings file stores. Parsing a formatted value gives the same value.
package struct SettingType<Value: Sendable>: Sendable {
  /// What kind of value it is; its raw value names it in `describe` and `--json`.
  package let kind: SettingKind
  /// The canonical values a closed type accepts, in display order; empty when open.
  package let choices: [String]
  /// What a valid value looks like, for `describe`.
  package let detail: String
  /// Turns typed text into a value.
  package let parse: @Sendable (String) throws(InvalidValue) -> Value
  /// The canonical text of a value.
  package let format: @Sendable (Value) -> String
  /// How the value is stored in the settings file's JSON.
  package let json: @Sendable (Value) -> JSONValue

  /// Reads a value from the settings file's JSON: a string in any form ``parse``
  /// accepts, or the JSON form ``json`` writes.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The value.
  /// - Throws: ``InvalidValue`` when the value has the wrong JSON type or text.
  package func decode(_ value: JSONValue) throws(InvalidValue) -> Value {
    switch value {
    case .string(let text):
      return try parse(text)
    case .bool(let flag) where kind == .bool:
      return try parse(flag ? "true" : "false")
    default:
      throw InvalidValue(reason: "expected \(kind == .bool ? "true or false" : "a string")")
    }
  }
}

/// The kinds of setting: each has its own editor in the interactive UI.
package enum SettingKind: String, Sendable, Hashable, Encodable {
  /// Free text (a text field).
  case text
  /// On or off (space toggles it).
  case bool
  /// One of a few words (a picker).
  case choice
  /// A color token (a text field with a live swatch).
  case color
}

/// Why a text is not a valid value; ``reason`` is one line, without the key.
package struct InvalidValue: Error, Hashable {
  /// What is wrong, e.g. `'dim' is not one of system, light, dark`.
  package var reason: String
}

// MARK: - The types

extension SettingType where Value == String {
  /// Text of a bounded length, surrounding spaces trimmed, without control
  /// characters, bidi overrides or bytes that were not valid UTF-8.
  ///
  /// - Parameter length: How many characters are allowed.
  /// - Returns: The type.
  static func text(length: ClosedRange<Int>) -> SettingType {
    SettingType(
      kind: .text, choices: [],
      detail: "text, \(length.lowerBound)–\(length.upperBound) characters, no control characters",
      parse: { input throws(InvalidValue) in
        let text = input.trimmingCharacters(in: .whitespaces)
        if let scalar = text.unicodeScalars.first(where: SettingType.isForbidden) {
          let name =
            scalar == "\u{FFFD}"
            ? "bytes that are not valid UTF-8"
            : String(format: "the control character U+%04X", scalar.value)
          throw InvalidValue(reason: "'\(visible(text))' contains \(name)")
        }
        guard length.contains(text.count) else {
          throw InvalidValue(
            reason:
              "'\(visible(input))' has \(text.count) characters\(text == input ? "" : " once trimmed"); expected \(length.lowerBound)–\(length.upperBound)"
          )
        }
        return text
      },
      format: { $0 },
      json: { .string($0) })
  }

  /// Controls and bidi controls (Core's `InvisibleCharacter`), and U+FFFD; zero-width
  /// characters stay allowed (emoji sequences join with U+200D).
  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.invisibleKind {
    case .control, .bidiControl: true
    default: scalar == "\u{FFFD}"
    }
  }
}

extension SettingType where Value == Bool {
  /// A switch: accepts true/false, yes/no, on/off, 1/0 in any case; stored as a JSON bool.
  static var bool: SettingType {
    SettingType(
      kind: .bool, choices: ["true", "false"],
      detail: "bool (true/false, yes/no, on/off, 1/0)",
      parse: { input throws(InvalidValue) in
        switch input.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default:
          throw InvalidValue(
            reason: "'\(visible(input))' is not one of true, false, yes, no, on, off, 1, 0")
        }
      },
      format: { $0 ? "true" : "false" },
      json: { .bool($0) })
  }
}

extension SettingType where Value: RawRepresentable<String> {
  /// One of a fixed list of words, matched in any case.
  ///
  /// - Parameter cases: The allowed values, in the order help and pickers show them.
  /// - Returns: The type.
  static func choice(_ cases: [Value]) -> SettingType {
    let names = cases.map(\.rawValue)
    return SettingType(
      kind: .choice, choices: names, detail: "one of \(names.joined(separator: ", "))",
      parse: { input throws(InvalidValue) in
        let word = input.trimmingCharacters(in: .whitespaces).lowercased()
        guard let value = cases.first(where: { $0.rawValue == word }) else {
          throw InvalidValue(
            reason: "'\(visible(input))' is not one of \(names.joined(separator: ", "))")
        }
        return value
      },
      format: { $0.rawValue },
      json: { .string($0.rawValue) })
  }
}

extension SettingType where Value == ColorToken {
  /// A color token: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, or a `LIGHT/DARK` pair;
  /// stored upper case, as one color when both halves are equal.
  static var color: SettingType {
    SettingType(
      kind: .color, choices: [],
      detail: "color: #RGB, #RGBA, #RRGGBB, #RRGGBBAA, or LIGHT/DARK such as #5E5CE6/#7D7AFF",
      parse: { input throws(InvalidValue) in
        let text = input.trimmingCharacters(in: .whitespaces)
        // Core's message quotes the whole input: keep a pasted essay out of it.
        guard text.count <= 64 else {
          throw InvalidValue(reason: "'\(visible(text))' is too long to be a color")
        }
        do throws(ColorParseError) {
          return try ColorToken(parsing: text)
        } catch {
          throw InvalidValue(reason: visible(error.message, limit: nil))
        }
      },
      format: { $0.hex },
      json: { .string($0.hex) })
  }
}

/// `text` as the user typed it, for error messages: control characters, C1
/// controls and bidi overrides escaped (`\x01`, `\u202E`), cut with `…` after
/// `limit` characters, so an error stays one short line.
///
/// - Parameters:
///   - text: Text that came from the user or a file.
///   - limit: How many characters to keep; `nil` keeps them all.
/// - Returns: The text, safe and readable on one line.
package func visible(_ text: String, limit: Int? = 40) -> String {
  InvisibleCharacter.escaping(text, limit: limit ?? Int.max)
}
