internal import BlueprintTodoModel
internal import CoreBase
package import CoreTerminal

/// The todo app's command line: the command types, listed once, and what the app does
/// with no command.
package enum TodoCommands {
  /// The commands, in the order help lists them.
  package static let all = AppCommands(
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
  ) { (app: TodoRun) in
    guard app.context.wantsInteractiveUI else {
      try await ListTodos().run(in: app)
      return
    }
    try await TodoApp.runInteractive(
      store: app.store, context: app.context, greeting: app.greeting,
      sync: try listSync(store: app.store, context: app.context, parts: parts))
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
}
