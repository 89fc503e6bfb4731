internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo reopen IDS`: marks done todos open again.
struct Reopen: TodoCommand {
  static let configuration = CommandConfiguration(
    "reopen", summary: "Mark done todos open again.")
  @Argument(
    "ids", minimum: 1, help: "Ids of todos.", completion: TodoID.completion(listing: "--done"),
    expected: TodoID.expected, parse: TodoID.parse)
  var ids: [Int]

  func run(in app: TodoRun) async throws {
    try app.setDone(false, ids: ids)
  }
}
