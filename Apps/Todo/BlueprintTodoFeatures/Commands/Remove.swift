internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo rm IDS|FILTER`: deletes todos.
enum RemoveTodos: TodoCommand {
  static let yes = TodoCommands.yes
  static let ids = Argument<[String]>("ids", minimum: 1, help: "Ids of todos, or a filter.")
    .completing(TodoCommands.ids(listing: "--all"))
  static let configuration = CommandConfiguration(
    "rm", summary: "Delete todos.", discussion: TodoCommands.selectionHelp("delete all", "deleted"),
    aliases: ["del", "delete", "remove"], options: [yes], arguments: [ids])

  @MainActor
  static func run(_ remove: Invocation<Self>, in run: TodoRun) async throws {
    let ids = try TodoCommands.selection(
      try remove[\.ids], of: configuration.name, yes: remove[\.yes], run.store, run.clock,
      run.context, verb: "delete all", done: "deleted")
    let removed = try run.store.change { try $0.remove(ids) }
    run.context.write("removed \(removed.map { String($0.id) }.joined(separator: " "))\n")
  }
}
