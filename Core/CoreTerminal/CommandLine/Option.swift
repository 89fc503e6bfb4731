/// A flag: on when given (`--json`, `-a`), read as a `Bool`.
///
/// Declared once, as a stored property of a ``Command`` (or of a ``CommandOptions``
/// group a command includes), and read as that property:
///
/// ```swift
/// struct ListTodos: Command {
///   static let configuration = CommandConfiguration("list", summary: "List the todos.")
///   @Flag("json", help: "Print JSON.") var json: Bool
///
///   func run(in context: CommandContext) async throws {
///     context.write(json ? "[]\n" : "nothing to do\n")
///   }
/// }
/// ```
@propertyWrapper
public struct Flag: Sendable {
  /// Whether the flag was given.
  public let wrappedValue: Bool

  /// A flag.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - help: One line for `--help`.
  public init(_ name: String, short: Character? = nil, help: String) {
    wrappedValue =
      CommandDeclarations.declare(
        OptionSpec(name: name, short: short, help: help, valueName: nil, isRepeatable: false)
      ) { values, _ throws(CommandLineError) in !values.isEmpty } ?? false
  }
}

/// An option with a value (`--due 2026-12-01`, `--due=…`, `-p high`), read typed.
///
/// The property's type says how the option reads: `Value?` takes one value (given
/// twice, the last wins) and reads `nil` when not given; `[Value]` is repeatable and
/// reads every value given, in order. `Value` is a ``CommandLineValue`` (text, an
/// integer, an enumeration of words), or anything with a conversion of its own.
///
/// <!-- doc-test: context
/// enum Priority: String, CaseIterable, CommandLineValue { case low, medium, high }
/// struct AddOptions: CommandOptions {
/// // after the block:
/// }
/// -->
/// ```swift
/// @Option("priority", short: "p", valueName: "level", help: "low, medium or high.")
/// var priority: Priority?
/// @Option("tag", short: "t", valueName: "tag", help: "A tag.") var tags: [String]
/// @Option("server", valueName: "url", environment: "POSTS_SERVER", help: "The server.")
/// var server: String?
/// ```
///
/// A value the option cannot read stops the command line before the command runs
/// (exit 64), naming the value, the option and what it expects. An option with an
/// `environment` variable reads the variable when the command line does not give it;
/// help, the manual page and the zsh and fish completions say so, and a bad value in the
/// variable is the same error, naming the variable.
@propertyWrapper
public struct Option<Value: Sendable>: Sendable {
  /// What the option reads.
  public let wrappedValue: Value

  /// Declares the option and reads it from the command line being parsed, if any.
  init(
    _ name: String, short: Character?, valueName: String, help: String, environment: String?,
    isRepeatable: Bool, completion: CompletionKind,
    read: @escaping ValueReading.Read<Value>,
    notGiven: Value
  ) {
    // The variable is part of the help line, so help, the manual page and the
    // completion scripts that show help (zsh, fish) say it.
    let described = environment.map { "\(help) [env: \($0)]" } ?? help
    var spec = OptionSpec(
      name: name, short: short, help: described, valueName: valueName,
      isRepeatable: isRepeatable)
    spec.completion = completion
    spec.environment = environment
    wrappedValue = CommandDeclarations.declare(spec, read: read) ?? notGiven
  }
}

extension Option {
  /// An option given at most once, read as `Wrapped?` (given twice, the last value wins).
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - valueName: The placeholder shown in help.
  ///   - environment: A variable read when the option is not given.
  ///   - help: One line for `--help`.
  ///   - completion: What a shell offers for the value, in place of its type's.
  public init<Wrapped: CommandLineValue>(
    _ name: String, short: Character? = nil, valueName: String = "value",
    environment: String? = nil, help: String, completion: CompletionKind? = nil
  ) where Value == Wrapped? {
    self.init(
      name, short: short, valueName: valueName, environment: environment, help: help,
      completion: completion ?? Wrapped.argumentCompletion, expected: Wrapped.expectedArgument,
      parse: Wrapped.init(argument:))
  }

  /// An option given at most once, whose value `parse` converts.
  ///
  /// <!-- doc-test: context
  /// struct ListOptions: CommandOptions {
  /// // after the block:
  /// }
  /// -->
  /// ```swift
  /// @Option(
  ///   "limit", valueName: "count", help: "Show at most this many.",
  ///   expected: "a count of 1 or more", parse: { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
  /// var limit: Int?
  /// ```
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - valueName: The placeholder shown in help.
  ///   - environment: A variable read when the option is not given.
  ///   - help: One line for `--help`.
  ///   - completion: What a shell offers for the value.
  ///   - expected: What a valid value looks like, for the error message.
  ///   - parse: Converts the text; `nil` for an invalid value.
  public init<Wrapped>(
    _ name: String, short: Character? = nil, valueName: String = "value",
    environment: String? = nil, help: String, completion: CompletionKind = .none,
    expected: String, parse: @escaping @Sendable (String) -> Wrapped?
  ) where Value == Wrapped? {
    self.init(
      name, short: short, valueName: valueName, help: help, environment: environment,
      isRepeatable: false, completion: completion,
      read: ValueReading.last(expected: expected, parse: parse), notGiven: nil)
  }

  /// A repeatable option, read as every value given, in order (none: `[]`).
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - valueName: The placeholder shown in help.
  ///   - help: One line for `--help`; help adds that it is repeatable.
  ///   - completion: What a shell offers for a value, in place of its type's.
  public init<Element: CommandLineValue>(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    completion: CompletionKind? = nil
  ) where Value == [Element] {
    self.init(
      name, short: short, valueName: valueName, help: help,
      completion: completion ?? Element.argumentCompletion, expected: Element.expectedArgument,
      parse: Element.init(argument:))
  }

  /// A repeatable option whose values `parse` converts, read in order (none: `[]`).
  ///
  /// <!-- doc-test: context
  /// struct ServeOptions: CommandOptions {
  /// // after the block:
  /// }
  /// -->
  /// ```swift
  /// @Option(
  ///   "port", valueName: "port", help: "A port to listen on.", expected: "a port (1-65535)",
  ///   parse: { Int($0).flatMap { (1...65535).contains($0) ? $0 : nil } })
  /// var ports: [Int]
  /// ```
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - valueName: The placeholder shown in help.
  ///   - help: One line for `--help`; help adds that it is repeatable.
  ///   - completion: What a shell offers for a value.
  ///   - expected: What a valid value looks like, for the error message.
  ///   - parse: Converts one value; `nil` for an invalid one.
  public init<Element>(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    completion: CompletionKind = .none, expected: String,
    parse: @escaping @Sendable (String) -> Element?
  ) where Value == [Element] {
    self.init(
      name, short: short, valueName: valueName, help: help, environment: nil,
      isRepeatable: true, completion: completion,
      read: ValueReading.each(expected: expected, parse: parse), notGiven: [])
  }
}
