/// A command of a command-line app, as one type: its name and help, the options and
/// arguments it declares, the rules between them, and what it does.
///
/// Options and arguments are static members of the type, listed in its
/// ``configuration`` and read back in ``run(_:in:)`` by key path, through an
/// ``Invocation`` of this type: a key path can name only this type's members, so
/// reading an option another command declares does not compile.
///
/// ```swift
/// enum Add: Command {
///   static let due = Option<String?>("due", valueName: "date", help: "When it is due.")
///   static let title = Argument<[String]>("title", minimum: 1, help: "What to do.")
///   static let configuration = CommandConfiguration(
///     "add", summary: "Add a todo.", options: [due], arguments: [title])
///
///   static func run(_ add: Invocation<Add>, in app: MyApp) async throws {
///     try app.store.add(title: add[\.title].joined(separator: " "), due: add[\.due])
///   }
/// }
/// ```
///
/// `Context` is what every command of the app runs with (its store, clock, output),
/// built once per run by the app. A group (`sync` with `setup` and `status`) lists its
/// ``subcommands``; given none of them, it runs itself. ``AppCommands`` holds the
/// app's list and runs the command a command line names.
public protocol Command<Context>: Sendable {
  /// What every command of the app runs with.
  associatedtype Context

  /// The command's name, help, options and arguments.
  static var configuration: CommandConfiguration { get }

  /// The commands of a group, selected by the word after its name; none by default.
  static var subcommands: [any Command<Context>.Type] { get }

  /// What the parser, help and the scripts read: made from ``configuration`` and
  /// ``subcommands`` by default (inlined into each type's own module, so that it is
  /// specialized there rather than run as generic code).
  static var spec: CommandSpec { get }

  /// Checks rules between the options and arguments given (`--all` with `--done`),
  /// before the app builds its context or the command runs.
  ///
  /// - Parameter invocation: The options and arguments given.
  /// - Throws: ``CommandLineError``: the runner prints it and exits 64.
  static func validate(_ invocation: Invocation<Self>) throws(CommandLineError)

  /// Does what the command does.
  ///
  /// - Parameters:
  ///   - invocation: The options and arguments given.
  ///   - context: What the app's commands run with.
  /// - Throws: An error the runner reports with its exit code.
  @MainActor
  static func run(_ invocation: Invocation<Self>, in context: Context) async throws
}

extension Command {
  /// No subcommands.
  public static var subcommands: [any Command<Context>.Type] { [] }

  /// No rules between options.
  public static func validate(_ invocation: Invocation<Self>) throws(CommandLineError) {}
}

/// A command's name, help text, options and arguments: what ``Command/configuration``
/// returns, and what help, the manual page and completion scripts are made from.
public struct CommandConfiguration: Sendable {
  /// The word that selects the command, e.g. `add`.
  public var name: String
  /// One line saying what the command does.
  public var summary: String
  /// More text for the command's `--help`, shown after the usage line.
  public var discussion: String?
  /// Other words that select the command (`ls` for `list`).
  public var aliases: [String]
  /// The command's options and flags, in the order help lists them.
  public var options: [any CommandOption]
  /// The positional arguments, in order.
  public var arguments: [any CommandArgument]

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - name: The word that selects the command.
  ///   - summary: One line saying what it does.
  ///   - discussion: More text for its `--help`.
  ///   - aliases: Other words that select it.
  ///   - options: Its options and flags: static members of the command type.
  ///   - arguments: Its positional arguments, in order: static members too.
  public init(
    _ name: String, summary: String, discussion: String? = nil, aliases: [String] = [],
    options: [any CommandOption] = [], arguments: [any CommandArgument] = []
  ) {
    self.name = name
    self.summary = summary
    self.discussion = discussion
    self.aliases = aliases
    self.options = options
    self.arguments = arguments
  }
}

extension Command {
  /// The command's spec, its subcommands' too, for the parser, help and scripts.
  @inlinable
  public static var spec: CommandSpec {
    let configuration = configuration
    let subcommands = subcommands
    var spec = CommandSpec(
      configuration.name, summary: configuration.summary, discussion: configuration.discussion,
      options: configuration.options, arguments: configuration.arguments,
      subcommands: subcommands.isEmpty ? [] : subcommands.map { $0.spec })
    spec.aliases = configuration.aliases
    return spec
  }
}
