internal import BlueprintSettingsModel
internal import Core
internal import CoreTerminal

/// What `settings`' manual page and shell completions say beyond the spec's commands.
extension SettingsCommands {
  /// Files, environment and related pages for `settings --generate-manual`.
  static let manual = ManualPage(
    description: [
      "With no command on a terminal, settings opens its interactive editor; otherwise it "
        + "lists every setting, as 'settings list' does.",
      "Every value is checked before it is stored; a file that does not read as settings "
        + "is named and left untouched (exit 65).",
    ],
    files: [
      .init(
        "$XDG_CONFIG_HOME/\(appIdentity.family)/settings.json",
        "The preferences todo and feed read "
          + "(default ~/.config/\(appIdentity.family)/settings.json), "
          + "mode 0600."),
      .init(
        "$XDG_CONFIG_HOME/\(appIdentity.family)/backups/settings.json",
        "The file as it was before the last reset or import."),
    ],
    environment: [
      .init("VISUAL", "The editor 'settings edit' opens, before EDITOR."),
      .init("EDITOR", "The editor 'settings edit' opens when VISUAL is unset."),
    ],
    exitCodes: ManualPage.runnerExitCodes.filter { $0 != .unavailable },
    seeAlso: ["todo(1)", "feed(1)"])

  /// Tab offers every setting's key.
  static let keys = CompletionKind.list(Setting.all.map(\.key))

  /// Tab offers the values of the key before it (`settings set appearance <Tab>`:
  /// system, light, dark), for the settings that have a fixed set; written into the
  /// script, so Tab starts no program.
  static let values: CompletionKind = {
    let cases = Setting.all.filter { !$0.choices.isEmpty }.map { setting in
      "\(setting.key)) printf '%s\\n' \(setting.choices.joined(separator: " ")) ;;"
    }
    return .shellCommand("case \"$1\" in " + cases.joined(separator: " ") + " esac")
  }()
}
