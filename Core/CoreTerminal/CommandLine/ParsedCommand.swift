import CoreBase

/// The outcome of parsing a command line.
public enum ParsedCommandLine: Sendable, Hashable {
  /// Run a command with these values.
  case run(ParsedCommand)
  /// Print this help text to standard output and exit 0.
  case help(String)
  /// Print this version text to standard output and exit 0.
  case version(String)
}

/// A parsed command: which one, and the text given for its options and arguments.
///
/// A command reads its values through its properties (``Flag``, ``Option``,
/// ``Argument``), which the kit fills in from this; ``AppCommands`` does that.
public struct ParsedCommand: Sendable, Hashable {
  /// The command's name, or `nil` when none was given and there is no default.
  public var name: String?
  /// The `--color` choice; ``ColorChoice/auto`` when not given.
  public var color: ColorChoice
  /// Values by option or argument name, in the order given.
  private var values: [String: [String]]
  /// Flags that were given.
  private var flags: Set<String>
  /// Whether the command line named a command, gave an argument or an option of a
  /// command. Global options (`--color` and the spec's own) alone don't count, so
  /// `todo --color never` on a terminal still opens the interactive UI.
  public var hasCommandArguments: Bool
  /// The process's variables, which options with an `environment:` fall back to; set
  /// by ``CommandLineApp`` for the command it runs.
  public var environment: [String: String] = [:]

  init(
    name: String?, color: ColorChoice, values: [String: [String]], flags: Set<String>,
    hasCommandArguments: Bool
  ) {
    self.name = name
    self.color = color
    self.values = values
    self.flags = flags
    self.hasCommandArguments = hasCommandArguments
  }

  /// What was given for an option: every value in order, or one empty text for a flag
  /// that was given.
  func values(of option: OptionSpec) -> [String] {
    option.isFlag ? (flags.contains(option.name) ? [""] : []) : values[option.name] ?? []
  }

  /// What was given for a positional argument, in order.
  func values(ofArgument name: String) -> [String] { values[name] ?? [] }

  // MARK: - Reading by name (the parser's tests)

  /// Whether a flag was given.
  ///
  /// - Parameter name: The flag's long name.
  /// - Returns: `true` when it was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of an option or argument (the last one when given several times).
  ///
  /// - Parameter name: The option's long name or the argument's name.
  /// - Returns: The value, or `nil` when not given.
  func string(_ name: String) -> String? { values[name]?.last }

  /// Every value of a repeatable option or variadic argument, in order.
  ///
  /// - Parameter name: The option's long name or the argument's name.
  /// - Returns: The values; empty when none were given.
  func strings(_ name: String) -> [String] { values[name] ?? [] }
}
