internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings reset KEY` or `settings reset --all`, keeping a backup of the file.
enum ResetSetting: SettingsCommand {
  static let all = Flag("all", help: "Reset every setting.")
  static let key = Argument<String?>("key", help: "The setting to reset.")
    .completing(SettingsCommands.keys)
  static let configuration = CommandConfiguration(
    "reset", summary: "Return a setting, or all of them, to the default (keeps a backup).",
    options: [all], arguments: [key])

  static func validate(_ reset: Invocation<Self>) throws(CommandLineError) {
    switch (try reset[\.key], reset[\.all]) {
    case (_?, true):
      throw CommandLineError("give a key or --all, not both", hint: usage)
    case (nil, false):
      throw CommandLineError("missing key", hint: usage)
    default: return
    }
  }

  private static var usage: String { "usage: \(appIdentity.name) reset KEY | --all" }

  @MainActor
  static func run(_ reset: Invocation<Self>, in run: SettingsRun) async throws {
    let file = run.file
    guard let key = try reset[\.key] else {
      let outcome = try file.replace(with: nil, verifying: { $0 == SettingsDocument() })
      run.context.write(
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
    run.context.write(
      setting.defaultText.map { "\(key) = \($0.terminalSafe) (default)\n" }
        ?? "\(key) = (not set)\n")
  }
}
