internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo reopen IDS`: marks done todos open again.
enum Reopen: TodoCommand {
  static let ids = Argument<[Int]>(
    "ids", minimum: 1, help: "Ids of todos.", expected: TodoCommands.idExpected,
    parse: TodoCommands.parseID
  ).completing(TodoCommands.ids(listing: "--done"))
  static let configuration = CommandConfiguration(
    "reopen", summary: "Mark done todos open again.", arguments: [ids])

  @MainActor
  static func run(_ reopen: Invocation<Self>, in run: TodoRun) async throws {
    try TodoCommands.setDone(false, ids: try reopen[\.ids], run.store, run.clock, run.context)
  }
}
