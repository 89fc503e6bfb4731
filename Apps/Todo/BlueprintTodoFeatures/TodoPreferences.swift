internal import CoreBase
internal import CoreTerminal

#if canImport(BlueprintSamplesShared)
  internal import BlueprintSamplesShared
  internal import BlueprintSamplesSharedCommandLine
#endif

/// What todo takes from the preferences the three samples share (`settings.json`,
/// edited by the `settings` sample): the theme, the appearance and the name the list
/// greets.
///
/// The shared settings are the samples' own library, not the kit's. A copy of this
/// sample in a package of its own has no such library: it draws with the kit's
/// default theme, follows the terminal's appearance and greets no one, until it
/// gives the context a theme of its own (`CommandContext.styled(theme:appearance:)`).
struct TodoPreferences: Sendable {
  /// The name `todo list` and the interactive list greet; `nil` for none.
  var greeting: String?

  /// Whether this build reads the samples' shared settings file (false in a copy of
  /// the sample, which has no shared settings library).
  static var readsSharedSettings: Bool {
    #if canImport(BlueprintSamplesShared)
      true
    #else
      false
    #endif
  }

  /// The looks of the open UI after each commit of the shared settings file, by any
  /// process; `nil` in a build without shared settings.
  ///
  /// - Parameter context: The command's context: its folders and environment.
  /// - Returns: The looks to follow.
  static func looks(for context: CommandContext) -> AsyncStream<TerminalLook>? {
    #if canImport(BlueprintSamplesShared)
      SharedSettings.looks(
        in: SharedSettings.makeStore(context.directories), environment: context.environment)
    #else
      nil
    #endif
  }

  /// Reads the preferences for a command, warning on standard error about values
  /// that cannot be used.
  ///
  /// - Parameter context: The command's context.
  /// - Returns: The context drawn with the preferred theme and appearance, and the
  ///   preferences.
  static func load(for context: CommandContext) -> (CommandContext, TodoPreferences) {
    #if canImport(BlueprintSamplesShared)
      let settings = SharedSettings.load(for: context)
      return (context.styled(by: settings), TodoPreferences(greeting: settings.displayName))
    #else
      return (context, TodoPreferences())
    #endif
  }
}
