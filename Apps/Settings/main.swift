import Core
import CoreTerminal

// The settings editor reports a corrupt settings file itself (exit 65), so the
// runner does not read it for the theme.
await CommandLineApp(spec: SettingsCommands.spec, readsSharedSettings: false).main {
  command, context in
  try await SettingsCommands.run(command, in: context)
}
