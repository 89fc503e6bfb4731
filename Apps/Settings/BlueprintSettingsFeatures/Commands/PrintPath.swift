internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings path`: where the settings file is.
struct PrintPath: SettingsCommand {
  static let configuration = CommandConfiguration(
    "path", summary: "Print where the settings file is.")

  @MainActor
  func run(in app: SettingsRun) async throws {
    app.context.write(app.file.path + "\n")
  }
}
