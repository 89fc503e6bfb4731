internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo clear --done`: deletes every done todo.
enum ClearDone: TodoCommand {
  static let done = Flag("done", help: "Confirm that every done todo is deleted (required).")
  static let configuration = CommandConfiguration(
    "clear", summary: "Delete every done todo.", options: [done])

  static func validate(_ clear: Invocation<Self>) throws(CommandLineError) {
    guard clear[\.done] else {
      throw CommandLineError(
        "'\(appIdentity.name) clear' needs --done",
        hint: "run '\(appIdentity.name) clear --done' to delete every done todo")
    }
  }

  @MainActor
  static func run(_ clear: Invocation<Self>, in run: TodoRun) async throws {
    let count = try run.store.change { $0.clearDone() }
    run.context.write("cleared \(count) done todo\(count == 1 ? "" : "s")\n")
  }
}
