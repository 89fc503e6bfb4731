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

/// A parsed command: which one, and typed access to its options and arguments.
///
/// Options and arguments are read with the keys the command declared them with
/// (``Flag``, ``Option``, ``Argument``), so a misspelled one does not compile:
///
/// ```swift
/// let due = try command[Add.due]          // String?
/// let tags = try command[Add.tags]        // [String]
/// let title = try command[Add.title]      // what <title> reads as
/// if command[List.json] { … }
/// ```
///
/// Reading a key the parsed command did not declare (another command's) stops the
/// program: that is a mistake in the app, not in what the user typed. With no command
/// (the app run bare), every key reads as not given.
public struct ParsedCommand: Sendable, Hashable {
  /// The command's name, or `nil` when none was given and there is no default.
  public var name: String?
  /// The `--color` choice; ``ColorChoice/auto`` when not given.
  public var color: ColorChoice
  /// Values by option or argument name, in the order given.
  private var values: [String: [String]]
  /// Flags that were given.
  private var flags: Set<String>
  /// How each declared name appears in messages: `'--due'` or `<title>`.
  private var displayNames: [String: String]
  /// Whether the command line named a command, gave an argument or an option of a
  /// command. Global options (`--color` and the spec's own) alone don't count, so
  /// `todo --color never` on a terminal still opens the interactive UI.
  public var hasCommandArguments: Bool

  init(
    name: String?, color: ColorChoice, values: [String: [String]], flags: Set<String>,
    displayNames: [String: String], hasCommandArguments: Bool
  ) {
    self.name = name
    self.color = color
    self.values = values
    self.flags = flags
    self.displayNames = displayNames
    self.hasCommandArguments = hasCommandArguments
  }

  // MARK: - Reading by key

  /// Whether `flag` was given.
  public subscript(flag: Flag) -> Bool {
    requireDeclared(flag.name)
    return flags.contains(flag.name)
  }

  /// What `option` reads: `nil` or the value (`Option<Value?>`), or every value given
  /// (`Option<[Value]>`).
  ///
  /// - Throws: ``CommandLineError`` (exit 64) naming the value, the option and what
  ///   it expects, for a value it cannot read.
  public subscript<Output>(option: Option<Output>) -> Output {
    get throws(CommandLineError) {
      requireDeclared(option.name)
      return try option.read(values[option.name] ?? [])
    }
  }

  /// What `argument` reads: the value, `nil` when an optional one was left out, or
  /// every value of a variadic one.
  ///
  /// - Throws: ``CommandLineError`` (exit 64) for a value it cannot read.
  public subscript<Output>(argument: Argument<Output>) -> Output {
    get throws(CommandLineError) {
      requireDeclared(argument.argumentSpec.name)
      return try argument.read(values[argument.argumentSpec.name] ?? [])
    }
  }

  /// Stops when a key is not one of the parsed command's. With no command (an app
  /// run bare), every command's key reads as not given.
  private func requireDeclared(_ name: String) {
    precondition(
      self.name == nil || displayNames[name] != nil,
      "'\(name)' is not declared by the command '\(self.name ?? "")'; list it in its CommandSpec")
  }

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
