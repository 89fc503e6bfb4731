public import CoreBase

/// An app's commands, given once as a list of ``Command`` types: the spec the parser,
/// help, the manual page and completion scripts read, and the runner that runs the
/// type a command line names.
///
/// ```swift
/// enum MyCommands {
///   static let all = AppCommands<MyApp>(
///     identity: appIdentity, summary: "Keep a list of things to do.",
///     commands: [Add.self, List.self, Sync.self],
///     whenNoCommand: { app in try await List.run(.none, in: app) })
/// }
///
/// // main.swift
/// await CommandLineApp(spec: MyCommands.all.spec).main { command, context in
///   try await MyCommands.all.run(command) { MyApp(context) }
/// }
/// ```
///
/// The list is read the first time it is needed, so `APP --version` builds no
/// command's configuration. There is no `switch` on names: a listed command always
/// runs its own ``Command/run(_:in:)``.
public struct AppCommands<Context>: Sendable {
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
  ///   - globalOptions: Options every command accepts.
  ///   - manual: What the manual page says besides commands and options.
  ///   - whenNoCommand: What the app does when run with no command.
  public init(
    identity: AppIdentity, summary: String,
    commands: @autoclosure @escaping @Sendable () -> [any Command<Context>.Type],
    globalOptions: [any CommandOption] = [], manual: ManualPage = ManualPage(),
    whenNoCommand: @escaping @MainActor @Sendable (Context) async throws -> Void
  ) {
    let types = LazyValue(commands)
    self.types = types
    self.whenNoCommand = whenNoCommand
    spec = CommandLineSpec(
      identity: identity, summary: summary, lazyCommands: types.value.map { $0.spec },
      globalOptions: globalOptions
    ).withManualPage(manual)
  }

  /// Runs the command `command` names: checks its ``Command/validate(_:)`` rules, then
  /// makes the context and runs it; with no command, ``init(identity:summary:commands:globalOptions:manual:whenNoCommand:)``'s
  /// `whenNoCommand`.
  ///
  /// - Parameters:
  ///   - command: The parsed command line, from ``spec``.
  ///   - makeContext: Builds what the commands run with, once the rules hold.
  /// - Throws: ``CommandLineError`` (exit 64) when a rule does not hold, or what the
  ///   command throws.
  @MainActor
  public func run(
    _ command: ParsedCommand, in makeContext: @MainActor () async throws -> Context
  ) async throws {
    guard let name = command.name else {
      try await whenNoCommand(makeContext())
      return
    }
    guard let type = type(at: name.split(separator: " ").map(String.init)) else {
      // The parser accepts only the spec's commands, and the spec is made from the list.
      preconditionFailure("'\(name)' is in the spec but not in the command list")
    }
    try await Self.execute(type, command, makeContext)
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
    _ type: Declaring.Type, _ command: ParsedCommand,
    _ makeContext: @MainActor () async throws -> Context
  ) async throws where Declaring.Context == Context {
    let invocation = Invocation<Declaring>(command)
    try Declaring.validate(invocation)
    try await Declaring.run(invocation, in: makeContext())
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
