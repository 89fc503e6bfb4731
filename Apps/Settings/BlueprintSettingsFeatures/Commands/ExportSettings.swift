internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings export`: the stored settings, canonical, as the file holds them, with
/// invisible characters (C1 controls, bidi overrides) escaped as `\uXXXX`.
struct ExportSettings: SettingsCommand {
  static let configuration = CommandConfiguration(
    "export", summary: "Print the settings file as JSON.")

  @MainActor
  func run(in app: SettingsRun) async throws {
    let document = try app.file.load()
    let text = String(decoding: try document.encoded(), as: UTF8.self)
    app.context.write(CommandLineJSON.escapingInvisibleCharacters(text))
  }
}
