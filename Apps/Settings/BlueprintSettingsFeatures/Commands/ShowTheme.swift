internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings theme`: the palette and its contrast report.
enum ShowTheme: SettingsCommand {
  static let configuration = CommandConfiguration(
    "theme", summary: "Show the palette in both appearances and its contrast report.")

  @MainActor
  static func run(_ theme: Invocation<Self>, in run: SettingsRun) async throws {
    try ThemePreview.report(run.file, in: run.context)
  }
}
