/// A positional argument, declared once as a stored property of a ``Command`` and read
/// as that property.
///
/// The property's type says how many values it takes: `Value` exactly one, `Value?`
/// zero or one, `[Value]` any number (at least `minimum`; only the last argument may
/// take several). Arguments are positional in the order the properties are declared.
///
/// <!-- doc-test: context
/// struct AddOptions: CommandOptions {
/// // after the block:
/// }
/// -->
/// ```swift
/// @Argument("title", minimum: 1, help: "What to do.") var title: [String]
/// @Argument("file", help: "A JSON file.", completion: .file) var file: String
/// ```
@propertyWrapper
public struct Argument<Value: Sendable>: Sendable {
  /// The value read; `nil` only in a command not made by the kit from a command line.
  private let value: Value?

  /// What the argument reads.
  ///
  /// An argument that must be given has a value in every command the kit runs: the
  /// parser refuses a command line without it. Only a command made by hand, with
  /// `init()` rather than ``Command/parse(_:environment:)``, has none to read.
  public var wrappedValue: Value {
    guard let value else {
      preconditionFailure(
        "an argument read from a command made with init(); make it with parse(_:)")
    }
    return value
  }

  /// Declares the argument and reads it from the command line being parsed, if any.
  init(
    spec: ArgumentSpec,
    read: @escaping ValueReading.Read<Value>,
    notGiven: Value?
  ) {
    value = CommandDeclarations.declare(spec, read: read) ?? notGiven
  }
}

extension Argument {
  /// An argument that must be given.
  ///
  /// - Parameters:
  ///   - name: The name shown in help (`<title>`).
  ///   - help: One line for `--help`.
  ///   - completion: What a shell offers for it, in place of its type's.
  public init(_ name: String, help: String, completion: CompletionKind? = nil)
  where Value: CommandLineValue {
    self.init(
      name, help: help, completion: completion ?? Value.argumentCompletion,
      expected: Value.expectedArgument, parse: Value.init(argument:))
  }

  /// An argument that must be given, whose value `parse` converts.
  ///
  /// - Parameters:
  ///   - name: The name shown in help (`<id>`).
  ///   - help: One line for `--help`.
  ///   - completion: What a shell offers for it.
  ///   - expected: What a valid value looks like, for the error message.
  ///   - parse: Converts the text; `nil` for an invalid value.
  public init(
    _ name: String, help: String, completion: CompletionKind = .none, expected: String,
    parse: @escaping @Sendable (String) -> Value?
  ) {
    self.init(
      spec: ArgumentSpec(name: name, help: help, arity: .required, completion: completion),
      read: { values, source throws(CommandLineError) in
        // The parser refuses a command line without it.
        guard let text = values.last else { throw CommandLineError("missing \(source)") }
        return try ValueReading.convert(text, source: source, expected: expected, parse: parse)
      }, notGiven: nil)
  }

  /// An argument that may be left out, read as `nil` then.
  ///
  /// - Parameters:
  ///   - name: The name shown in help (`[<title>]`).
  ///   - help: One line for `--help`.
  ///   - completion: What a shell offers for it, in place of its type's.
  public init<Wrapped: CommandLineValue>(
    _ name: String, help: String, completion: CompletionKind? = nil
  ) where Value == Wrapped? {
    self.init(
      spec: ArgumentSpec(
        name: name, help: help, arity: .optional,
        completion: completion ?? Wrapped.argumentCompletion),
      read: ValueReading.last(expected: Wrapped.expectedArgument, parse: Wrapped.init(argument:)),
      notGiven: nil)
  }

  /// An argument that takes every remaining value, read as an array.
  ///
  /// - Parameters:
  ///   - name: The name shown in help (`<ids> ...`).
  ///   - minimum: The fewest values accepted.
  ///   - help: One line for `--help`.
  ///   - completion: What a shell offers for a value, in place of its type's.
  public init<Element: CommandLineValue>(
    _ name: String, minimum: Int = 0, help: String, completion: CompletionKind? = nil
  ) where Value == [Element] {
    self.init(
      name, minimum: minimum, help: help, completion: completion ?? Element.argumentCompletion,
      expected: Element.expectedArgument, parse: Element.init(argument:))
  }

  /// An argument that takes every remaining value, each converted by `parse`.
  ///
  /// - Parameters:
  ///   - name: The name shown in help (`<ids> ...`).
  ///   - minimum: The fewest values accepted.
  ///   - help: One line for `--help`.
  ///   - completion: What a shell offers for a value.
  ///   - expected: What a valid value looks like, for the error message.
  ///   - parse: Converts one value; `nil` for an invalid one.
  public init<Element>(
    _ name: String, minimum: Int = 0, help: String, completion: CompletionKind = .none,
    expected: String, parse: @escaping @Sendable (String) -> Element?
  ) where Value == [Element] {
    self.init(
      spec: ArgumentSpec(
        name: name, help: help, arity: .variadic(minimum: minimum), completion: completion),
      read: ValueReading.each(expected: expected, parse: parse), notGiven: [])
  }
}
