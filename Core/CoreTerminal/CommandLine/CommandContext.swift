public import CoreBase
public import Foundation

/// What a command of a command-line app gets from its process: output streams, the
/// environment, the app's folders, colors and the theme.
///
/// ``CommandLineApp`` builds one per run, for the app its spec's identity names.
/// The kit reads no preferences file: the theme and the appearance are the app's to
/// give, with ``styled(theme:appearance:)`` (the defaults are `Theme.default` and
/// the terminal's appearance). Tests build their own context with
/// ``init(identity:environment:io:color:theme:appearance:launchedWithoutArguments:)``
/// and a ``ProcessIO`` that captures output.
///
/// <!-- doc-test: skip a fragment: `spec`, `myTheme` and `run` come from its surroundings -->
/// ```swift
/// await CommandLineApp(spec: spec).main { command, context in
///   let context = context.styled(theme: myTheme, appearance: .dark)
///   try await run(command, in: context)
/// }
/// ```
public struct CommandContext: Sendable {
  /// The app's name, version and folder family.
  public let identity: AppIdentity
  /// The app's name, as in `todo: error: …`.
  public var appName: String { identity.name }
  /// The process environment.
  public let environment: [String: String]
  /// The XDG base directories from ``environment``, with the app's folder family.
  public let directories: XDGDirectories
  /// What standard output can show, after `--color`, `NO_COLOR`, `FORCE_COLOR`, `TERM`.
  public let colorCapability: ColorCapability
  /// The app's theme; `Theme.default` unless the app gives one.
  public private(set) var theme: Theme
  /// Light or dark: the app's appearance, `system` resolved from the terminal.
  public private(set) var appearance: Appearance
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
  ///   - identity: The app: its name prefixes errors, its family names its folders.
  ///   - environment: The environment to read XDG folders and color settings from.
  ///   - io: Where output goes and whether the ends are terminals.
  ///   - color: The `--color` choice.
  ///   - theme: The app's theme.
  ///   - appearance: Light, dark, or `system` to follow the terminal (`COLORFGBG`).
  ///   - launchedWithoutArguments: Whether the command line held no command, argument
  ///     or command option (only global options, or nothing).
  public init(
    identity: AppIdentity,
    environment: [String: String],
    io: ProcessIO,
    color: ColorChoice = .auto,
    theme: Theme = .default,
    appearance: Appearance = .system,
    launchedWithoutArguments: Bool = false
  ) {
    self.identity = identity
    self.environment = environment
    self.io = io
    self.launchedWithoutArguments = launchedWithoutArguments
    directories = XDGDirectories(environment: environment, identity: identity)
    colorCapability = ColorCapability.detect(
      environment: environment, isTerminal: io.isOutputTerminal, choice: color)
    isInteractiveTerminal = io.isInputTerminal && io.isOutputTerminal
    self.theme = theme
    self.appearance = appearance.resolved(environment: environment)
  }

  /// This context with the app's theme and appearance.
  ///
  /// - Parameters:
  ///   - theme: The theme listings and screens draw with.
  ///   - appearance: Light, dark, or `system` to follow the terminal.
  /// - Returns: A copy that draws with them.
  public func styled(theme: Theme, appearance: Appearance) -> CommandContext {
    var copy = self
    copy.theme = theme
    copy.appearance = appearance.resolved(environment: environment)
    return copy
  }

  /// This app's data folder: `$XDG_DATA_HOME/<family>/<app>/`.
  public var dataFolder: URL { directories.data(app: appName) }

  /// This app's cache folder: `$XDG_CACHE_HOME/<family>/<app>/`.
  public var cacheFolder: URL { directories.cache(app: appName) }

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

  /// A line of progress for long work, on standard error: drawn only when standard
  /// error is a terminal (and `TERM` is not `dumb`), and only once the work has taken
  /// more than `delay`; nothing of it reaches a pipe or a file.
  ///
  /// - Parameter delay: How long the work runs before the line appears.
  /// - Returns: The line; ``ProgressLine/finish()`` erases it before the result.
  public func progressLine(delay: Duration = ProgressLine.defaultDelay) -> ProgressLine {
    ProgressLine(
      isShown: io.isErrorTerminal && environment["TERM"] != "dumb", delay: delay,
      columns: io.errorColumns, write: io.writeError)
  }

  /// Reads all of standard input.
  ///
  /// - Returns: The bytes read until end of file.
  public func readStandardInput() -> Data { io.readInput() }
}
