internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo show ID`: one todo, as text or JSON.
enum ShowTodo: TodoCommand {
  static let json = Flag("json", help: "Print a JSON object.")
  static let id = TodoCommands.id
  static let configuration = CommandConfiguration(
    "show", summary: "Show one todo.", options: [json], arguments: [id])

  @MainActor
  static func run(_ show: Invocation<Self>, in run: TodoRun) async throws {
    let item = try run.store.load().item(try show[\.id])
    if show[\.json] {
      run.context.write(try item.jsonObject())
    } else {
      run.context.write(
        PlainListing(styles: .init(context: run.context), today: run.clock.today).details(item))
    }
  }
}
