internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings set KEY VALUE`: checks the value, writes it in one transaction, reads it
/// back.
struct SetSetting: SettingsCommand {
  static let configuration = CommandConfiguration(
    "set", summary: "Change a setting.",
    discussion:
      "The value is checked and stored in canonical form (yes → true, #f00 → #FF0000). "
      + "Put -- before a value that starts with '-'.")
  @OptionGroup var setting: SettingKey
  @Argument("value", help: "The new value.", completion: SettingsCommands.values)
  var value: String

  @MainActor
  func run(in app: SettingsRun) async throws {
    let key = setting.key
    let setting = try Setting.named(key)
    let canonical = try setting.canonicalize(value)
    let holdsValue = { (document: SettingsDocument) in
      setting.storedText(in: document.settings) == canonical
    }
    let document = try app.file.update(verifying: holdsValue) {
      try setting.assign(canonical, in: &$0.settings)
    }
    app.context.write("\(key) = \(canonical.terminalSafe)\n")
    if let warning = ContrastWarning(afterSetting: key, in: document.settings.theme) {
      app.context.warn(
        warning.message,
        hint: "the value was kept; run '\(app.context.appName) theme' to see the contrast report")
    }
  }
}
