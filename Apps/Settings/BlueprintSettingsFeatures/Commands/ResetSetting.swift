internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings reset KEY` or `settings reset --all`, keeping a backup of the file.
struct ResetSetting: SettingsCommand {
  static let configuration = CommandConfiguration(
    "reset", summary: "Return a setting, or all of them, to the default (keeps a backup).")
  @Flag("all", help: "Reset every setting.") var all: Bool
  @Argument("key", help: "The setting to reset.", completion: SettingsCommands.keys)
  var key: String?

  func validate() throws(CommandLineError) {
    switch (key, all) {
    case (_?, true):
      throw CommandLineError("give a key or --all, not both", hint: usage)
    case (nil, false):
      throw CommandLineError("missing key", hint: usage)
    default: return
    }
  }

  private var usage: String { "usage: \(appIdentity.name) reset KEY | --all" }

  @MainActor
  func run(in app: SettingsRun) async throws {
    let file = app.file
    guard let key else {
      let outcome = try file.replace(with: nil, verifying: { $0 == SettingsDocument() })
      app.context.write(
        outcome == .unchanged
          ? "all settings are already defaults\n"
          : "all settings reset; backup: \(file.backupPath)\n")
      return
    }
    let setting = try Setting.named(key)
    let isCleared = { (document: SettingsDocument) in
      setting.storedText(in: document.settings) == nil
    }
    try file.update(keepsBackup: true, verifying: isCleared) { setting.clear(in: &$0.settings) }
    app.context.write(
      setting.defaultText.map { "\(key) = \($0.terminalSafe) (default)\n" }
        ?? "\(key) = (not set)\n")
  }
}
