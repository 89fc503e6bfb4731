public import CoreBase

/// The declarative description of an app's command line, from which parsing, `--help`
/// and `--version` follow.
///
/// Every app gets `-h`/`--help`, `--version` and `--color auto|always|never` without
/// declaring them.
///
/// An app rarely writes one by hand: ``AppCommands`` makes it from the app's
/// ``Command`` types, whose properties declare the options and arguments. By hand, for
/// a tool with no command types:
///
/// ```swift
/// let spec = CommandLineSpec(
///   name: "todo", version: "1.0.0", summary: "Keep a list of things to do.",
///   commands: [
///     CommandSpec("list", summary: "List the todos.", options: [.flag("json", help: "Print JSON.")]),
///     CommandSpec("add", summary: "Add a todo.", arguments: [.variadic("title", minimum: 1, help: "What to do.")]),
///   ])
/// switch try spec.parse(["list", "--json"]) {
/// case .help(let text), .version(let text): print(text)
/// case .run(let command): print(command.name ?? "no command")
/// }
/// ```
public struct CommandLineSpec: Sendable {
  /// The app's command name, e.g. `todo`.
  public var name: String
  /// The version `--version` prints.
  public var version: String
  /// The folder family the app's files live in; see `AppIdentity`.
  public var family: String
  /// The app the spec describes: its name, version and folder family.
  public var identity: AppIdentity { AppIdentity(name: name, version: version, family: family) }
  /// One line saying what the app does.
  public var summary: String
  /// The subcommands.
  ///
  /// Given as `lazyCommands:`, they are built the first time they are asked for:
  /// `--version` never asks.
  public var commands: [CommandSpec] {
    get { commandList.value }
    set { commandList = LazyCommands(newValue) }
  }
  private var commandList: LazyCommands
  /// Options every command accepts, besides the built-in `--color`, `--help`, `--version`.
  public var globalOptions: [OptionSpec]
  /// The command run when none is given, or `nil` to let the app decide (for example
  /// to start its interactive UI).
  public var defaultCommand: String?
  /// What the manual page says besides commands and options; see ``withManualPage(_:)``.
  public var manual = ManualPage()

  /// Creates a spec for an app in a family of its own (its files live under `name`).
  ///
  /// - Parameters:
  ///   - name: The app's command name; also its folder family.
  ///   - version: The version `--version` prints.
  ///   - summary: One line saying what the app does.
  ///   - commands: The subcommands.
  ///   - globalOptions: Options every command accepts.
  ///   - defaultCommand: The command run when none is given.
  public init(
    name: String, version: String, summary: String, commands: [CommandSpec],
    globalOptions: [OptionSpec] = [], defaultCommand: String? = nil
  ) {
    self.name = name
    self.version = version
    self.family = name
    self.summary = summary
    self.commandList = LazyCommands(commands)
    self.globalOptions = globalOptions
    self.defaultCommand = defaultCommand
  }

  /// Creates a spec for the app `identity` names: its name, version and folders.
  ///
  /// - Parameters:
  ///   - identity: The app's name, version and folder family.
  ///   - summary: One line saying what the app does.
  ///   - commands: The subcommands.
  ///   - globalOptions: Options every command accepts.
  ///   - defaultCommand: The command run when none is given.
  public init(
    identity: AppIdentity, summary: String, commands: [CommandSpec],
    globalOptions: [OptionSpec] = [], defaultCommand: String? = nil
  ) {
    self.init(
      name: identity.name, version: identity.version, summary: summary, commands: commands,
      globalOptions: globalOptions, defaultCommand: defaultCommand)
    family = identity.family
  }

  /// The built-in `--color` option.
  /// Creates a spec for the app `identity` names whose commands are declared only when
  /// first needed: `APP --version` prints the version without building them (for an app
  /// with many commands and completions, the larger part of what it does before a
  /// command).
  ///
  /// - Parameters:
  ///   - identity: The app: its name, version and folder family.
  ///   - summary: One line saying what the app does.
  ///   - lazyCommands: The subcommands, evaluated once, when first asked for.
  ///   - globalOptions: Options every command accepts.
  ///   - defaultCommand: The command run when none is given.
  public init(
    identity: AppIdentity, summary: String,
    lazyCommands: @autoclosure @escaping @Sendable () -> [CommandSpec],
    globalOptions: [OptionSpec] = [], defaultCommand: String? = nil
  ) {
    self.init(
      identity: identity, summary: summary, commands: [], globalOptions: globalOptions,
      defaultCommand: defaultCommand)
    commandList = LazyCommands(lazyCommands)
  }

  public static let colorOption = OptionSpec.option(
    "color", valueName: "when", help: "Use color: auto, always or never (default: auto)."
  ).completing(.list(["auto", "always", "never"]))

  /// Finds a command by name or by one of its aliases (see ``CommandSpec/alsoCalled(_:)``).
  ///
  /// - Parameter name: The command's name or an alias.
  /// - Returns: The command, or `nil` when there is none by that name.
  public func command(named name: String) -> CommandSpec? {
    commands.first { $0.name == name } ?? commands.first { $0.aliases.contains(name) }
  }

  /// Finds a command by the words that select it: `["sync", "setup"]`.
  ///
  /// - Parameter path: The command's name, then a subcommand's, and so on.
  /// - Returns: The command, or `nil` when a word selects none.
  public func command(at path: [String]) -> CommandSpec? {
    guard let first = path.first, var command = command(named: first) else { return nil }
    for word in path.dropFirst() {
      guard let subcommand = command.subcommand(named: word) else { return nil }
      command = subcommand
    }
    return command
  }
}

/// One subcommand: its options and positional arguments.
public struct CommandSpec: Sendable {
  /// The word that selects the command, e.g. `add`.
  public var name: String
  /// One line saying what the command does.
  public var summary: String
  /// More text for the command's `--help`, shown after the usage line.
  public var discussion: String?
  /// The command's options and flags.
  public var options: [OptionSpec]
  /// The positional arguments, in order.
  public var arguments: [ArgumentSpec]
  /// Other words that select the command (`ls` for `list`); see ``alsoCalled(_:)``.
  public var aliases: [String] = []
  /// The commands of a group (`setup` and `status` of `sync`): the word after the
  /// group's selects one, and its options and arguments replace the group's. Given
  /// none, the group runs itself.
  public private(set) var subcommands: [CommandSpec] = []
  /// The words before ``name`` on a command line: the groups it belongs to.
  public private(set) var groups: [String] = []
  /// The command as typed after the app's name: `sync setup`, or `add`.
  public var fullName: String { (groups + [name]).joined(separator: " ") }

  /// Creates a command.
  ///
  /// - Parameters:
  ///   - name: The word that selects the command.
  ///   - summary: One line saying what it does.
  ///   - discussion: More text for its `--help`.
  ///   - options: Its options and flags.
  ///   - arguments: Its positional arguments, in order.
  ///   - subcommands: The commands of a group, selected by the word after its name.
  public init(
    _ name: String, summary: String, discussion: String? = nil,
    options: [OptionSpec] = [], arguments: [ArgumentSpec] = [],
    subcommands: [CommandSpec] = []
  ) {
    self.name = name
    self.summary = summary
    self.discussion = discussion
    self.options = options
    self.arguments = arguments
    self.subcommands = subcommands.map { $0.inGroup([name]) }
  }

  /// The command as part of the groups `groups` name, its subcommands too.
  private func inGroup(_ groups: [String]) -> CommandSpec {
    var command = self
    command.groups = groups + self.groups
    command.subcommands = subcommands.map { $0.inGroup(groups) }
    return command
  }

  /// Finds a subcommand by name or alias.
  ///
  /// - Parameter name: The subcommand's name or an alias.
  /// - Returns: The subcommand, or `nil` when the command has none by that name.
  public func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name } ?? subcommands.first { $0.aliases.contains(name) }
  }

  /// The command, also selected by the words people coming from other tools type.
  ///
  /// The parser runs the command for an alias as for its name (``ParsedCommand/name``
  /// is the command's name), `--help` lists the aliases after the summary, and the
  /// unknown-command suggestion considers them. Completion scripts offer the names only.
  ///
  /// ```swift
  /// CommandSpec("rm", summary: "Delete todos.").alsoCalled("del", "delete", "remove")
  /// ```
  ///
  /// - Parameter aliases: The other words.
  /// - Returns: The command with those aliases.
  public func alsoCalled(_ aliases: String...) -> CommandSpec {
    var command = self
    command.aliases += aliases
    return command
  }
}

/// A flag (`--json`) or an option with a value (`--due 2026-12-01`, `--due=2026-12-01`).
public struct OptionSpec: Sendable, Hashable {
  /// The long name without dashes, e.g. `due`.
  public var name: String
  /// The short form, e.g. `n` for `-n`.
  public var short: Character?
  /// One line for `--help`.
  public var help: String
  /// The placeholder shown in help (`<date>`), or `nil` for a flag.
  public var valueName: String?
  /// Whether the option may be given several times, collecting every value.
  public var isRepeatable: Bool
  /// What a shell offers for the option's value on Tab; see ``completing(_:)``.
  public var completion: CompletionKind = .none
  /// The variable read when the option is not given (`POSTS_SERVER`), or `nil`.
  public var environment: String?

  /// Whether this is a flag, which takes no value.
  public var isFlag: Bool { valueName == nil }

  /// A flag, which is on when present.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - help: One line for `--help`.
  /// - Returns: The flag.
  public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, help: help, valueName: nil, isRepeatable: false)
  }

  /// An option that takes a value. Given twice, the last value wins unless it is repeatable.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - valueName: The placeholder shown in help.
  ///   - help: One line for `--help`.
  ///   - isRepeatable: Whether every value given is collected.
  /// - Returns: The option.
  public static func option(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    isRepeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      name: name, short: short, help: help, valueName: valueName, isRepeatable: isRepeatable)
  }
}

/// A positional argument.
public struct ArgumentSpec: Sendable, Hashable {
  /// How many values an argument takes.
  public enum Arity: Sendable, Hashable {
    /// Exactly one.
    case required
    /// Zero or one.
    case optional
    /// Any number, at least `minimum`; only the last argument may be variadic.
    case variadic(minimum: Int)
  }

  /// The name used in help (`<title>`) and to read the value.
  public var name: String
  /// One line for `--help`.
  public var help: String
  /// How many values it takes.
  public var arity: Arity
  /// What a shell offers for the argument on Tab; see ``completing(_:)``.
  public var completion: CompletionKind = .none

  /// An argument that must be given.
  ///
  /// - Parameters:
  ///   - name: The argument's name.
  ///   - help: One line for `--help`.
  /// - Returns: The argument.
  public static func required(_ name: String, help: String) -> ArgumentSpec {
    ArgumentSpec(name: name, help: help, arity: .required)
  }

  /// An argument that may be left out.
  ///
  /// - Parameters:
  ///   - name: The argument's name.
  ///   - help: One line for `--help`.
  /// - Returns: The argument.
  public static func optional(_ name: String, help: String) -> ArgumentSpec {
    ArgumentSpec(name: name, help: help, arity: .optional)
  }

  /// An argument that takes all remaining values.
  ///
  /// - Parameters:
  ///   - name: The argument's name.
  ///   - minimum: The fewest values accepted.
  ///   - help: One line for `--help`.
  /// - Returns: The argument.
  public static func variadic(_ name: String, minimum: Int = 0, help: String) -> ArgumentSpec {
    ArgumentSpec(name: name, help: help, arity: .variadic(minimum: minimum))
  }
}

/// A spec's commands, built once, when first asked for.
private final class LazyCommands: Sendable {
  private let make: @Sendable () -> [CommandSpec]
  private let built: Locked<[CommandSpec]?>

  init(_ make: @escaping @Sendable () -> [CommandSpec]) {
    self.make = make
    built = Locked(nil)
  }

  init(_ commands: [CommandSpec]) {
    make = { commands }
    built = Locked(commands)
  }

  var value: [CommandSpec] {
    if let commands = built.withLock({ $0 }) { return commands }
    let commands = make()
    return built.withLock { built in
      if let earlier = built { return earlier }
      built = commands
      return commands
    }
  }
}
