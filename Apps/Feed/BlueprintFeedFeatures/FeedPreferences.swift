internal import CoreBase
internal import CoreTerminal

#if canImport(BlueprintSamplesShared)
  internal import BlueprintSamplesShared
  internal import BlueprintSamplesSharedCommandLine
#endif

/// What feed takes from the preferences the three samples share (`settings.json`,
/// edited by the `settings` sample): the theme, the appearance and whether a refresh
/// that finds new items rings the terminal's bell.
///
/// The shared settings are the samples' own library, not the kit's. A copy of this
/// sample in a package of its own has no such library: it draws with the kit's
/// default theme, follows the terminal's appearance and rings, until it gives the
/// context a theme of its own (`CommandContext.styled(theme:appearance:)`).
struct FeedPreferences: Sendable {
  /// Whether a refresh that finds new items rings the bell.
  var notifications = true

  /// Whether this build reads the samples' shared settings file (false in a copy of
  /// the sample, which has no shared settings library).
  static var readsSharedSettings: Bool {
    #if canImport(BlueprintSamplesShared)
      true
    #else
      false
    #endif
  }

  /// The looks of the open reader after each commit of the shared settings file, by
  /// any process; `nil` in a build without shared settings.
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

  /// The context styled by the shared settings, and feed's preferences from them.
  ///
  /// - Parameter context: The command's context.
  /// - Returns: The styled context and the preferences; in a copy of the sample, the
  ///   context as it is and the defaults.
  static func load(for context: CommandContext) -> (CommandContext, FeedPreferences) {
    #if canImport(BlueprintSamplesShared)
      let settings = SharedSettings.load(for: context)
      return (
        context.styled(by: settings),
        FeedPreferences(notifications: settings.notifications != false)
      )
    #else
      return (context, FeedPreferences())
    #endif
  }
}
