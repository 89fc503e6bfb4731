internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// What `todo`'s manual page says beyond the spec's commands and options.
extension TodoCommands {
  private static var name: String { appIdentity.name }
  private static var folder: String { "\(appIdentity.family)/\(appIdentity.name)" }

  /// Files, exit codes and related pages for `todo --generate-manual`.
  static let manual = ManualPage(
    description: [
      "With no command on a terminal, \(name) opens its interactive list; otherwise it "
        + "prints the open todos, as '\(name) list' does.",
      "Every command that changes the list keeps the version before the change: "
        + "'\(name) undo' goes back, several levels.",
      "The default order puts overdue todos first, then those due today, then the rest by "
        + "priority; --sort chooses another. list, done and rm take a filter typed as in add "
        + "(+tag, !priority, due:DATE); done and rm ask for --yes when it matches more than "
        + "\(Confirmation.threshold).",
      "ls, complete, modify, del, delete and remove are aliases.",
    ] + parts.flatMap(\.manual),
    files: [
      .init(
        "$XDG_DATA_HOME/\(folder)/todos.json",
        "The list (default ~/.local/share/\(folder)/todos.json), mode 0600. "
          + "todos.json.last-good beside it holds the version before the last change.")
    ] + parts.flatMap(\.files) + sharedSettingsFile,
    // 69: 'todo sync' could not reach the server or stopped midway.
    exitCodes: ManualPage.runnerExitCodes,
    // The other samples, only where they are (not in a copy of this sample).
    seeAlso: TodoPreferences.readsSharedSettings ? ["settings(1)", "feed(1)"] : [])

  /// The samples' shared settings file, in the builds that read it.
  private static var sharedSettingsFile: [ManualPage.Entry] {
    guard TodoPreferences.readsSharedSettings else { return [] }
    return [
      .init(
        "$XDG_CONFIG_HOME/\(appIdentity.family)/settings.json",
        "Preferences shared with the apps of the family: theme, appearance "
          + "(default ~/.config/\(appIdentity.family)/settings.json).")
    ]
  }
}
