internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// `settings edit`: the file in $VISUAL or $EDITOR, checked before it is saved.
enum EditSettings: SettingsCommand {
  static let configuration = CommandConfiguration(
    "edit", summary: "Edit the settings file in $VISUAL or $EDITOR; checked before it is saved.")

  @MainActor
  static func run(_ edit: Invocation<Self>, in run: SettingsRun) async throws {
    try ExternalEditor.edit(run.file, in: run.context)
  }
}
