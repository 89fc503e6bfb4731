internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// What `settings`' manual page and shell completions say beyond the spec's commands.
extension SettingsCommands {
  /// Files, environment and related pages for `settings --generate-manual`.
  static let manual = ManualPage(
    description: [
      "With no command on a terminal, \(appIdentity.name) opens its interactive editor; "
        + "otherwise it lists every setting, as '\(appIdentity.name) list' does.",
      "Every value is checked before it is stored; a file that does not read as settings "
        + "is named and left untouched (exit 65).",
    ],
    files: [
      .init(
        "$XDG_CONFIG_HOME/\(appIdentity.family)/settings.json",
        "The preferences \(sharedBy) "
          + "(default ~/.config/\(appIdentity.family)/settings.json), "
          + "mode 0600."),
      .init(
        "$XDG_CONFIG_HOME/\(appIdentity.family)/backups/settings.json",
        "The file as it was before the last reset or import."),
    ],
    environment: [
      .init("VISUAL", "The editor '\(appIdentity.name) edit' opens, before EDITOR."),
      .init("EDITOR", "The editor '\(appIdentity.name) edit' opens when VISUAL is unset."),
    ],
    exitCodes: ManualPage.runnerExitCodes.filter { $0 != .unavailable },
    seeAlso: readers.map { "\($0)(1)" })

  #if canImport(BlueprintSamplesShared)
    /// The other samples, which read the settings this app edits.
    static let readers = ["todo", "feed"]
    /// Who reads the settings, for the summary and the manual.
    static let sharedBy = "todo and feed read"
  #else
    /// The apps that read the settings: none named here (a copy names its own).
    static let readers: [String] = []
    /// Who reads the settings, for the summary and the manual.
    static let sharedBy = "the \(appIdentity.family) apps read"
  #endif

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
