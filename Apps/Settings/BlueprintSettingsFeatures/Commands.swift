internal import BlueprintSettingsModel
internal import CoreBase
package import CoreTerminal

/// The settings editor's commands: one type each, listed once here.
package enum SettingsCommands {
  /// The commands, in the order help lists them.
  package static let all = AppCommands<SettingsRun>(
    identity: appIdentity,
    summary: "See and change the preferences " + SettingsCommands.sharedBy + ".",
    commands: [
      ListSettings.self,
      GetSetting.self,
      SetSetting.self,
      ResetSetting.self,
      DescribeSetting.self,
      ShowTheme.self,
      PrintPath.self,
      ExportSettings.self,
      ImportSettings.self,
      EditSettings.self,
    ],
    manual: manual
  ) { run in
    if run.context.wantsInteractiveUI {
      try await EditorApp.run(run.file, in: run.context)
    } else {
      try await ListSettings.run(.none, in: run)
    }
  }

  /// The command line: `settings COMMAND …`.
  package static var spec: CommandLineSpec { all.spec }

  // Declared once for the commands that read them.
  static let json = Flag("json", help: "Print JSON.")
  static let key = Argument<String>("key", help: "A setting, e.g. appearance.").completing(keys)
}
