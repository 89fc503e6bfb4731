internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `settings export` and `settings import FILE`: the settings file as JSON, out and in.
enum ImportExport {
  /// `settings export`: the stored settings, canonical, as the file holds them, with
  /// invisible characters (C1 controls, bidi overrides) escaped as `\uXXXX`.
  static func export(_ file: SettingsFile, in context: CommandContext) throws {
    let document = try file.load()
    let text = String(decoding: try document.encoded(), as: UTF8.self)
    context.write(CommandLineJSON.escapingInvisibleCharacters(text))
  }

  /// `settings import FILE`: checks the whole file first, then replaces the settings
  /// with it (all or nothing), keeping a backup of the previous file.
  ///
  /// - Throws: ``AppError`` 66 when the file does not exist, 65 when it is not a
  ///   valid settings file (nothing is changed), 74 when it cannot be read.
  static func importFile(_ path: String, into file: SettingsFile, in context: CommandContext)
    throws
  {
    let input = try CommandLineInput.read(path, in: context)
    let name = input.name
    let data = input.data
    let document: SettingsDocument
    do {
      document = try SettingsDocument(data: data, origin: .userInput)
    } catch {
      throw AppError(
        "\(name) is not a valid settings file: \(error.message); nothing was changed",
        exitCode: .dataError)
    }
    let outcome = try file.replace(with: document, verifying: { $0.settings == document.settings })
    switch outcome {
    case .unchanged:
      context.write("\(name.terminalSafe) matches the current settings; nothing changed\n")
    case .created:
      context.write("imported \(name.terminalSafe)\n")
    case .replacedKeepingBackup:
      context.write("imported \(name.terminalSafe); backup: \(file.backupPath)\n")
    }
  }
}
