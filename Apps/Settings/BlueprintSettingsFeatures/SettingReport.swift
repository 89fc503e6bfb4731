internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// One setting as `list`, `get` and `describe` print it with `--json`.
struct SettingReport: Encodable, Equatable {
  /// The key.
  var key: String
  /// `text`, `bool`, `choice` or `color`.
  var type: SettingKind
  /// What the setting changes.
  var summary: String
  /// The allowed values of a choice or bool; empty otherwise.
  var choices: [String]
  /// The value in effect (a bool for `bool`, else a string; null when unset).
  var value: JSONValue
  /// The default (null when there is none).
  var defaultValue: JSONValue
  /// Whether the value in effect is the default.
  var isDefault: Bool

  private enum CodingKeys: String, CodingKey {
    case key, type, summary, choices, value, isDefault
    case defaultValue = "default"
  }

  /// The report of `setting` in `settings`.
  init(_ setting: Setting, in settings: SharedSettings) {
    key = setting.key
    type = setting.kind
    summary = setting.summary
    choices = setting.choices
    value = setting.json(in: settings)
    defaultValue = setting.defaultJSON ?? .null
    isDefault = setting.isDefault(in: settings)
  }
}

/// `value` as one pretty-printed JSON document with sorted keys, invisible
/// characters escaped, ending in a newline.
///
/// - Parameter value: What to encode.
/// - Returns: The JSON text.
/// - Throws: `EncodingError`.
func jsonText(_ value: some Encodable) throws -> String {
  try CommandLineJSON.encode(value)
}
