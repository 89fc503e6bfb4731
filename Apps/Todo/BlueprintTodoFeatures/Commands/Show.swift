internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo show ID`: one todo, as text or JSON.
struct ShowTodo: TodoCommand {
  static let configuration = CommandConfiguration("show", summary: "Show one todo.")
  @Flag("json", help: "Print a JSON object.") var json: Bool
  @OptionGroup var todo: TodoID

  func run(in app: TodoRun) async throws {
    let item = try app.store.load().item(todo.id)
    if json {
      app.context.write(try item.jsonObject())
    } else {
      app.context.write(
        PlainListing(styles: .init(context: app.context), today: app.clock.today).details(item))
    }
  }
}
