internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
package import CoreTerminal
internal import Foundation

/// The settings editor's commands: the spec the shared parser reads, and what each
/// command does.
package enum SettingsCommands {
  private static let json = Flag("json", help: "Print JSON.")
  private static let key = Argument<String>("key", help: "A setting, e.g. appearance.")
    .completing(keys)
  private static let value = Argument<String>("value", help: "The new value.").completing(values)
  private static let all = Flag("all", help: "Reset every setting.")
  private static let keyToReset = Argument<String?>("key", help: "The setting to reset.")
    .completing(keys)
  private static let importedFile = Argument<String>(
    "file", help: "A settings JSON file, or - for standard input."
  ).completing(.file)

  /// The command line: `settings COMMAND …`.
  package static let spec = CommandLineSpec(
    identity: appIdentity,
    summary: "See and change the preferences " + SettingsCommands.sharedBy + ".",
    lazyCommands: [
      CommandSpec(
        "list", summary: "List every setting and its value; * marks one that is not the default.",
        options: [json]),
      CommandSpec("get", summary: "Print one setting's value.", options: [json], arguments: [key]),
      CommandSpec(
        "set", summary: "Change a setting.",
        discussion:
          "The value is checked and stored in canonical form (yes → true, #f00 → #FF0000). "
          + "Put -- before a value that starts with '-'.",
        arguments: [key, value]),
      CommandSpec(
        "reset", summary: "Return a setting, or all of them, to the default (keeps a backup).",
        options: [all], arguments: [keyToReset]),
      CommandSpec(
        "describe", summary: "Show a setting's type, allowed values and default.",
        options: [json], arguments: [key]),
      CommandSpec(
        "theme", summary: "Show the palette in both appearances and its contrast report."),
      CommandSpec("path", summary: "Print where the settings file is."),
      CommandSpec("export", summary: "Print the settings file as JSON."),
      CommandSpec(
        "import", summary: "Replace the settings with a JSON file (checked first; keeps a backup).",
        arguments: [importedFile]),
      CommandSpec(
        "edit", summary: "Edit the settings file in $VISUAL or $EDITOR; checked before it is saved."
      ),
    ]
  ).withManualPage(manual)

  /// Runs one parsed command.
  ///
  /// - Parameters:
  ///   - command: The parsed command line.
  ///   - context: The process's streams, environment and folders.
  /// - Throws: An error the runner reports with its exit code.
  @MainActor
  package static func run(_ command: ParsedCommand, in context: CommandContext) async throws {
    let file = SettingsFile(directories: context.directories)
    switch command.name {
    case nil where context.wantsInteractiveUI:
      try await EditorApp.run(file, in: context)
    case nil, "list":
      try SettingsList.list(file, json: command[json], in: context)
    case "get":
      try SettingsList.get(
        try Setting.named(command[key]), from: file, json: command[json],
        in: context)
    case "describe":
      try SettingsList.describe(
        try Setting.named(command[key]), from: file, json: command[json],
        in: context)
    case "set":
      try set(command[key], to: command[value], in: file, context)
    case "reset":
      try reset(command[keyToReset], all: command[all], in: file, context)
    case "theme":
      try ThemePreview.report(file, in: context)
    case "path":
      context.write(file.path + "\n")
    case "export":
      try ImportExport.export(file, in: context)
    case "import":
      try ImportExport.importFile(command[importedFile], into: file, in: context)
    case "edit":
      try ExternalEditor.edit(file, in: context)
    case let name?:
      throw AppError("unknown command '\(name)'")
    }
  }

  // MARK: - set, reset

  /// `settings set KEY VALUE`: checks the value, writes it in one transaction, reads
  /// it back.
  static func set(_ key: String, to value: String, in file: SettingsFile, _ context: CommandContext)
    throws
  {
    let setting = try Setting.named(key)
    let canonical = try setting.canonicalize(value)
    let holdsValue = { (document: SettingsDocument) in
      setting.storedText(in: document.settings) == canonical
    }
    let document = try file.update(verifying: holdsValue) {
      try setting.assign(canonical, in: &$0.settings)
    }
    context.write("\(key) = \(canonical.terminalSafe)\n")
    if let warning = ContrastWarning(afterSetting: key, in: document.settings.theme) {
      context.warn(
        warning.message,
        hint: "the value was kept; run '\(context.appName) theme' to see the contrast report")
    }
  }

  /// `settings reset KEY` or `settings reset --all`, keeping a backup of the file.
  static func reset(_ key: String?, all: Bool, in file: SettingsFile, _ context: CommandContext)
    throws
  {
    switch (key, all) {
    case (nil, true):
      let outcome = try file.replace(with: nil, verifying: { $0 == SettingsDocument() })
      context.write(
        outcome == .unchanged
          ? "all settings are already defaults\n"
          : "all settings reset; backup: \(file.backupPath)\n")
    case (let key?, false):
      let setting = try Setting.named(key)
      let isCleared = { (document: SettingsDocument) in
        setting.storedText(in: document.settings) == nil
      }
      try file.update(keepsBackup: true, verifying: isCleared) { setting.clear(in: &$0.settings) }
      context.write(
        setting.defaultText.map { "\(key) = \($0.terminalSafe) (default)\n" }
          ?? "\(key) = (not set)\n")
    case (_?, true):
      throw AppError(
        "give a key or --all, not both", hint: "usage: \(appIdentity.name) reset KEY | --all")
    case (nil, false):
      throw AppError("missing key", hint: "usage: \(appIdentity.name) reset KEY | --all")
    }
  }
}
