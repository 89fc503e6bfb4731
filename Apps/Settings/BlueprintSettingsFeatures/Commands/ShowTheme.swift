internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings theme`: the palette and its contrast report.
struct ShowTheme: SettingsCommand {
  static let configuration = CommandConfiguration(
    "theme", summary: "Show the palette in both appearances and its contrast report.")

  @MainActor
  func run(in app: SettingsRun) async throws {
    let theme = try app.file.load().settings.theme
    app.context.write(ThemePreview.text(theme, capability: app.context.colorCapability))
  }
}
