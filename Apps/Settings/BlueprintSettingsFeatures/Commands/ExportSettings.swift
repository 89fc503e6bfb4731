internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings export`: the settings file as JSON.
enum ExportSettings: SettingsCommand {
  static let configuration = CommandConfiguration(
    "export", summary: "Print the settings file as JSON.")

  @MainActor
  static func run(_ export: Invocation<Self>, in run: SettingsRun) async throws {
    try ImportExport.export(run.file, in: run.context)
  }
}
