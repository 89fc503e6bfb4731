package import BlueprintTodoModel
internal import CoreBase
package import CoreTerminal
package import Foundation

/// The todo app's command line: the command types, listed once, and what the app does
/// with no command.
package enum TodoCommands {
  /// The commands, in the order help lists them.
  package static let all = AppCommands<TodoRun>(
    identity: appIdentity, summary: "Keep a list of things to do.",
    commands: [
      AddTodo.self,
      ListTodos.self,
      ShowTodo.self,
      MarkDone.self,
      Reopen.self,
      EditTodo.self,
      NoteTodo.self,
      RemoveTodos.self,
      ClearDone.self,
      UndoChange.self,
    ] + parts.flatMap(\.commands),
    manual: manual
  ) { run in
    guard run.context.wantsInteractiveUI else {
      try await ListTodos.run(.none, in: run)
      return
    }
    try await TodoApp.runInteractive(
      store: run.store, context: run.context, greeting: run.greeting,
      sync: try listSync(store: run.store, context: run.context, parts: parts))
  }

  /// The command line: `todo COMMAND …`.
  package static var spec: CommandLineSpec { all.spec }

  /// Runs one parsed command.
  ///
  /// - Parameters:
  ///   - command: The parsed command line.
  ///   - context: Output, environment, folders and theme.
  /// - Throws: `AppError`, `CommandLineError` or `PersistenceError`; the runner reports them.
  @MainActor
  package static func run(_ command: ParsedCommand, in context: CommandContext) async throws {
    try await all.run(command) { TodoRun(context) }
  }

  // MARK: - Shared by the commands

  static let yes = Flag("yes", short: "y", help: "Confirm a filter that matches more than 3.")
  static let id = Argument<Int>("id", help: "The todo's id.", expected: idExpected, parse: parseID)
    .completing(ids(listing: "--all"))
  /// What an id looks like, for messages.
  static let idExpected = "a todo id (a whole number)"

  /// What `todo note` did: `noted 24` for a first note, `added a line to the note of
  /// 24` with `--append`, and a reminder of undo when a note was replaced or cleared.
  static func noteReport(id: Int, before: String?, cleared: Bool, append: Bool) -> String {
    let undo = "'\(appIdentity.name) undo' brings the old one back"
    if cleared {
      return before == nil ? "\(id) had no note\n" : "cleared the note of \(id)\n"
    }
    guard let before else { return "noted \(id)\n" }
    if append {
      let lines = before.split(separator: "\n", omittingEmptySubsequences: false).count + 1
      return "added line \(lines) to the note of \(id)\n"
    }
    return "replaced the note of \(id); \(undo)\n"
  }

  /// The list screen's sync, from the first part that gives one.
  @MainActor
  private static func listSync(store: TodoStore, context: CommandContext, parts: [TodoPart])
    throws -> TodoListSync?
  {
    for part in parts {
      if let sync = try part.listSync(store, context) { return sync }
    }
    return nil
  }

  // MARK: - Arguments

  /// One id rule for every command: ASCII digits only (no sign, space, point or
  /// `0x`), above 0.
  static func parseID(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let id = Int(text), id > 0
    else { return nil }
    return id
  }

  /// Tags as given; each must be a tag by the model's rule (one word).
  static func tags(_ values: [String]) throws(TodoError) -> [String] {
    try values.map { tag throws(TodoError) in try TodoItem.validTag(tag) }
  }
}

/// The current time and day, read once per command; the day is in the local time
/// zone (`TZ`).
package struct Now {
  /// Whole seconds since 1970.
  package var seconds: Int
  /// Today in the local time zone.
  package var today: Day
  /// The local time zone's offset from UTC now, in seconds.
  package var offset: Int

  /// Now in the local time zone (`LocalTimeZone`), by its offset alone: looking the
  /// zone itself up costs more than a short command's own work.
  package init(date: Date = Date()) {
    self.init(date: date, offset: LocalTimeZone.secondsFromGMT(at: date))
  }

  /// Now in `timeZone`.
  package init(date: Date, timeZone: TimeZone) {
    self.init(date: date, offset: timeZone.secondsFromGMT(for: date))
  }

  private init(date: Date, offset: Int) {
    seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let local = seconds + offset
    today = Day(number: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    self.offset = offset
  }
}
