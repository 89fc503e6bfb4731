/// Options, flags and arguments that several commands share, declared once as the
/// stored properties of a type and included in each command with ``OptionGroup``.
///
/// ```swift
/// struct OutputOptions: CommandOptions {
///   @Flag("json", help: "Print JSON.") var json: Bool
/// }
/// struct ListPosts: Command {
///   static let configuration = CommandConfiguration("list", summary: "List the posts.")
///   @OptionGroup var output: OutputOptions
///
///   func run(in context: CommandContext) async throws {
///     context.write(output.json ? "[]\n" : "no posts\n")
///   }
/// }
/// ```
///
/// An app's global options (accepted before or after any command) are a group too,
/// given to ``AppCommands`` as `globalOptions:`.
public protocol CommandOptions: Sendable {
  /// Declares the group's options, with their values when the kit makes it.
  init()
}

/// No options: the global options of an app that has none.
public struct NoOptions: CommandOptions {
  /// No options.
  public init() {}
}

/// A group of options a command includes, in the place it is declared.
@propertyWrapper
public struct OptionGroup<Options: CommandOptions>: Sendable {
  /// The group, with what its options read.
  public let wrappedValue: Options

  /// Includes the group's options.
  public init() { wrappedValue = Options() }
}

extension CommandOptions {
  /// The options as the kit reads them from `arguments` and `environment`: for tests,
  /// and for another front end that takes the same options (a window that reads the
  /// same variables as the command line).
  ///
  /// - Parameters:
  ///   - arguments: Options and arguments, as typed.
  ///   - environment: The variables options fall back to.
  /// - Returns: The group, every value read.
  /// - Throws: ``CommandLineError`` (exit 64) as the app would report it.
  public static func parse(_ arguments: [String], environment: [String: String] = [:])
    throws(CommandLineError) -> Self
  {
    let declared = declaredSpecs
    let command = CommandSpec(
      "options", summary: "", options: declared.options, arguments: declared.arguments)
    return try parse(arguments, as: command, environment: environment)
  }

  /// The value `arguments` give when parsed as `command`'s.
  static func parse(
    _ arguments: [String], as command: CommandSpec, environment: [String: String]
  ) throws(CommandLineError) -> Self {
    let app = CommandLineSpec(
      name: command.name, version: "", summary: command.summary, commands: [command])
    guard case .run(var parsed) = try app.parse([command.name] + arguments) else {
      throw CommandLineError("'\(arguments.joined(separator: " "))' asks for help, not a run")
    }
    parsed.environment = environment
    return try reading(parsed)
  }

  /// The options and arguments the type declares, in order.
  static var declaredSpecs: (options: [OptionSpec], arguments: [ArgumentSpec]) {
    let (_, declarations) = CommandDeclarations.declarations(parsed: nil) { Self() }
    return (declarations.options, declarations.arguments)
  }

  /// The value with what `parsed` gives its options.
  ///
  /// - Throws: ``CommandLineError`` (exit 64) for the first value it cannot read.
  static func reading(_ parsed: ParsedCommand) throws(CommandLineError) -> Self {
    let (made, declarations) = CommandDeclarations.declarations(parsed: parsed) { Self() }
    if let error = declarations.firstError { throw error }
    return made
  }
}
