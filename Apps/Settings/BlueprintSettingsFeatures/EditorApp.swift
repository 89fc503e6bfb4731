internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// The interactive editor: the screen stack on the terminal, until `q` or Ctrl-C.
enum EditorApp {
  /// Runs the editor on the process's terminal; a change still waiting for the
  /// file's lock when the user quits is either finished or reported as not made.
  ///
  /// - Parameters:
  ///   - file: The settings file.
  ///   - context: The command's context (colors, environment).
  /// - Throws: ``SettingError/corrupt(path:problem:)`` before the screen opens
  ///   when the file is damaged; terminal errors; `AppError` (75) naming the
  ///   changes that were not made.
  @MainActor
  static func run(_ file: SettingsFile, in context: CommandContext) async throws {
    // Read before the screen opens (its colours come from the file; a damaged file
    // exits 65 first), on a thread of its own: the main actor never waits for the disk.
    let session = try await SettingsSession.open(file: file)
    let settings = session.settings
    let runtime = TerminalRuntime(
      terminal: SystemTerminal(),
      root: makeStack(session: session, environment: context.environment),
      capability: context.colorCapability,
      appearance: (settings.appearance ?? .system).resolved(environment: context.environment),
      theme: settings.theme)
    try await runtime.run()
    try await session.work.settleOnQuit()
  }

  /// The editor's screens: the list, and the screen for each route.
  ///
  /// - Parameters:
  ///   - session: The settings being edited.
  ///   - environment: Resolves the `system` appearance for swatches.
  /// - Returns: The stack to show.
  @MainActor
  static func makeStack(session: SettingsSession, environment: [String: String] = [:])
    -> ScreenStack<SettingsRoute>
  {
    ScreenStack(
      router: Router<SettingsRoute>(),
      root: { SettingsListScreen(context: $0, session: session, environment: environment) },
      destination: { route, context in
        switch route {
        case .value(let setting):
          ValueEditorScreen(setting: setting, context: context, session: session)
        case .choice(let setting):
          ChoicePickerScreen(setting: setting, context: context, session: session)
        case .theme:
          ThemePreviewScreen(session: session)
        }
      })
  }
}
