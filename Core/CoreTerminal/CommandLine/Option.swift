/// A flag or an option a command declares: a ``Flag`` or an ``Option``.
///
/// A ``CommandSpec`` lists them; ``ParsedCommand`` reads them back by subscript, so
/// an option is named once, where it is declared, and a misspelled one is a compile
/// error rather than a flag that is never on.
public protocol CommandOption: Sendable {
  /// How help, the manual page and completion scripts show the option.
  var optionSpec: OptionSpec { get }
}

extension CommandOption {
  /// The long name without dashes, e.g. `due`, for messages that name the option.
  public var name: String { optionSpec.name }
}

/// A flag: on when given (`--json`, `-a`), read as a `Bool`.
///
/// ```swift
/// static let json = Flag("json", help: "Print JSON.")
/// if command[json] { … }
/// ```
public struct Flag: CommandOption {
  /// How help, the manual page and completion scripts show the flag.
  public let optionSpec: OptionSpec

  /// A flag.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - help: One line for `--help`.
  public init(_ name: String, short: Character? = nil, help: String) {
    optionSpec = OptionSpec(
      name: name, short: short, help: help, valueName: nil, isRepeatable: false)
  }
}

/// An option with a value (`--due 2026-12-01`, `--due=…`, `-p high`), read typed.
///
/// The type says how the option reads: `Option<Value?>` takes one value (given twice,
/// the last wins) and reads `nil` when not given; `Option<[Value]>` is repeatable and
/// reads every value given, in order. `Value` is a ``CommandLineValue`` (text, an
/// integer, an enumeration of words), or anything with a conversion of its own.
///
/// ```swift
/// enum Add {
///   static let priority = Option<Priority?>(
///     "priority", short: "p", valueName: "level", help: "low, medium or high.")
///   static let tags = Option<[String]>("tag", short: "t", valueName: "tag", help: "A tag.")
/// }
/// CommandSpec("add", summary: "Add a todo.", options: [Add.priority, Add.tags])
///
/// let priority = try command[Add.priority]  // Priority?, or exit 64 for a wrong value
/// let tags = try command[Add.tags]          // [String]
/// ```
public struct Option<Output>: CommandOption {
  /// How help, the manual page and completion scripts show the option.
  public private(set) var optionSpec: OptionSpec
  /// Converts the values given, in order, to what the option reads.
  let read: @Sendable ([String]) throws(CommandLineError) -> Output

  /// The option with `completion` for its value, in place of its type's.
  ///
  /// - Parameter completion: What a shell offers for the value.
  /// - Returns: A copy of the option.
  public func completing(_ completion: CompletionKind) -> Option {
    var copy = self
    copy.optionSpec.completion = completion
    return copy
  }
}

extension Option {
  /// An option given at most once, read as `Value?` (given twice, the last value wins).
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - valueName: The placeholder shown in help.
  ///   - help: One line for `--help`.
  public init<Value: CommandLineValue>(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String
  ) where Output == Value? {
    self.init(
      name, short: short, valueName: valueName, help: help, expected: Value.expectedArgument,
      parse: Value.init(argument:))
    optionSpec.completion = Value.argumentCompletion
  }

  /// An option given at most once, whose value `parse` converts.
  ///
  /// ```swift
  /// static let limit = Option<Int?>(
  ///   "limit", valueName: "count", help: "Show at most this many.",
  ///   expected: "a count of 1 or more") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - valueName: The placeholder shown in help.
  ///   - help: One line for `--help`.
  ///   - expected: What a valid value looks like, for the error message.
  ///   - parse: Converts the text; `nil` for an invalid value.
  public init<Value>(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    expected: String, parse: @escaping @Sendable (String) -> Value?
  ) where Output == Value? {
    optionSpec = OptionSpec(
      name: name, short: short, help: help, valueName: valueName, isRepeatable: false)
    read = { values throws(CommandLineError) in
      guard let text = values.last else { return nil }
      guard let value = parse(text) else {
        throw .invalidValue(text, for: "'--\(name)'", expected: expected)
      }
      return value
    }
  }

  /// A repeatable option, read as every value given, in order (none: `[]`).
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - valueName: The placeholder shown in help.
  ///   - help: One line for `--help`; help adds that it is repeatable.
  public init<Element: CommandLineValue>(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String
  ) where Output == [Element] {
    self.init(
      name, short: short, valueName: valueName, help: help,
      expected: Element.expectedArgument, parse: Element.init(argument:))
    optionSpec.completion = Element.argumentCompletion
  }

  /// A repeatable option whose values `parse` converts, read in order (none: `[]`).
  ///
  /// ```swift
  /// static let ports = Option<[Int]>(
  ///   "port", valueName: "port", help: "A port to listen on.",
  ///   expected: "a port (1-65535)") { Int($0).flatMap { (1...65535).contains($0) ? $0 : nil } }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - valueName: The placeholder shown in help.
  ///   - help: One line for `--help`; help adds that it is repeatable.
  ///   - expected: What a valid value looks like, for the error message.
  ///   - parse: Converts one value; `nil` for an invalid one.
  public init<Element>(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    expected: String, parse: @escaping @Sendable (String) -> Element?
  ) where Output == [Element] {
    optionSpec = OptionSpec(
      name: name, short: short, help: help, valueName: valueName, isRepeatable: true)
    read = { values throws(CommandLineError) in
      try values.map { text throws(CommandLineError) in
        guard let value = parse(text) else {
          throw .invalidValue(text, for: "'--\(name)'", expected: expected)
        }
        return value
      }
    }
  }
}
