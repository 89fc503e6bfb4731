package import BlueprintSamplesShared
internal import CoreBase

/// One typed setting: its key, type, default and description, and where its value
/// lives in ``SharedSettings``.
///
/// A setting is declared once, in ``Setting/all``; every command, the JSON output,
/// `describe`, import and the interactive editor work from that declaration.
///
/// ```swift
/// Setting(
///   SharedSettings.Key.density, .choice([Density.compact, .regular, .spacious]),
///   default: .regular, summary: "How much space the apps leave between things.",
///   at: \.density)
/// ```
package struct Setting: Sendable, Identifiable, Hashable {
  /// The key in the settings file and on the command line, e.g. `theme.density`.
  package let key: String
  /// One line saying what the setting changes.
  package let summary: String
  /// What kind of value it holds: `text`, `bool`, `choice` or `color`.
  package let kind: SettingKind
  /// The canonical values of a closed type, in display order; empty when open.
  package let choices: [String]
  /// What a valid value looks like, e.g. `one of compact, regular, spacious`.
  package let detail: String
  /// The default in canonical form, or `nil` when the setting has none (unset).
  package let defaultText: String?
  /// The default as it would be stored, or `nil` when there is none.
  package let defaultJSON: JSONValue?

  private let readText: @Sendable (SharedSettings) -> String?
  private let readJSON: @Sendable (SharedSettings) -> JSONValue?
  private let assignText: @Sendable (inout SharedSettings, String) throws(InvalidValue) -> Void
  private let assignJSON:
    @Sendable (inout SharedSettings, JSONValue, _ strict: Bool) throws(InvalidValue) -> Void
  private let clearValue: @Sendable (inout SharedSettings) -> Void

  /// The key, which identifies a setting.
  package var id: String { key }

  /// Whether two settings have the same key.
  package static func == (lhs: Setting, rhs: Setting) -> Bool { lhs.key == rhs.key }

  /// Hashes the key.
  package func hash(into hasher: inout Hasher) { hasher.combine(key) }

  /// Declares a setting.
  ///
  /// - Parameters:
  ///   - key: The key in the settings file, e.g. `appearance`.
  ///   - type: How text becomes a value and back.
  ///   - defaultValue: The value when none is stored; `nil` for "not set".
  ///   - summary: One line saying what the setting changes.
  ///   - keyPath: Where the value lives in ``SharedSettings`` (`nil` = not set).
  package init<Value>(
    _ key: String, _ type: SettingType<Value>, default defaultValue: Value?, summary: String,
    at keyPath: any WritableKeyPath<SharedSettings, Value?> & Sendable
  ) {
    self.key = key
    self.summary = summary
    kind = type.kind
    choices = type.choices
    detail = type.detail
    defaultText = defaultValue.map(type.format)
    defaultJSON = defaultValue.map(type.json)
    readText = { settings in settings[keyPath: keyPath].map(type.format) }
    readJSON = { settings in settings[keyPath: keyPath].map(type.json) }
    assignText = { settings, text throws(InvalidValue) in
      settings[keyPath: keyPath] = try type.parse(text)
    }
    assignJSON = { settings, json, strict throws(InvalidValue) in
      let value = try type.decode(json)
      if strict, type.json(value).kindDescription != json.kindDescription {
        throw InvalidValue(
          reason: "expected \(type.json(value).kindDescription), found \(json.kindDescription)")
      }
      settings[keyPath: keyPath] = value
    }
    clearValue = { settings in settings[keyPath: keyPath] = nil }
  }

  // MARK: - Reading

  /// The stored value in canonical form, or `nil` when it is not set.
  ///
  /// - Parameter settings: The settings.
  /// - Returns: e.g. `dark`.
  package func storedText(in settings: SharedSettings) -> String? { readText(settings) }

  /// The value in effect: the stored one, else the default.
  ///
  /// - Parameter settings: The settings.
  /// - Returns: The canonical text, or `nil` when neither is set.
  package func text(in settings: SharedSettings) -> String? { readText(settings) ?? defaultText }

  /// The value in effect as JSON: a bool for a switch, else a string; `null` when unset.
  ///
  /// - Parameter settings: The settings.
  /// - Returns: The JSON value.
  package func json(in settings: SharedSettings) -> JSONValue {
    readJSON(settings) ?? defaultJSON ?? .null
  }

  /// Whether the value in effect is the default.
  ///
  /// - Parameter settings: The settings.
  /// - Returns: `true` when nothing is stored or the stored value equals the default.
  package func isDefault(in settings: SharedSettings) -> Bool {
    readText(settings).map { $0 == defaultText } ?? true
  }

  // MARK: - Changing

  /// Checks `text` and returns its canonical form, without changing anything.
  ///
  /// - Parameter text: What the user typed.
  /// - Returns: The canonical text, e.g. `#FF0000` for `#f00`.
  /// - Throws: ``SettingError/invalidValue(key:value:reason:choices:)``.
  package func canonicalize(_ text: String) throws(SettingError) -> String {
    var scratch = SharedSettings()
    try assign(text, in: &scratch)
    return readText(scratch) ?? text
  }

  /// Sets the value from typed text.
  ///
  /// - Parameters:
  ///   - text: What the user typed.
  ///   - settings: The settings to change.
  /// - Throws: ``SettingError/invalidValue(key:value:reason:choices:)``; nothing changes.
  package func assign(_ text: String, in settings: inout SharedSettings) throws(SettingError) {
    do {
      try assignText(&settings, text)
    } catch {
      throw .invalidValue(key: key, value: text, reason: error.reason, choices: choices)
    }
  }

  /// Sets the value from the settings file's JSON.
  ///
  /// - Parameters:
  ///   - json: The value in the file.
  ///   - settings: The settings to change.
  ///   - strict: Whether the JSON type must be the stored one (a bool for a switch,
  ///     else a string); files a person wrote may use any text form.
  /// - Throws: ``InvalidValue``.
  package func assign(json: JSONValue, in settings: inout SharedSettings, strict: Bool)
    throws(InvalidValue)
  {
    if json == .null {
      clearValue(&settings)
    } else {
      try assignJSON(&settings, json, strict)
    }
  }

  /// Removes the stored value, so the default applies.
  ///
  /// - Parameter settings: The settings to change.
  package func clear(in settings: inout SharedSettings) { clearValue(&settings) }
}
