internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo rm IDS|FILTER`: deletes todos.
struct RemoveTodos: TodoCommand {
  static let configuration = CommandConfiguration(
    "rm", summary: "Delete todos.", discussion: Confirmation.help("delete all", "deleted"),
    aliases: ["del", "delete", "remove"])
  @OptionGroup var confirmation: Confirmation
  @Argument(
    "ids", minimum: 1, help: "Ids of todos, or a filter.",
    completion: TodoID.completion(listing: "--all"))
  var ids: [String]

  func run(in app: TodoRun) async throws {
    let ids = try confirmation.ids(
      ids, of: Self.configuration.name, in: app, verb: "delete all", done: "deleted")
    let removed = try app.store.change { try $0.remove(ids) }
    app.context.write("removed \(removed.map { String($0.id) }.joined(separator: " "))\n")
  }
}
