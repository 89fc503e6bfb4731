internal import BlueprintSettingsFeatures
internal import CoreBase
internal import CoreTerminal

// The settings editor reads and reports the shared settings file itself (a corrupt
// file is exit 65 here, a warning in the other samples), so it draws with the kit's
// default theme.
await CommandLineApp(spec: SettingsCommands.spec).main { command, context in
  try await SettingsCommands.all.run(command) { SettingsRun(context) }
}
