public import CoreBase

/// An app's commands, given once as a list of ``Command`` types: the spec the parser,
/// help, the manual page and completion scripts read, and the runner that runs the
/// type a command line names.
///
/// <!-- doc-test: context
/// let appIdentity = AppIdentity(name: "todo", version: "1.0.0")
/// struct MyApp { init(_ context: CommandContext) {} }
/// struct Add: Command {
///   static let configuration = CommandConfiguration("add", summary: "Add a todo.")
///   func run(in app: MyApp) async throws {}
/// }
/// struct List: Command {
///   static let configuration = CommandConfiguration("list", summary: "List the todos.")
///   func run(in app: MyApp) async throws {}
/// }
/// struct Sync: Command {
///   static let configuration = CommandConfiguration("sync", summary: "Sync the list.")
///   func run(in app: MyApp) async throws {}
/// }
/// -->
/// ```swift
/// enum MyCommands {
///   static let all = AppCommands(
///     identity: appIdentity, summary: "Keep a list of things to do.",
///     commands: [Add.self, List.self, Sync.self]
///   ) { (app: MyApp) in try await List().run(in: app) }
/// }
///
/// // main.swift
/// await CommandLineApp(spec: MyCommands.all.spec).main { command, context in
///   try await MyCommands.all.run(command) { MyApp(context) }
/// }
/// ```
///
/// `GlobalOptions` are the options every command accepts, before or after its name (a
/// ``CommandOptions`` group; ``NoOptions`` when the app has none): the app builds
/// its context from them. The list is read the first time it is needed, so
/// `APP --version` builds no command's declarations. There is no `switch` on names: a
/// listed command always runs its own ``Command/run(in:)``.
public struct AppCommands<Context, GlobalOptions: CommandOptions>: Sendable {
  /// The command line the list describes.
  public let spec: CommandLineSpec
  private let types: LazyValue<[any Command<Context>.Type]>
  private let whenNoCommand: @MainActor @Sendable (Context) async throws -> Void

  /// Creates an app's commands.
  ///
  /// - Parameters:
  ///   - identity: The app: its name, version and folder family.
  ///   - summary: One line saying what the app does.
  ///   - commands: The app's command types, in the order help lists them; read once,
  ///     when first needed.
  ///   - globalOptions: The options every command accepts.
  ///   - manual: What the manual page says besides commands and options.
  ///   - whenNoCommand: What the app does when run with no command.
  public init(
    identity: AppIdentity, summary: String,
    commands: @autoclosure @escaping @Sendable () -> [any Command<Context>.Type],
    globalOptions: GlobalOptions.Type, manual: ManualPage = ManualPage(),
    whenNoCommand: @escaping @MainActor @Sendable (Context) async throws -> Void
  ) {
    let types = LazyValue(commands)
    self.types = types
    self.whenNoCommand = whenNoCommand
    spec = CommandLineSpec(
      identity: identity, summary: summary, lazyCommands: types.value.map { $0.spec },
      globalOptions: GlobalOptions.declaredSpecs.options
    ).withManualPage(manual)
  }

  /// Runs the command `command` names: reads its options and arguments (exit 64 for a
  /// value it cannot read), checks its ``Command/validate()`` rules, then makes the
  /// context and runs it; with no command, the `whenNoCommand` given.
  ///
  /// - Parameters:
  ///   - command: The parsed command line, from ``spec``.
  ///   - makeContext: Builds what the commands run with from the global options, once
  ///     the command's values are read and its rules hold.
  /// - Throws: ``CommandLineError`` (exit 64) when a value cannot be read or a rule
  ///   does not hold, or what the command throws.
  @MainActor
  public func run(
    _ command: ParsedCommand,
    in makeContext: @MainActor (GlobalOptions) async throws -> Context
  ) async throws {
    let globals = try GlobalOptions.reading(command)
    guard let name = command.name else {
      try await whenNoCommand(makeContext(globals))
      return
    }
    // The parser accepts only the spec's commands, and the spec is made from the list.
    guard let type = type(at: name.split(separator: " ").map(String.init)) else { return }
    try await Self.execute(type, command) { try await makeContext(globals) }
  }

  /// The listed type the words name: a command, then its subcommands.
  private func type(at path: [String]) -> (any Command<Context>.Type)? {
    var candidates = types.value
    var found: (any Command<Context>.Type)?
    for word in path {
      guard
        let match = candidates.first(where: { $0.configuration.name == word })
          ?? candidates.first(where: { $0.configuration.aliases.contains(word) })
      else { return nil }
      found = match
      candidates = match.subcommands
    }
    return found
  }

  @MainActor
  private static func execute<Declaring: Command>(
    _ type: Declaring.Type, _ parsed: ParsedCommand,
    _ makeContext: @MainActor () async throws -> Context
  ) async throws where Declaring.Context == Context {
    let command = try Declaring.reading(parsed)
    try command.validate()
    try await command.run(in: makeContext())
  }
}

extension AppCommands {
  /// Runs the app on the process's arguments with ``CommandLineApp``, then exits: the
  /// whole of a `main.swift`.
  ///
  /// <!-- doc-test: skip a main.swift's one line: `MyCommands` and `MyApp` are the app's -->
  /// ```swift
  /// await MyCommands.all.main { options, context in MyApp(options, context) }
  /// ```
  ///
  /// - Parameter makeContext: Builds what the commands run with, from the global
  ///   options and the process's context.
  @MainActor
  public func main(
    _ makeContext: @escaping @MainActor (GlobalOptions, CommandContext) async throws -> Context
  ) async -> Never {
    await CommandLineApp(spec: spec).main { command, context in
      try await run(command) { options in try await makeContext(options, context) }
    }
  }
}

extension AppCommands where GlobalOptions == NoOptions {
  /// Creates the commands of an app with no global options.
  ///
  /// - Parameters:
  ///   - identity: The app: its name, version and folder family.
  ///   - summary: One line saying what the app does.
  ///   - commands: The app's command types, in the order help lists them.
  ///   - manual: What the manual page says besides commands and options.
  ///   - whenNoCommand: What the app does when run with no command.
  public init(
    identity: AppIdentity, summary: String,
    commands: @autoclosure @escaping @Sendable () -> [any Command<Context>.Type],
    manual: ManualPage = ManualPage(),
    whenNoCommand: @escaping @MainActor @Sendable (Context) async throws -> Void
  ) {
    self.init(
      identity: identity, summary: summary, commands: commands(), globalOptions: NoOptions.self,
      manual: manual, whenNoCommand: whenNoCommand)
  }

  /// Runs the app on the process's arguments, then exits, as the other `main(_:)` does.
  ///
  /// - Parameter makeContext: Builds what the commands run with.
  @MainActor
  public func main(
    _ makeContext: @escaping @MainActor (CommandContext) async throws -> Context
  ) async -> Never {
    await main { (_: NoOptions, context) in try await makeContext(context) }
  }

  /// Runs the command `command` names, as the other `run(_:in:)` does.
  ///
  /// - Parameters:
  ///   - command: The parsed command line, from ``spec``.
  ///   - makeContext: Builds what the commands run with.
  /// - Throws: ``CommandLineError`` (exit 64) or what the command throws.
  @MainActor
  public func run(
    _ command: ParsedCommand, in makeContext: @MainActor () async throws -> Context
  ) async throws {
    try await run(command) { (_: NoOptions) in try await makeContext() }
  }
}

/// A value made once, the first time it is asked for.
private final class LazyValue<Value: Sendable>: Sendable {
  private let make: @Sendable () -> Value
  private let made: Locked<Value?>

  init(_ make: @escaping @Sendable () -> Value) {
    self.make = make
    made = Locked(nil)
  }

  var value: Value {
    if let value = made.withLock({ $0 }) { return value }
    let value = make()
    return made.withLock { made in
      if let earlier = made { return earlier }
      made = value
      return value
    }
  }
}
