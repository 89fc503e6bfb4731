/// What a command's stored properties declare while the kit makes the command: each
/// ``Flag``, ``Option`` and ``Argument`` made during the command's `init()` adds its
/// spec here, in order, and reads its value from the command line being parsed.
///
/// A task-local rather than reflection: `Mirror` looks up what each command type
/// conforms to, which in a static binary scans every conformance record once per
/// type (0.16–0.37 M instructions, Docs/Benchmarks.md) — more than a command's start-up
/// budget. A property made outside the kit's making (a command's `init()` called by
/// hand) reads as not given.
final class CommandDeclarations: @unchecked Sendable {
  // Unchecked: an instance lives only for the one synchronous `init()` call
  // `declarations(of:parsed:)` wraps, on the caller's thread.
  @TaskLocal static var current: CommandDeclarations?

  /// The options and flags declared, in order.
  private(set) var options: [OptionSpec] = []
  /// The positional arguments declared, in order.
  private(set) var arguments: [ArgumentSpec] = []
  /// The first value that could not be read, in declaration order.
  private(set) var firstError: CommandLineError?
  /// The command line the properties read, or `nil` while only declaring.
  private let parsed: ParsedCommand?

  private init(parsed: ParsedCommand?) { self.parsed = parsed }

  /// Makes a value (a command, a group of options) with `make`, collecting what its
  /// properties declare and, given a parsed command line, reading their values.
  ///
  /// - Parameters:
  ///   - parsed: The command line to read, or `nil` to only collect the specs.
  ///   - make: Calls the type's `init()`.
  /// - Returns: The value and what it declared.
  static func declarations<Made>(parsed: ParsedCommand?, of make: () -> Made)
    -> (made: Made, declarations: CommandDeclarations)
  {
    let declarations = CommandDeclarations(parsed: parsed)
    let made = $current.withValue(declarations, operation: make)
    return (made, declarations)
  }

  /// Declares an option or flag; returns what it reads, or `nil` when nothing is
  /// being parsed or its value could not be read.
  static func declare<Value>(
    _ option: OptionSpec, read: ([String], String) throws(CommandLineError) -> Value
  ) -> Value? {
    guard let declarations = current else { return nil }
    declarations.options.append(option)
    guard let parsed = declarations.parsed else { return nil }
    var values = parsed.values(of: option)
    var source = "'--\(option.name)'"
    if values.isEmpty, let variable = option.environment,
      let text = parsed.environment[variable], !text.isEmpty
    {
      values = [text]
      source = "$\(variable)"
    }
    return declarations.reading(values, source: source, with: read)
  }

  /// Declares a positional argument; returns what it reads, or `nil` when nothing is
  /// being parsed or its value could not be read.
  static func declare<Value>(
    _ argument: ArgumentSpec, read: ([String], String) throws(CommandLineError) -> Value
  ) -> Value? {
    guard let declarations = current else { return nil }
    declarations.arguments.append(argument)
    guard let parsed = declarations.parsed else { return nil }
    return declarations.reading(
      parsed.values(ofArgument: argument.name), source: "<\(argument.name)>", with: read)
  }

  private func reading<Value>(
    _ values: [String], source: String,
    with read: ([String], String) throws(CommandLineError) -> Value
  ) -> Value? {
    do throws(CommandLineError) {
      return try read(values, source)
    } catch {
      if firstError == nil { firstError = error }
      return nil
    }
  }
}
