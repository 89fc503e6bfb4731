internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `settings edit`: opens a copy of the settings file in the user's editor (`$VISUAL`,
/// else `$EDITOR`), checks the result, and replaces the file only when it is valid.
struct EditSettings: SettingsCommand {
  static let configuration = CommandConfiguration(
    "edit", summary: "Edit the settings file in $VISUAL or $EDITOR; checked before it is saved.")

  /// The editor command: `$VISUAL`, else `$EDITOR`, else `vi`.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: A shell command such as `code --wait`.
  static func command(environment: [String: String]) -> String {
    for name in ["VISUAL", "EDITOR"] {
      if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty {
        return value
      }
    }
    return "vi"
  }

  /// Runs the edit: copy, editor, check, replace.
  ///
  /// - Throws: 65 when the edited file is invalid (the settings are unchanged and the
  ///   edit is kept in a temporary file, named in the hint); 69 when the editor
  ///   fails; 75 when the settings changed meanwhile.
  @MainActor
  func run(in app: SettingsRun) async throws {
    let (file, context) = (app.file, app.context)
    let original = try file.data()
    let folder = try Self.makeFolder()
    let copy = folder.appendingPathComponent("settings.json")
    let initial = original ?? Data("{\n}\n".utf8)
    guard
      FileManager.default.createFile(
        atPath: copy.path, contents: initial, attributes: [.posixPermissions: 0o600])
    else {
      throw AppError("cannot create \(copy.path)", exitCode: .cantCreate)
    }
    var keepsCopy = false
    defer { if !keepsCopy { try? FileManager.default.removeItem(at: folder) } }

    let editor = Self.command(environment: context.environment)
    let status = try Self.runEditor(editor, on: copy.path, environment: context.environment)
    guard status == 0 else {
      throw AppError(
        "the editor '\(editor)' exited with status \(status); settings unchanged",
        hint: "set VISUAL or EDITOR to an editor that exits 0 after saving",
        exitCode: .unavailable)
    }
    let edited = try Data(contentsOf: copy)
    guard edited != initial else {
      context.write("no changes\n")
      return
    }
    let document: SettingsDocument
    do {
      document = try SettingsDocument(data: edited, origin: .userInput)
    } catch {
      keepsCopy = true
      throw AppError(
        "the edited settings are invalid: \(error.message); \(file.path) was not changed",
        hint:
          "your edit is kept in \(copy.path); fix it and run '\(appIdentity.name) import \(copy.path)'",
        exitCode: .dataError)
    }
    do {
      try file.replace(
        with: document, expecting: .some(original),
        verifying: { $0.settings == document.settings })
    } catch let error as SettingError {
      keepsCopy = true
      var appError = error.appError
      appError.hint =
        "your edit is kept in \(copy.path); run '\(appIdentity.name) import \(copy.path)'"
      throw appError
    }
    context.write("saved \(file.path)\n")
  }

  /// Runs `editor FILE` through `/bin/sh -c`, so `code --wait` works, on the
  /// process's own terminal. Ctrl-C in the editor belongs to the editor: `settings`
  /// ignores it meanwhile, so it is still there to check and save the edit. The
  /// shell `exec`s the editor, so no shell sits in between to be killed by that
  /// Ctrl-C (dash does not exec a last command by itself).
  private static func runEditor(_ editor: String, on path: String, environment: [String: String])
    throws -> Int32
  {
    do {
      return try ForegroundProcess.run(
        executable: "/bin/sh", arguments: ["-c", "exec " + editor + " \"$1\"", "sh", path],
        environment: environment)
    } catch {
      throw AppError(CommandLineErrorDescription.describe(error), exitCode: .unavailable)
    }
  }

  private static func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("settings-edit-\(UUID().uuidString)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw AppError(
        "cannot create \(folder.path): \(CommandLineErrorDescription.describe(error))",
        exitCode: .cantCreate)
    }
    return folder
  }
}
