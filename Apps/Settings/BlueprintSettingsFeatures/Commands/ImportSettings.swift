internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings import FILE`: checks the whole file first, then replaces the settings with
/// it (all or nothing), keeping a backup of the previous file.
///
/// Exit 66 when the file does not exist, 65 when it is not a valid settings file
/// (nothing is changed), 74 when it cannot be read.
struct ImportSettings: SettingsCommand {
  static let configuration = CommandConfiguration(
    "import", summary: "Replace the settings with a JSON file (checked first; keeps a backup).")
  @Argument("file", help: "A settings JSON file, or - for standard input.", completion: .file)
  var path: String

  @MainActor
  func run(in app: SettingsRun) async throws {
    let input = try CommandLineInput.read(path, in: app.context)
    let name = input.name
    let document: SettingsDocument
    do {
      document = try SettingsDocument(data: input.data, origin: .userInput)
    } catch {
      throw AppError(
        "\(name) is not a valid settings file: \(error.message); nothing was changed",
        exitCode: .dataError)
    }
    let file = app.file
    let outcome = try file.replace(with: document, verifying: { $0.settings == document.settings })
    switch outcome {
    case .unchanged:
      app.context.write("\(name.terminalSafe) matches the current settings; nothing changed\n")
    case .created:
      app.context.write("imported \(name.terminalSafe)\n")
    case .replacedKeepingBackup:
      app.context.write("imported \(name.terminalSafe); backup: \(file.backupPath)\n")
    }
  }
}
