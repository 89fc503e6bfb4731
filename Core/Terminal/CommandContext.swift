public import Core
public import Foundation

/// What a command of a command-line app gets from its process: output streams, the
/// environment, folders, colors and the shared theme.
///
/// ``CommandLineApp`` builds one per run. Tests build their own with
/// ``init(appName:environment:io:color:readsSharedSettings:launchedWithoutArguments:)``
/// and a ``ProcessIO`` that captures output.
public struct CommandContext: Sendable {
  /// The app's name, as in `todo: error: …`.
  public let appName: String
  /// The process environment.
  public let environment: [String: String]
  /// The XDG base directories from ``environment``.
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
  /// Whether the app was started with no arguments at all.
  public let launchedWithoutArguments: Bool
  /// Whether standard output is a terminal (a listing may then add a header).
  public var isOutputTerminal: Bool { io.isOutputTerminal }
  let io: ProcessIO

  /// Whether to show the interactive UI: no arguments, and both ends are terminals.
  public var wantsInteractiveUI: Bool { launchedWithoutArguments && isInteractiveTerminal }

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - appName: The app's name.
  ///   - environment: The environment to read XDG folders and color settings from.
  ///   - io: Where output goes and whether the ends are terminals.
  ///   - color: The `--color` choice.
  ///   - readsSharedSettings: Whether to read the shared settings file for the theme;
  ///     an unreadable file is reported as a warning and the defaults are used.
  ///   - launchedWithoutArguments: Whether the command line was empty.
  public init(
    appName: String,
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
    directories = XDGDirectories(environment: environment)
    colorCapability = ColorCapability.detect(
      environment: environment, isTerminal: io.isOutputTerminal, choice: color)
    isInteractiveTerminal = io.isInputTerminal && io.isOutputTerminal
    var settings = SharedSettings()
    if readsSharedSettings {
      do {
        settings = try SharedSettings.load(from: SharedSettings.makeStore(directories))
      } catch {
        let message = (error as? any AppErrorConvertible)?.appError.message ?? "\(error)"
        io.writeError("\(appName): warning: using the default theme: \(message.terminalSafe)\n")
      }
    }
    self.settings = settings
    theme = settings.theme
    appearance = (settings.appearance ?? .system).resolved(environment: environment)
  }

  /// Writes `text` to standard output as it is.
  ///
  /// Data in it must already be sanitized (``TerminalSanitizer``) when the output
  /// can be a terminal; the plain-output helpers do that.
  ///
  /// - Parameter text: The text, usually ending in a newline.
  public func write(_ text: String) { io.writeOutput(text) }

  /// Prints `APP: warning: MESSAGE` on standard error.
  ///
  /// - Parameter message: One line; it is sanitized.
  public func warn(_ message: String) {
    io.writeError("\(appName): warning: \(message.terminalSafe)\n")
  }

  /// Reads all of standard input.
  ///
  /// - Returns: The bytes read until end of file.
  public func readStandardInput() -> Data { io.readInput() }
}
