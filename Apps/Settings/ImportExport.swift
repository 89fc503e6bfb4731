import Core
import CoreTerminal
import Foundation

/// `settings export` and `settings import FILE`: the settings file as JSON, out and in.
enum ImportExport {
  /// `settings export`: the stored settings, canonical, as the file holds them.
  static func export(_ file: SettingsFile, in context: CommandContext) throws {
    let document = try file.load()
    context.write(String(decoding: try document.encoded(), as: UTF8.self))
  }

  /// `settings import FILE`: checks the whole file first, then replaces the settings
  /// with it (all or nothing), keeping a backup of the previous file.
  ///
  /// - Throws: ``AppError`` 66 when the file does not exist, 65 when it is not a
  ///   valid settings file (nothing is changed), 74 when it cannot be read.
  static func importFile(_ path: String, into file: SettingsFile, in context: CommandContext)
    throws
  {
    let name = path == "-" ? "standard input" : path
    let data = path == "-" ? context.readStandardInput() : try read(path)
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

  private static func read(_ path: String) throws -> Data {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw AppError("\(path) does not exist", exitCode: .noInput)
    }
    guard !isFolder.boolValue else {
      throw AppError("\(path) is a folder, not a settings file", exitCode: .noInput)
    }
    // A file handle, not Data(contentsOf:), which fails on a pipe such as
    // `settings import <(…)` on Linux.
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      return try handle.readToEnd() ?? Data()
    } catch {
      throw AppError("cannot read \(path): \(error.localizedDescription)", exitCode: .ioError)
    }
  }
}
