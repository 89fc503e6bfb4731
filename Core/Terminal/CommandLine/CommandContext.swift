public import Core
public import Foundation

/// What a command of a command-line app gets from its process: output streams, the
/// environment, folders, colors and the shared theme.
///
/// ``CommandLineApp`` builds one per run. Tests build their own with
/// ``init(appName:family:environment:io:color:readsSharedSettings:launchedWithoutArguments:)``
/// and a ``ProcessIO`` that captures output.
public struct CommandContext: Sendable {
  /// The app's name, as in `todo: error: …`.
  public let appName: String
  /// The process environment.
  public let environment: [String: String]
  /// The XDG base directories from ``environment``, with the app's folder family.
  public let directories: XDGDirectories
  /// What standard output can show, after `--color`, `NO_COLOR`, `FORCE_COLOR`, `TERM`.
  public let colorCapability: ColorCapability
  /// The shared preferences; defaults when the file is missing or unreadable.
  public let settings: SharedSettings
  /// The shared theme (default theme with the settings' palette and density).
  public let theme: Theme
  /// Light or dark: the settings' appearance, `system` resolved from the terminal.
  public let appearance: Appearance
  /// Whether standard input and standard output are both terminals.
  public let isInteractiveTerminal: Bool
  /// Whether the app was started without a command, argument or command option;
  /// global options such as `--color never` don't count.
  public let launchedWithoutArguments: Bool
  /// Whether standard output is a terminal (a listing may then add a header).
  public var isOutputTerminal: Bool { io.isOutputTerminal }
  let io: ProcessIO

  /// Whether to show the interactive UI: no command arguments (global options alone
  /// don't count), and both ends are terminals.
  public var wantsInteractiveUI: Bool { launchedWithoutArguments && isInteractiveTerminal }

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - appName: The app's name.
  ///   - family: The app's folder family (see `AppIdentity`).
  ///   - environment: The environment to read XDG folders and color settings from.
  ///   - io: Where output goes and whether the ends are terminals.
  ///   - color: The `--color` choice.
  ///   - readsSharedSettings: Whether to read the shared settings file for the theme;
  ///     an unreadable file is reported as a warning and the defaults are used.
  ///   - launchedWithoutArguments: Whether the command line held no command, argument
  ///     or command option (only global options, or nothing).
  public init(
    appName: String,
    family: String = XDGDirectories.blueprintFamily,
    environment: [String: String],
    io: ProcessIO,
    color: ColorChoice = .auto,
    readsSharedSettings: Bool = true,
    launchedWithoutArguments: Bool = false
  ) {
    self.appName = appName
    self.environment = environment
    self.io = io
    self.launchedWithoutArguments = launchedWithoutArguments
    directories = XDGDirectories(environment: environment, family: family)
    colorCapability = ColorCapability.detect(
      environment: environment, isTerminal: io.isOutputTerminal, choice: color)
    isInteractiveTerminal = io.isInputTerminal && io.isOutputTerminal
    settings =
      readsSharedSettings
      ? Self.loadSharedSettings(directories, appName: appName, io: io) : SharedSettings()
    theme = settings.theme
    appearance = (settings.appearance ?? .system).resolved(environment: environment)
  }

  /// This app's data folder: `$XDG_DATA_HOME/<family>/<app>/`.
  public var dataFolder: URL { directories.data(app: appName) }

  /// This app's cache folder: `$XDG_CACHE_HOME/<family>/<app>/`.
  public var cacheFolder: URL { directories.cache(app: appName) }
  /// Reads the shared settings; a value that is not valid is skipped with a warning
  /// that names the key, the value and the fix, and a file that cannot be read at all
  /// gives the defaults with a warning.
  private static func loadSharedSettings(
    _ directories: XDGDirectories, appName: String, io: ProcessIO
  ) -> SharedSettings {
    let store = SharedSettings.makeStore(directories)
    let path = store.location(forKey: SharedSettings.storeKey)
    let editor = SharedSettings.editorCommand
    func warn(_ message: String, hint: String) {
      io.writeError(
        "\(appName): warning: \(ErrorReporter.escaped(message))\n"
          + "hint: \(ErrorReporter.escaped(hint))\n")
    }
    let data: Data
    do {
      guard let stored = try store.data(forKey: SharedSettings.storeKey) else {
        return SharedSettings()
      }
      data = stored
    } catch {
      let message = (error as? any AppErrorConvertible)?.appError.message ?? "\(error)"
      warn("using the default settings: \(message)", hint: "run '\(editor) path' to find the file")
      return SharedSettings()
    }
    do {
      let (settings, invalid) = try SharedSettings.decodeSkippingInvalidValues(data)
      for value in invalid {
        warn(
          "\(path): '\(CommandLineEcho.quote(value.key))' has the invalid value "
            + "\(CommandLineEcho.quote(value.value)) (expected \(value.expected)); using its default",
          hint: "run '\(editor) reset \(CommandLineEcho.quote(value.key))', "
            + "or '\(editor) set \(CommandLineEcho.quote(value.key)) VALUE'")
      }
      return settings
    } catch {
      let reason = CommandLineErrorDescription.describe(error, in: data)
      warn(
        "\(path) is corrupt: \(reason); using the default settings",
        hint: "fix it with '\(editor) edit', or start over with '\(editor) reset --all'")
      return SharedSettings()
    }
  }

  /// Writes `text` to standard output as it is.
  ///
  /// Data in it must already be sanitized (``TerminalSanitizer``) when the output
  /// can be a terminal; the plain-output helpers do that.
  ///
  /// - Parameter text: The text, usually ending in a newline.
  public func write(_ text: String) { io.writeOutput(text) }

  /// Prints `APP: warning: MESSAGE` on standard error, and `hint: HINT` when given.
  ///
  /// - Parameters:
  ///   - message: One line; control characters in it are shown as escapes.
  ///   - hint: What the user can do about it, if anything; escaped too.
  public func warn(_ message: String, hint: String? = nil) {
    io.writeError(
      "\(appName): warning: \(ErrorReporter.escaped(message))\n"
        + (hint.map { "hint: \(ErrorReporter.escaped($0))\n" } ?? ""))
  }

  /// Reads all of standard input.
  ///
  /// - Returns: The bytes read until end of file.
  public func readStandardInput() -> Data { io.readInput() }
}
