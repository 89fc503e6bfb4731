/// A type an ``Option`` or ``Argument`` reads from the text typed on the command line.
///
/// Text, integers and enumerations of words conform; an enumeration with `String` raw
/// values declares the conformance and gets its reading (any case: `--sort Due` is
/// `due`), its error wording (`expected urgent, due or id`) and its completion (the
/// words) from its cases:
///
/// <!-- doc-test: context
/// struct ListOptions: CommandOptions {
/// // after the block:
/// }
/// -->
/// ```swift
/// enum Order: String, CaseIterable, CommandLineValue { case urgent, due, id }
/// @Option("sort", valueName: "order", help: "urgent, due or id.") var order: Order?
/// ```
///
/// A value that needs more than the text (a relative date needs today) is read as a
/// `String` and converted by the command.
public protocol CommandLineValue: Sendable {
  /// Reads a value from the text typed.
  ///
  /// - Parameter argument: The text, as typed.
  init?(argument: String)

  /// What a valid value looks like, for the error message: `an integer`.
  static var expectedArgument: String { get }

  /// What a shell offers for the value on Tab; ``CompletionKind/none`` unless given.
  static var argumentCompletion: CompletionKind { get }
}

extension CommandLineValue {
  /// Nothing to offer: the user types the value.
  public static var argumentCompletion: CompletionKind { .none }
}

extension String: CommandLineValue {
  /// The text as typed; any text is a valid one.
  ///
  /// - Parameter argument: The text.
  public init?(argument: String) { self = argument }

  /// Any text.
  public static var expectedArgument: String { "text" }
}

extension Int: CommandLineValue {
  /// A whole number in decimal, with an optional sign.
  ///
  /// - Parameter argument: The text.
  public init?(argument: String) { self.init(argument, radix: 10) }

  /// `an integer`.
  public static var expectedArgument: String { "an integer" }
}

extension CommandLineValue where Self: CaseIterable & RawRepresentable, RawValue == String {
  /// The case whose raw value is the text in any case.
  ///
  /// - Parameter argument: The text.
  public init?(argument: String) {
    let lowered = argument.lowercased()
    guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else {
      return nil
    }
    self = match
  }

  /// The words, as `low, medium or high`.
  public static var expectedArgument: String { CommandLineWords.either(allCases.map(\.rawValue)) }

  /// The words.
  public static var argumentCompletion: CompletionKind { .list(allCases.map(\.rawValue)) }
}

/// Wording a list of words for messages.
enum CommandLineWords {
  /// `a`, `a or b`, `a, b or c`.
  ///
  /// - Parameter words: The words, in order.
  /// - Returns: The words joined with commas and a final `or`.
  static func either(_ words: [String]) -> String {
    guard let last = words.last else { return "" }
    let head = words.dropLast()
    return head.isEmpty ? last : head.joined(separator: ", ") + " or " + last
  }
}
