internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// The fields' options on `add` and `edit`, from ``TodoField``'s table: `--due DATE`,
/// `--priority LEVEL` and, on `edit`, `--title TITLE`; each value read by the
/// field's one rule, as the detail screen reads what is typed into it.
extension TodoField {
  /// The fields `add` takes an option for (the title is its words).
  static var addOptionFields: [TodoField] {
    allCases.filter { $0.optionHelp != nil && $0.kind != .title }
  }

  /// The fields `edit` takes an option for.
  static var editOptionFields: [TodoField] { allCases.filter { $0.optionHelp != nil } }

  /// The field's option: `--due DATE`, with its help and what Tab offers. Made as a
  /// command's stored property, it declares itself on the command.
  ///
  /// - Parameter removable: Whether `none` is offered (on `edit`, which removes with it).
  /// - Returns: The option, read as the text given.
  func option(removable: Bool) -> Option<String?> {
    let none = removable && isRemovable
    let help = (optionHelp ?? label) + (none ? ", or none." : ".")
    let completion: CompletionKind? =
      switch kind {
      case .day: .list(Self.dueDates + (none ? ["none"] : []))
      case .priority: .list(Priority.allCases.map(\.name) + (none ? ["none"] : []))
      case .title, .tags, .text: nil
      }
    return Option(
      rawValue, short: optionShort, valueName: valueName, help: help, completion: completion)
  }

  /// The single-word due dates Tab offers.
  private static let dueDates = [
    "today", "tomorrow", "yesterday", "monday", "tuesday", "wednesday", "thursday", "friday",
    "saturday", "sunday", "eow", "eom", "tmrw",
  ]

  /// The placeholder of the option's value in help.
  private var valueName: String {
    switch kind {
    case .title: "title"
    case .day: "date"
    case .priority: "level"
    case .tags: "tags"
    case .text: "text"
    }
  }

  /// What was given for the field's option, read by the field's rule; nil when the
  /// option is not given.
  ///
  /// - Parameters:
  ///   - text: The option's value as given, or nil.
  ///   - today: The day relative dates count from.
  ///   - removable: Whether `none` removes the value (`edit`); on `add` it is refused.
  /// - Returns: The value, or nil when the option is not given.
  /// - Throws: `CommandLineError`-worded `AppError` (exit 64) naming the option and
  ///   what it accepts, or the ``TodoError`` of a title that is not valid.
  func value(ofOption text: String?, today: Day, removable: Bool) throws -> Value? {
    guard let text else { return nil }
    let none = removable && isRemovable
    let refuse = AppError(
      "invalid value '\(CommandLineEcho.quote(text))' for '--\(rawValue)': expected "
        + expected(orNone: none),
      hint: kind == .day ? Day.ambiguityHint(for: text, today: today) : nil)
    let value: Value
    switch Result(catching: { () throws(TodoError) in try self.value(from: text, today: today) }) {
    case .success(let read): value = read
    case .failure(.invalidValue): throw refuse
    case .failure(let error): throw error
    }
    if !none, removes(text) { throw refuse }
    return value
  }

  /// What the field accepts, in the words of `--help`.
  ///
  /// - Parameter orNone: Whether `none` is accepted too.
  /// - Returns: The accepted forms, e.g. `low, medium, high or none`.
  func expected(orNone: Bool) -> String {
    switch kind {
    case .day: Day.expectedInput + (orNone ? " or none" : "")
    case .priority: orNone ? "low, medium, high or none" : "low, medium or high"
    case .title, .tags, .text: expected
    }
  }
}
