internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings get KEY`: one setting's value.
enum GetSetting: SettingsCommand {
  static let json = SettingsCommands.json
  static let key = SettingsCommands.key
  static let configuration = CommandConfiguration(
    "get", summary: "Print one setting's value.", options: [json], arguments: [key])

  @MainActor
  static func run(_ get: Invocation<Self>, in run: SettingsRun) async throws {
    try SettingsList.get(
      try Setting.named(get[\.key]), from: run.file, json: get[\.json], in: run.context)
  }
}
