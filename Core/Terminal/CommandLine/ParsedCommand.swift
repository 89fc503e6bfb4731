import Core

/// The outcome of parsing a command line.
public enum ParsedCommandLine: Sendable, Hashable {
  /// Run a command with these values.
  case run(ParsedCommand)
  /// Print this help text to standard output and exit 0.
  case help(String)
  /// Print this version text to standard output and exit 0.
  case version(String)
}

/// A parsed command: which one, and typed access to the options and arguments it
/// declares.
///
/// A command reads what its ``CommandSpec`` declares by subscript, with the same
/// ``Flag``, ``Option`` or ``Argument`` it declared, so an option is named once and a
/// misspelled one does not compile:
///
/// ```swift
/// enum List {
///   static let json = Flag("json", help: "Print JSON.")
///   static let limit = Option<Int?>("limit", valueName: "count", help: "At most this many.")
///   static let tags = Option<[String]>("tag", valueName: "tag", help: "Only this tag.")
/// }
/// CommandSpec("list", summary: "List.", options: [List.json, List.limit, List.tags])
///
/// if command[List.json] { … }
/// let limit = try command[List.limit] ?? 20   // exit 64 for `--limit many`
/// let tags = try command[List.tags]           // every --tag, in order
/// ```
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

  /// Whether a flag was given.
  ///
  /// - Parameter flag: The flag, as the command declares it.
  /// - Returns: `true` when it was given.
  public subscript(_ flag: Flag) -> Bool { flags.contains(flag.name) }

  /// An option's value: `nil` or the value for `Option<Value?>`, every value given, in
  /// order, for `Option<[Value]>`.
  ///
  /// - Parameter option: The option, as the command declares it.
  /// - Returns: What the option reads.
  /// - Throws: ``CommandLineError`` (exit 64) naming the value, the option and what a
  ///   valid value looks like.
  public subscript<Output>(_ option: Option<Output>) -> Output {
    get throws(CommandLineError) { try option.read(values[option.name] ?? []) }
  }

  /// An argument's value: the value for `Argument<Value>`, `nil` or the value for
  /// `Argument<Value?>`, every value in order for `Argument<[Value]>`.
  ///
  /// The parser refuses a command line that leaves out a required argument (exit 64,
  /// with the usage), so a required one reads without an optional to unwrap.
  ///
  /// - Parameter argument: The argument, as the command declares it.
  /// - Returns: What the argument reads.
  /// - Throws: ``CommandLineError`` (exit 64) naming the value, the argument and what a
  ///   valid value looks like; `missing <name>` when a required argument the command
  ///   does not declare is read.
  public subscript<Output>(_ argument: Argument<Output>) -> Output {
    get throws(CommandLineError) {
      try argument.read(values[argument.argumentSpec.name] ?? [])
    }
  }
}
