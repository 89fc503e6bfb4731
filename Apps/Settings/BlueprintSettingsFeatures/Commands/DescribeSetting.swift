internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings describe KEY [--json]`: a setting's type, allowed values, default and value.
struct DescribeSetting: SettingsCommand {
  static let configuration = CommandConfiguration(
    "describe", summary: "Show a setting's type, allowed values and default.")
  @OptionGroup var output: JSONOutput
  @OptionGroup var key: SettingKey

  @MainActor
  func run(in app: SettingsRun) async throws {
    let setting = try Setting.named(key.key)
    let settings = try app.file.load().settings
    if output.json { return app.context.write(try jsonText(SettingReport(setting, in: settings))) }
    var lines = ["\(setting.key) — \(setting.summary)"]
    lines.append("  type:    \(setting.detail)")
    lines.append("  default: \(setting.defaultText ?? "(not set)")")
    let current = setting.text(in: settings).map(\.terminalSafe) ?? "(not set)"
    lines.append("  current: \(current)\(setting.isDefault(in: settings) ? "" : " (changed)")")
    app.context.write(lines.joined(separator: "\n") + "\n")
  }
}
