internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// Filters and the quick syntax on the commands that take them: `list +work`,
/// `done +shop --yes`, `rm !low due:yesterday`, `edit 2 due:sat +home`.
extension TodoCommands {
  /// The most todos a filter may select for `done` or `rm` without `--yes`.
  static let confirmationThreshold = 3

  /// The help paragraph of `done` and `rm`.
  static func selectionHelp(_ verb: String, _ past: String) -> String {
    """
    Instead of ids, a filter as in add selects the open todos 'list' would show:
    +tag, !priority, due:DATE (due by then), e.g. '+shop'. When it matches more
    than \(confirmationThreshold), add --yes to \(verb) of them; nothing is \(past) without it.
    """
  }

  /// The ids `done` or `rm` act on: the ids given, or the open todos a filter
  /// selects (then more than ``confirmationThreshold`` need `--yes`).
  ///
  /// - Parameters:
  ///   - words: Its `<ids>`: the words given.
  ///   - command: The command's name, for the hint.
  ///   - yes: Whether `--yes` was given.
  ///   - store: Where the list lives.
  ///   - clock: The current day, for relative dates.
  ///   - context: The app's name, for hints.
  ///   - verb: What `--yes` confirms, e.g. `mark all`.
  ///   - done: The past participle for the hint, e.g. `done`.
  /// - Returns: The ids, in the order given or in listing order.
  /// - Throws: `AppError` (exit 64) for a filter that matches nothing, or too much
  ///   without `--yes`.
  static func selection(
    _ words: [String], of command: String, yes: Bool, _ store: TodoStore, _ clock: Now,
    _ context: CommandContext, verb: String, done: String
  ) throws -> [Int] {
    var ids: [Int] = []
    var filterWords: [String] = []
    for word in words {
      if let id = parseID(word) { ids.append(id) } else { filterWords.append(word) }
    }
    guard !filterWords.isEmpty else { return ids }
    var rest: [String] = []
    let filter = try TodoFilter(filterWords, today: clock.today, rest: &rest)
    if let word = rest.first {
      throw CommandLineError.invalidValue(
        word, for: "<ids>",
        expected: "a todo id (a whole number) or a filter (+tag, !priority, due:DATE)")
    }
    guard ids.isEmpty else {
      throw AppError(
        "give ids or a filter, not both",
        hint: "'\(context.appName) \(command) \(filterWords.joined(separator: " "))'")
    }
    let items = try store.load().items
    let today = clock.today
    let matched = TodoItem.inListOrder(items, by: .standard, today: today) {
      !$0.isDone && filter.matches($0)
    }.map(\.id)
    let typed = filterWords.joined(separator: " ")
    guard !matched.isEmpty else {
      throw AppError(
        "no open todo matches '\(CommandLineEcho.quote(typed))'",
        hint: "run '\(context.appName) list \(typed)' to see what it selects")
    }
    if matched.count > confirmationThreshold, !yes {
      throw AppError(
        "'\(CommandLineEcho.quote(typed))' matches \(matched.count) todos; nothing was \(done)",
        hint:
          "add --yes to \(verb) \(matched.count) (ids \(matched.map(String.init).joined(separator: " "))), "
          + "or give the ids")
    }
    return matched
  }

  /// Refuses the words of a filter that are no condition (`todo list work`).
  static func refuseNonFilterWords(_ rest: [String]) throws {
    guard let word = rest.first else { return }
    throw AppError(
      "'\(CommandLineEcho.quote(word))' is not a filter",
      hint: "a filter is +tag, !priority or due:DATE; --search TEXT finds words")
  }

  /// `edit`'s quick syntax: `due:`, `+tag`, `!priority`, and `-tag` (after `--`,
  /// as in `todo edit 2 -- -work`) to remove one; other words make the title.
  static func quickEdit(_ words: [String], today: Day) throws -> TodoDocument.Edit {
    var edit = TodoDocument.Edit()
    guard !words.isEmpty else { return edit }
    let removals = words.filter { $0.hasPrefix("-") && $0.dropFirst().first?.isLetter == true }
    edit.removeTags = try tags(removals.map { String($0.dropFirst()) })
    let rest = words.filter { !removals.contains($0) }
    guard !rest.isEmpty else { return edit }
    let entry = try QuickEntry(rest.joined(separator: " "), today: today)
    if !entry.title.isEmpty { edit.values[.title] = .text(entry.title) }
    if let due = entry.due { edit.values[.due] = .day(due) }
    if entry.removesDue { edit.values[.due] = .day(nil) }
    if let priority = entry.priority { edit.values[.priority] = .priority(priority) }
    edit.addTags = try tags(entry.tags)
    return edit
  }
}
