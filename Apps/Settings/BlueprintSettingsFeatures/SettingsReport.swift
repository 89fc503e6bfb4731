internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// The list of settings: `list`, `get` and `describe` as plain text and JSON.
enum SettingsList {
  /// One setting as `list`, `get` and `describe` print it with `--json`.
  struct Report: Encodable, Equatable {
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

  /// The `list --json` document.
  struct Listing: Encodable {
    /// The settings file's path.
    var path: String
    /// Every setting, in registry order.
    var settings: [Report]
  }

  // MARK: - Commands

  /// `settings list [--json]`.
  static func list(_ file: SettingsFile, json: Bool, in context: CommandContext) throws {
    let settings = try file.load().settings
    if json {
      let reports = Setting.all.map { Report($0, in: settings) }
      context.write(try jsonText(Listing(path: file.path, settings: reports)))
    } else {
      context.write(
        listText(settings, capability: context.colorCapability, environment: context.environment))
    }
  }

  /// `settings get KEY [--json]`: the value alone, or its report.
  static func get(
    _ setting: Setting, from file: SettingsFile, json: Bool, in context: CommandContext
  ) throws {
    let settings = try file.load().settings
    if json {
      context.write(try jsonText(Report(setting, in: settings)))
    } else {
      context.write((setting.text(in: settings) ?? "").terminalSafe + "\n")
    }
  }

  /// `settings describe KEY [--json]`: type, allowed values, default, current value.
  static func describe(
    _ setting: Setting, from file: SettingsFile, json: Bool, in context: CommandContext
  ) throws {
    let settings = try file.load().settings
    if json {
      context.write(try jsonText(Report(setting, in: settings)))
      return
    }
    var lines = ["\(setting.key) — \(setting.summary)"]
    lines.append("  type:    \(setting.detail)")
    lines.append("  default: \(setting.defaultText ?? "(not set)")")
    let current = setting.text(in: settings).map(\.terminalSafe) ?? "(not set)"
    lines.append("  current: \(current)\(setting.isDefault(in: settings) ? "" : " (changed)")")
    context.write(lines.joined(separator: "\n") + "\n")
  }

  // MARK: - Text

  /// The plain listing: `* ` marks a value that is not the default; color values
  /// get a swatch when the output shows color.
  ///
  /// - Parameters:
  ///   - settings: The stored settings.
  ///   - capability: What the output can show.
  ///   - environment: For resolving the `system` appearance.
  /// - Returns: One line per setting.
  static func listText(
    _ settings: SharedSettings, capability: ColorCapability, environment: [String: String]
  ) -> String {
    let width = Setting.keys.map(\.count).max() ?? 0
    let appearance = (settings.appearance ?? .system).resolved(environment: environment)
    var text = ""
    for setting in Setting.all {
      let marker = setting.isDefault(in: settings) ? "  " : "* "
      var value = setting.text(in: settings).map(\.terminalSafe) ?? "(not set)"
      if setting.kind == .color, let token = ColorToken(hex: value) {
        value = ThemePreview.swatch(token, appearance: appearance, capability: capability) + value
      }
      text +=
        marker + setting.key.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
        + value + "\n"
    }
    return text
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
