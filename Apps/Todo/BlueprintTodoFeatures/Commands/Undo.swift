internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo undo`: reverts the last change.
struct UndoChange: TodoCommand {
  static let configuration = CommandConfiguration(
    "undo", summary: "Revert the last change (several levels).")

  func run(in app: TodoRun) async throws {
    let summary = try app.store.change { try $0.undoLast() }
    app.context.write("undid: \(summary.terminalSafe)\n")
  }
}
