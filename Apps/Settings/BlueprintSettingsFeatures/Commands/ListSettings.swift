internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `settings list [--json]`: every setting and its value.
struct ListSettings: SettingsCommand {
  static let configuration = CommandConfiguration(
    "list", summary: "List every setting and its value; * marks one that is not the default.")
  @OptionGroup var output: JSONOutput

  /// The `list --json` document.
  struct Listing: Encodable {
    /// The settings file's path.
    var path: String
    /// Every setting, in registry order.
    var settings: [SettingReport]
  }

  @MainActor
  func run(in app: SettingsRun) async throws {
    let settings = try app.file.load().settings
    if output.json {
      let reports = Setting.all.map { SettingReport($0, in: settings) }
      return app.context.write(try jsonText(Listing(path: app.file.path, settings: reports)))
    }
    app.context.write(
      Self.text(
        settings, capability: app.context.colorCapability, environment: app.context.environment))
  }

  /// The plain listing: `* ` marks a value that is not the default; color values
  /// get a swatch when the output shows color.
  ///
  /// - Parameters:
  ///   - settings: The stored settings.
  ///   - capability: What the output can show.
  ///   - environment: For resolving the `system` appearance.
  /// - Returns: One line per setting.
  static func text(
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
