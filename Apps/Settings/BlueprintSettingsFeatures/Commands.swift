internal import BlueprintSettingsModel
internal import CoreBase
package import CoreTerminal

/// The settings editor's commands: one type each, listed once here.
package enum SettingsCommands {
  /// The commands, in the order help lists them.
  package static let all = AppCommands(
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
  ) { (app: SettingsRun) in
    if app.context.wantsInteractiveUI {
      try await EditorApp.run(app.file, in: app.context)
    } else {
      try await ListSettings().run(in: app)
    }
  }

  /// The command line: `settings COMMAND …`.
  package static var spec: CommandLineSpec { all.spec }
}

/// `--json`, which `list`, `get` and `describe` share.
struct JSONOutput: CommandOptions {
  @Flag("json", help: "Print JSON.") var json: Bool
}

/// The `<key>` that `get`, `set` and `describe` take.
struct SettingKey: CommandOptions {
  @Argument("key", help: "A setting, e.g. appearance.", completion: SettingsCommands.keys)
  var key: String
}
