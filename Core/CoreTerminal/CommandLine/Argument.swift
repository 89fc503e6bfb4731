/// A positional argument a command declares: an ``Argument``.
///
/// A ``CommandSpec`` lists them in order; ``ParsedCommand`` reads them back by
/// subscript.
public protocol CommandArgument: Sendable {
  /// How help, the manual page and completion scripts show the argument.
  var argumentSpec: ArgumentSpec { get }
}

/// A positional argument, read typed.
///
/// The type says how many values it takes: `Argument<Value>` exactly one,
/// `Argument<Value?>` zero or one, `Argument<[Value]>` any number (at least
/// `minimum`; only the last argument may take several).
///
/// ```swift
/// static let title = Argument<[String]>("title", minimum: 1, help: "What to do.")
/// static let file = Argument<String>("file", help: "A JSON file.").completing(.file)
///
/// let title = try command[title].joined(separator: " ")
/// ```
public struct Argument<Output>: CommandArgument {
  /// How help, the manual page and completion scripts show the argument.
  public private(set) var argumentSpec: ArgumentSpec
  /// Converts the values parsed, in order, to what the argument reads.
  let read: @Sendable ([String]) throws(CommandLineError) -> Output

  /// The argument with `completion` for its values, in place of its type's.
  ///
  /// - Parameter completion: What a shell offers for it.
  /// - Returns: A copy of the argument.
  public func completing(_ completion: CompletionKind) -> Argument {
    var copy = self
    copy.argumentSpec.completion = completion
    return copy
  }
}

extension Argument where Output: CommandLineValue {
  /// An argument that must be given.
  ///
  /// - Parameters:
  ///   - name: The name shown in help (`<title>`).
  ///   - help: One line for `--help`.
  public init(_ name: String, help: String) {
    self.init(name, help: help, expected: Output.expectedArgument, parse: Output.init(argument:))
    argumentSpec.completion = Output.argumentCompletion
  }
}

extension Argument {
  /// An argument that must be given, whose value `parse` converts.
  ///
  /// - Parameters:
  ///   - name: The name shown in help (`<id>`).
  ///   - help: One line for `--help`.
  ///   - expected: What a valid value looks like, for the error message.
  ///   - parse: Converts the text; `nil` for an invalid value.
  public init(
    _ name: String, help: String, expected: String,
    parse: @escaping @Sendable (String) -> Output?
  ) {
    argumentSpec = ArgumentSpec(name: name, help: help, arity: .required)
    read = { values throws(CommandLineError) in
      // The parser refuses a command line without it; only a command that reads an
      // argument another command declares gets here.
      guard let text = values.last else { throw CommandLineError("missing <\(name)>") }
      guard let value = parse(text) else {
        throw .invalidValue(text, for: "<\(name)>", expected: expected)
      }
      return value
    }
  }

  /// An argument that may be left out, read as `nil` then.
  ///
  /// - Parameters:
  ///   - name: The name shown in help (`[<title>]`).
  ///   - help: One line for `--help`.
  public init<Value: CommandLineValue>(_ name: String, help: String) where Output == Value? {
    argumentSpec = ArgumentSpec(
      name: name, help: help, arity: .optional, completion: Value.argumentCompletion)
    read = { values throws(CommandLineError) in
      guard let text = values.last else { return nil }
      guard let value = Value(argument: text) else {
        throw .invalidValue(text, for: "<\(name)>", expected: Value.expectedArgument)
      }
      return value
    }
  }

  /// An argument that takes every remaining value, read as an array.
  ///
  /// - Parameters:
  ///   - name: The name shown in help (`<ids> ...`).
  ///   - minimum: The fewest values accepted.
  ///   - help: One line for `--help`.
  public init<Element: CommandLineValue>(_ name: String, minimum: Int = 0, help: String)
  where Output == [Element] {
    self.init(
      name, minimum: minimum, help: help, expected: Element.expectedArgument,
      parse: Element.init(argument:))
    argumentSpec.completion = Element.argumentCompletion
  }

  /// An argument that takes every remaining value, each converted by `parse`.
  ///
  /// - Parameters:
  ///   - name: The name shown in help (`<ids> ...`).
  ///   - minimum: The fewest values accepted.
  ///   - help: One line for `--help`.
  ///   - expected: What a valid value looks like, for the error message.
  ///   - parse: Converts one value; `nil` for an invalid one.
  public init<Element>(
    _ name: String, minimum: Int = 0, help: String, expected: String,
    parse: @escaping @Sendable (String) -> Element?
  ) where Output == [Element] {
    argumentSpec = ArgumentSpec(name: name, help: help, arity: .variadic(minimum: minimum))
    read = { values throws(CommandLineError) in
      try values.map { text throws(CommandLineError) in
        guard let value = parse(text) else {
          throw .invalidValue(text, for: "<\(name)>", expected: expected)
        }
        return value
      }
    }
  }
}
