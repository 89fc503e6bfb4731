internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

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
    // A change made here, by `settings set` in another shell or in `$EDITOR` restyles
    // the editor as it does the other samples' open screens.
    let following = runtime.follow(looks(of: file, environment: context.environment))
    defer { following.cancel() }
    try await runtime.run()
    try await session.work.settleOnQuit()
  }

  /// The editor's look after each commit of the settings file, by any process: a
  /// file that does not read as valid settings keeps the last good look and says so
  /// on the status line.
  ///
  /// - Parameters:
  ///   - file: The settings file.
  ///   - environment: Resolves the `system` appearance.
  /// - Returns: The looks, from the next commit on.
  static func looks(of file: SettingsFile, environment: [String: String])
    -> AsyncStream<TerminalLook>
  {
    let changes = file.store.dataChanges(forKey: SharedSettings.storeKey)
    let path = file.path
    let (looks, continuation) = AsyncStream.makeStream(
      of: TerminalLook.self, bufferingPolicy: .bufferingNewest(1))
    let task = Task {
      for await data in changes {
        continuation.yield(look(of: data, path: path, environment: environment))
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return looks
  }

  /// The look the settings file's bytes give; no file is the defaults.
  static func look(of data: Data?, path: String, environment: [String: String]) -> TerminalLook {
    var settings = SharedSettings()
    if let data {
      guard let (decoded, invalid) = try? SharedSettings.decodeSkippingInvalidValues(data) else {
        return TerminalLook(
          style: nil, notice: "settings not applied: \(path) is invalid; kept the last look")
      }
      if let value = invalid.first {
        return TerminalLook(
          style: nil,
          notice: "settings not applied: '\(value.key)' has the invalid value \(value.value)")
      }
      settings = decoded
    }
    return TerminalLook(
      style: TerminalLook.Style(
        appearance: (settings.appearance ?? .system).resolved(environment: environment),
        theme: settings.theme))
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
