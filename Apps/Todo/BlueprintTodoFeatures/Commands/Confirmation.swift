internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `--yes` on `done` and `rm`, which take ids or a filter (`done +shop --yes`): a
/// filter that selects more than ``threshold`` todos acts only with it.
struct Confirmation: CommandOptions {
  @Flag("yes", short: "y", help: "Confirm a filter that matches more than 3.") var yes: Bool

  /// The most todos a filter may select for `done` or `rm` without `--yes`.
  static let threshold = 3

  /// The help paragraph of `done` and `rm`.
  static func help(_ verb: String, _ past: String) -> String {
    """
    Instead of ids, a filter as in add selects the open todos 'list' would show:
    +tag, !priority, due:DATE (due by then), e.g. '+shop'. When it matches more
    than \(threshold), add --yes to \(verb) of them; nothing is \(past) without it.
    """
  }

  /// The ids `done` or `rm` act on: the ids given, or the open todos a filter
  /// selects (then more than ``threshold`` need `--yes`).
  ///
  /// - Parameters:
  ///   - words: Its `<ids>`: the words given.
  ///   - command: The command's name, for the hint.
  ///   - app: The list, the current day for relative dates, and the app's name.
  ///   - verb: What `--yes` confirms, e.g. `mark all`.
  ///   - done: The past participle for the hint, e.g. `done`.
  /// - Returns: The ids, in the order given or in listing order.
  /// - Throws: `AppError` (exit 64) for a filter that matches nothing, or too much
  ///   without `--yes`.
  func ids(
    _ words: [String], of command: String, in app: TodoRun, verb: String, done: String
  ) throws -> [Int] {
    var ids: [Int] = []
    var filterWords: [String] = []
    for word in words {
      if let id = TodoID.parse(word) { ids.append(id) } else { filterWords.append(word) }
    }
    guard !filterWords.isEmpty else { return ids }
    var rest: [String] = []
    let today = app.clock.today
    let filter = try TodoFilter(filterWords, today: today, rest: &rest)
    if let word = rest.first {
      throw CommandLineError.invalidValue(
        word, for: "<ids>",
        expected: "a todo id (a whole number) or a filter (+tag, !priority, due:DATE)")
    }
    let appName = app.context.appName
    guard ids.isEmpty else {
      throw AppError(
        "give ids or a filter, not both",
        hint: "'\(appName) \(command) \(filterWords.joined(separator: " "))'")
    }
    let items = try app.store.load().items
    let matched = TodoItem.inListOrder(items, by: .standard, today: today) {
      !$0.isDone && filter.matches($0)
    }.map(\.id)
    let typed = filterWords.joined(separator: " ")
    guard !matched.isEmpty else {
      throw AppError(
        "no open todo matches '\(CommandLineEcho.quote(typed))'",
        hint: "run '\(appName) list \(typed)' to see what it selects")
    }
    if matched.count > Self.threshold, !yes {
      throw AppError(
        "'\(CommandLineEcho.quote(typed))' matches \(matched.count) todos; nothing was \(done)",
        hint:
          "add --yes to \(verb) \(matched.count) (ids \(matched.map(String.init).joined(separator: " "))), "
          + "or give the ids")
    }
    return matched
  }
}
