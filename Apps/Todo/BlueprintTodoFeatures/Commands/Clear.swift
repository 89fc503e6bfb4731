internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo clear --done`: deletes every done todo.
struct ClearDone: TodoCommand {
  static let configuration = CommandConfiguration("clear", summary: "Delete every done todo.")
  @Flag("done", help: "Confirm that every done todo is deleted (required).") var done: Bool

  func validate() throws(CommandLineError) {
    guard done else {
      throw CommandLineError(
        "'\(appIdentity.name) clear' needs --done",
        hint: "run '\(appIdentity.name) clear --done' to delete every done todo")
    }
  }

  func run(in app: TodoRun) async throws {
    let count = try app.store.change { $0.clearDone() }
    app.context.write("cleared \(count) done todo\(count == 1 ? "" : "s")\n")
  }
}
