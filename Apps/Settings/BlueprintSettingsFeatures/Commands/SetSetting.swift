internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings set KEY VALUE`: checks the value, writes it in one transaction, reads it
/// back.
enum SetSetting: SettingsCommand {
  static let key = SettingsCommands.key
  static let value = Argument<String>("value", help: "The new value.")
    .completing(SettingsCommands.values)
  static let configuration = CommandConfiguration(
    "set", summary: "Change a setting.",
    discussion:
      "The value is checked and stored in canonical form (yes → true, #f00 → #FF0000). "
      + "Put -- before a value that starts with '-'.",
    arguments: [key, value])

  @MainActor
  static func run(_ set: Invocation<Self>, in run: SettingsRun) async throws {
    let key = try set[\.key]
    let setting = try Setting.named(key)
    let canonical = try setting.canonicalize(try set[\.value])
    let holdsValue = { (document: SettingsDocument) in
      setting.storedText(in: document.settings) == canonical
    }
    let document = try run.file.update(verifying: holdsValue) {
      try setting.assign(canonical, in: &$0.settings)
    }
    run.context.write("\(key) = \(canonical.terminalSafe)\n")
    if let warning = ContrastWarning(afterSetting: key, in: document.settings.theme) {
      run.context.warn(
        warning.message,
        hint: "the value was kept; run '\(run.context.appName) theme' to see the contrast report")
    }
  }
}
