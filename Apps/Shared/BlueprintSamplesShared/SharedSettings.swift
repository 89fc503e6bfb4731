package import CoreBase
package import Foundation

/// The preferences the three samples (todo, feed, settings) share, as the settings
/// editor stores them. They are the samples' feature, not the kit's: the kit reads no
/// preferences file, and an app of its own family has none of these.
///
/// They live in one human-readable file, `settings.json`, in the samples' config
/// folder (`$XDG_CONFIG_HOME/blueprint/`), as a flat JSON object whose keys are the
/// settings editor's keys. A key that is absent has its default; unknown keys are
/// ignored, so a file written by a newer version still loads.
///
/// ```json
/// {
///   "appearance" : "dark",
///   "theme.accent" : "#5E5CE6/#7D7AFF",
///   "theme.density" : "compact"
/// }
/// ```
///
/// Apps read it once per command to pick their theme, with
/// ``load(for:)`` (which warns about values it cannot use) and
/// `CommandContext.styled(by:)`:
///
/// ```swift
/// let settings = SharedSettings.load(for: context)
/// let context = context.styled(by: settings)
/// ```
package struct SharedSettings: Sendable, Hashable {
  /// The store key of the settings file (`settings.json`).
  package static let storeKey = "settings"

  /// The name the apps greet the user with; `nil` when not set.
  package var displayName: String?
  /// Whether notifications are on; `nil` means the default (on).
  package var notifications: Bool?
  /// Light, dark or follow the terminal; `nil` means ``Appearance/system``.
  package var appearance: Appearance?
  /// Palette colors that replace the default theme's.
  package var palette: [Palette.Role: ColorToken]
  /// The spacing density; `nil` means ``Density/regular``.
  package var density: Density?

  /// Creates settings; every argument defaults to "not set".
  ///
  /// - Parameters:
  ///   - displayName: The user's name.
  ///   - notifications: Whether notifications are on.
  ///   - appearance: Light, dark or system.
  ///   - palette: Palette overrides by role.
  ///   - density: The spacing density.
  package init(
    displayName: String? = nil,
    notifications: Bool? = nil,
    appearance: Appearance? = nil,
    palette: [Palette.Role: ColorToken] = [:],
    density: Density? = nil
  ) {
    self.displayName = displayName
    self.notifications = notifications
    self.appearance = appearance
    self.palette = palette
    self.density = density
  }

  /// The default theme with this file's palette and density applied.
  package var theme: Theme {
    var palette = Theme.default.palette
    for (role, token) in self.palette { palette[role] = token }
    return Theme(palette: palette, density: density ?? .regular)
  }

  /// The file store of the shared config folder.
  ///
  /// - Parameter directories: Where the XDG folders are, for the samples' family.
  /// - Returns: A store over `$XDG_CONFIG_HOME/blueprint/`.
  package static func makeStore(_ directories: XDGDirectories) -> FileKeyValueStore {
    FileKeyValueStore(directory: directories.config)
  }

  /// Reads the settings from `store`; no file means all defaults.
  ///
  /// - Parameter store: The shared config store.
  /// - Returns: The stored settings.
  /// - Throws: ``PersistenceError/corrupted(key:path:underlying:)`` when the file is
  ///   not a valid settings object (the file is left as it is).
  package static func load(from store: some KeyValueStore) throws -> SharedSettings {
    try store.value(SharedSettings.self, forKey: storeKey) ?? SharedSettings()
  }

  /// The command of the app that edits these settings, for hints such as
  /// `run 'settings reset appearance'`.
  package static let editorCommand = "settings"

  /// A value in the settings file that this version cannot use; the setting keeps
  /// its default.
  package struct InvalidValue: Sendable, Hashable {
    /// The key, e.g. `appearance`.
    package var key: String
    /// The value as the file holds it, in JSON, e.g. `"dim"`.
    package var value: String
    /// What would be valid, e.g. `one of system, light, dark`.
    package var expected: String
  }

  /// Reads settings from the settings file's bytes, skipping values that are not
  /// valid, so one bad value does not cost the user every other setting.
  ///
  /// - Parameter data: The file's bytes.
  /// - Returns: The settings with every valid value, and the values that were skipped.
  /// - Throws: The `JSONSerialization` error when the bytes are not JSON, or
  ///   `DecodingError` when they are not a JSON object.
  package static func decodeSkippingInvalidValues(_ data: Data) throws -> (
    settings: SharedSettings, invalid: [InvalidValue]
  ) {
    let parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    guard let object = parsed as? [String: Any] else {
      throw DecodingError.typeMismatch(
        [String: Any].self,
        DecodingError.Context(codingPath: [], debugDescription: "expected a JSON object"))
    }
    var valid: [String: Any] = [:]
    var invalid: [InvalidValue] = []
    for key in object.keys.sorted() {
      guard let value = object[key] else { continue }
      let single = try JSONSerialization.data(withJSONObject: [key: value])
      if key == Key.displayName, let name = value as? String, !isValidDisplayName(name) {
        let text = try JSONSerialization.data(
          withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        invalid.append(
          InvalidValue(
            key: key, value: String(decoding: text, as: UTF8.self),
            expected: "text of \(displayNameLength.lowerBound)–\(displayNameLength.upperBound) "
              + "characters, no control characters"))
      } else if (try? JSONDecoder().decode(SharedSettings.self, from: single)) != nil {
        valid[key] = value
      } else {
        let text = try JSONSerialization.data(
          withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        invalid.append(
          InvalidValue(
            key: key, value: String(decoding: text, as: UTF8.self), expected: expected(for: key)))
      }
    }
    let settings = try JSONDecoder().decode(
      SharedSettings.self, from: JSONSerialization.data(withJSONObject: valid))
    return (settings, invalid)
  }

  /// How many characters a display name has, once trimmed: what `settings` accepts.
  package static let displayNameLength = 1...64

  /// Whether `name` is a display name `settings` would accept: 1 to 64 characters
  /// once spaces are trimmed, no control or bidirectional control characters.
  package static func isValidDisplayName(_ name: String) -> Bool {
    let text = name.trimmingCharacters(in: .whitespaces)
    return displayNameLength.contains(text.count)
      && !text.unicodeScalars.contains { scalar in
        switch scalar.invisibleKind {
        case .control, .bidiControl: true
        default: scalar == "\u{FFFD}"
        }
      }
  }

  /// The first key the settings file's bytes hold twice, and the line of its second
  /// appearance; `nil` when there is none (or the bytes are not JSON at all).
  ///
  /// `settings` refuses such a file; the other samples read it (the last value
  /// counts) and warn.
  package static func repeatedKey(in data: Data) -> (key: String, line: Int)? {
    do {
      try StrictJSON.check(data)
      return nil
    } catch {
      return error.repeatedKey.map { ($0, error.line) }
    }
  }

  /// What a valid value of `key` looks like.
  static func expected(for key: String) -> String {
    switch key {
    case Key.displayName: "text"
    case Key.notifications: "true or false"
    case Key.appearance: "one of " + Appearance.allCases.map(\.rawValue).joined(separator: ", ")
    case Key.density: "one of " + Density.allCases.map(\.rawValue).joined(separator: ", ")
    default: "a color: #RGB, #RGBA, #RRGGBB, #RRGGBBAA or LIGHT/DARK"
    }
  }
}

// MARK: - Coding

extension SharedSettings: Codable {
  /// The flat keys of the settings file.
  package enum Key {
    /// `displayName`
    package static let displayName = "displayName"
    /// `notifications`
    package static let notifications = "notifications"
    /// `appearance`
    package static let appearance = "appearance"
    /// `theme.density`
    package static let density = "theme.density"

    /// The key of a palette role: `theme.accent` for the accent, else
    /// `theme.palette.ROLE`.
    ///
    /// - Parameter role: A palette role.
    /// - Returns: The role's key in the settings file.
    package static func palette(_ role: Palette.Role) -> String {
      role == .accent ? "theme.accent" : "theme.palette.\(role.rawValue)"
    }
  }

  private struct FlatKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Decodes the flat settings object; unknown keys are ignored.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` naming the key whose value is invalid.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FlatKey.self)
    self.init()
    displayName = try container.decodeIfPresent(String.self, forKey: FlatKey(Key.displayName))
    notifications = try container.decodeIfPresent(Bool.self, forKey: FlatKey(Key.notifications))
    appearance = try container.decodeIfPresent(Appearance.self, forKey: FlatKey(Key.appearance))
    density = try container.decodeIfPresent(Density.self, forKey: FlatKey(Key.density))
    for role in Palette.Role.allCases {
      let key = FlatKey(Key.palette(role))
      guard let text = try container.decodeIfPresent(String.self, forKey: key) else { continue }
      do {
        palette[role] = try ColorToken(parsing: text)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: error.description)
      }
    }
  }

  /// Encodes the flat settings object; unset settings are left out.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FlatKey.self)
    try container.encodeIfPresent(displayName, forKey: FlatKey(Key.displayName))
    try container.encodeIfPresent(notifications, forKey: FlatKey(Key.notifications))
    try container.encodeIfPresent(appearance, forKey: FlatKey(Key.appearance))
    try container.encodeIfPresent(density, forKey: FlatKey(Key.density))
    for (role, token) in palette {
      try container.encode(token.hex, forKey: FlatKey(Key.palette(role)))
    }
  }
}
