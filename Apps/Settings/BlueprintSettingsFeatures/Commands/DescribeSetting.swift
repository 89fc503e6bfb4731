internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings describe KEY`: a setting's type, allowed values and default.
enum DescribeSetting: SettingsCommand {
  static let json = SettingsCommands.json
  static let key = SettingsCommands.key
  static let configuration = CommandConfiguration(
    "describe", summary: "Show a setting's type, allowed values and default.",
    options: [json], arguments: [key])

  @MainActor
  static func run(_ describe: Invocation<Self>, in run: SettingsRun) async throws {
    try SettingsList.describe(
      try Setting.named(describe[\.key]), from: run.file, json: describe[\.json],
      in: run.context)
  }
}
