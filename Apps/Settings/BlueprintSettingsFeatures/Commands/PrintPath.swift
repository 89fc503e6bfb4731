internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings path`: where the settings file is.
enum PrintPath: SettingsCommand {
  static let configuration = CommandConfiguration(
    "path", summary: "Print where the settings file is.")

  @MainActor
  static func run(_ path: Invocation<Self>, in run: SettingsRun) async throws {
    run.context.write(run.file.path + "\n")
  }
}
