internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo done IDS|FILTER`: marks todos done.
enum MarkDone: TodoCommand {
  static let yes = TodoCommands.yes
  static let ids = Argument<[String]>("ids", minimum: 1, help: "Ids of todos, or a filter.")
    .completing(TodoCommands.ids(listing: ""))
  static let configuration = CommandConfiguration(
    "done", summary: "Mark todos done.",
    discussion: TodoCommands.selectionHelp("mark all", "done"), aliases: ["complete"],
    options: [yes], arguments: [ids])

  @MainActor
  static func run(_ done: Invocation<Self>, in run: TodoRun) async throws {
    let ids = try TodoCommands.selection(
      try done[\.ids], of: configuration.name, yes: done[\.yes], run.store, run.clock,
      run.context, verb: "mark all", done: "done")
    try TodoCommands.setDone(true, ids: ids, run.store, run.clock, run.context)
  }
}
