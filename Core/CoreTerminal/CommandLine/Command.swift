/// A command of a command-line app, as one type: its name and help, the options and
/// arguments it declares, the rules between them, and what it does.
///
/// Options, flags and arguments are the command's stored properties, each declared
/// once with ``Flag``, ``Option`` or ``Argument`` and read as a property: one that is
/// not declared does not compile, and there is no list to keep in step. The kit makes
/// the command from the command line (every value read, or exit 64 before the command
/// runs), checks ``validate()``, then calls ``run(in:)``.
///
/// <!-- doc-test: context
/// /// What the app's commands run with.
/// struct MyApp {
///   var store = Store()
///   struct Store { func add(title: String, due: String?) throws {} }
/// }
/// -->
/// ```swift
/// struct Add: Command {
///   static let configuration = CommandConfiguration("add", summary: "Add a todo.")
///
///   @Option("due", valueName: "date", help: "When it is due.") var due: String?
///   @Argument("title", minimum: 1, help: "What to do.") var title: [String]
///
///   func run(in app: MyApp) async throws {
///     try app.store.add(title: title.joined(separator: " "), due: due)
///   }
/// }
/// ```
///
/// `Context` is what every command of the app runs with (its store, clock, output),
/// built once per run by the app. A group (`sync` with `setup` and `status`) lists its
/// ``subcommands``; given none of them, it runs itself. ``AppCommands`` holds the
/// app's list and runs the command a command line names.
public protocol Command<Context>: CommandOptions {
  /// What every command of the app runs with.
  associatedtype Context

  /// The command's name and help.
  static var configuration: CommandConfiguration { get }

  /// The commands of a group, selected by the word after its name; none by default.
  static var subcommands: [any Command<Context>.Type] { get }

  /// What the parser, help and the scripts read: made from ``configuration``, the
  /// properties' declarations and ``subcommands`` by default.
  static var spec: CommandSpec { get }

  /// Checks rules between the options and arguments given (`--all` with `--done`),
  /// before the app builds its context or the command runs.
  ///
  /// - Throws: ``CommandLineError``: the runner prints it and exits 64.
  func validate() throws(CommandLineError)

  /// Does what the command does.
  ///
  /// - Parameter context: What the app's commands run with.
  /// - Throws: An error the runner reports with its exit code.
  @MainActor
  func run(in context: Context) async throws
}

extension Command {
  /// No subcommands.
  public static var subcommands: [any Command<Context>.Type] { [] }

  /// No rules between options.
  public func validate() throws(CommandLineError) {}

  /// The command's spec, its subcommands' too, for the parser, help and scripts.
  public static var spec: CommandSpec {
    let configuration = configuration
    let subcommands = subcommands
    let declared = declaredSpecs
    var spec = CommandSpec(
      configuration.name, summary: configuration.summary, discussion: configuration.discussion,
      options: declared.options, arguments: declared.arguments,
      subcommands: subcommands.isEmpty ? [] : subcommands.map { $0.spec })
    spec.aliases = configuration.aliases
    return spec
  }

  /// The command as the kit makes it from `arguments`, the words after its name: for
  /// tests, and for running a command from code.
  ///
  /// <!-- doc-test: context
  /// import Testing
  /// struct Add: Command {
  ///   static let configuration = CommandConfiguration("add", summary: "Add a todo.")
  ///   @Option("due", valueName: "date", help: "When it is due.") var due: String?
  ///   @Argument("title", minimum: 1, help: "What to do.") var title: [String]
  ///   func run(in context: CommandContext) async throws {}
  /// }
  /// func example() throws {
  /// // after the block:
  /// }
  /// -->
  /// ```swift
  /// let add = try Add.parse(["Buy milk", "--due", "tomorrow"])
  /// #expect(add.due == "tomorrow")
  /// ```
  ///
  /// - Parameters:
  ///   - arguments: The options and arguments, as typed after the command's name.
  ///   - environment: The variables options fall back to.
  /// - Returns: The command, every value read.
  /// - Throws: ``CommandLineError`` (exit 64) as the app would report it.
  public static func parse(_ arguments: [String], environment: [String: String] = [:])
    throws(CommandLineError) -> Self
  {
    try parse(arguments, as: spec, environment: environment)
  }
}

/// A command's name and help text: what ``Command/configuration`` returns.
public struct CommandConfiguration: Sendable {
  /// The word that selects the command, e.g. `add`.
  public var name: String
  /// One line saying what the command does.
  public var summary: String
  /// More text for the command's `--help`, shown after the usage line.
  public var discussion: String?
  /// Other words that select the command (`ls` for `list`).
  public var aliases: [String]

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - name: The word that selects the command.
  ///   - summary: One line saying what it does.
  ///   - discussion: More text for its `--help`.
  ///   - aliases: Other words that select it.
  public init(
    _ name: String, summary: String, discussion: String? = nil, aliases: [String] = []
  ) {
    self.name = name
    self.summary = summary
    self.discussion = discussion
    self.aliases = aliases
  }
}
