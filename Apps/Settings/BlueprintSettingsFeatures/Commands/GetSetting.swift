internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings get KEY [--json]`: one setting's value, or its report.
struct GetSetting: SettingsCommand {
  static let configuration = CommandConfiguration("get", summary: "Print one setting's value.")
  @OptionGroup var output: JSONOutput
  @OptionGroup var key: SettingKey

  @MainActor
  func run(in app: SettingsRun) async throws {
    let setting = try Setting.named(key.key)
    let settings = try app.file.load().settings
    if output.json { return app.context.write(try jsonText(SettingReport(setting, in: settings))) }
    app.context.write((setting.text(in: settings) ?? "").terminalSafe + "\n")
  }
}
