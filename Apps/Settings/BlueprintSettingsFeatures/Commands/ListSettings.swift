internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings list`: every setting and its value.
enum ListSettings: SettingsCommand {
  static let json = SettingsCommands.json
  static let configuration = CommandConfiguration(
    "list", summary: "List every setting and its value; * marks one that is not the default.",
    options: [json])

  @MainActor
  static func run(_ list: Invocation<Self>, in run: SettingsRun) async throws {
    try SettingsList.list(run.file, json: list[\.json], in: run.context)
  }
}
