internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo done IDS|FILTER`: marks todos done.
struct MarkDone: TodoCommand {
  static let configuration = CommandConfiguration(
    "done", summary: "Mark todos done.", discussion: Confirmation.help("mark all", "done"),
    aliases: ["complete"])
  @OptionGroup var confirmation: Confirmation
  @Argument(
    "ids", minimum: 1, help: "Ids of todos, or a filter.",
    completion: TodoID.completion(listing: ""))
  var ids: [String]

  func run(in app: TodoRun) async throws {
    let ids = try confirmation.ids(
      ids, of: Self.configuration.name, in: app, verb: "mark all", done: "done")
    try app.setDone(true, ids: ids)
  }
}
