internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings import FILE`: replaces the settings, checked first.
enum ImportSettings: SettingsCommand {
  static let file = Argument<String>(
    "file", help: "A settings JSON file, or - for standard input."
  ).completing(.file)
  static let configuration = CommandConfiguration(
    "import", summary: "Replace the settings with a JSON file (checked first; keeps a backup).",
    arguments: [file])

  @MainActor
  static func run(_ settingsImport: Invocation<Self>, in run: SettingsRun) async throws {
    try ImportExport.importFile(settingsImport[\.file], into: run.file, in: run.context)
  }
}
