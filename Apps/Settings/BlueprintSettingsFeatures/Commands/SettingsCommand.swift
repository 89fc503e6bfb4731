internal import BlueprintSettingsModel
package import CoreTerminal

/// A command of `settings`: it runs with the settings file and the process's context.
protocol SettingsCommand: Command where Context == SettingsRun {}

/// What every `settings` command runs with.
package struct SettingsRun {
  /// The settings file of the process's XDG folders.
  let file: SettingsFile
  /// Output, environment and folders.
  let context: CommandContext

  /// The run of `context`'s settings file.
  ///
  /// - Parameter context: The process's streams, environment and folders.
  package init(_ context: CommandContext) {
    self.context = context
    file = SettingsFile(directories: context.directories)
  }
}
