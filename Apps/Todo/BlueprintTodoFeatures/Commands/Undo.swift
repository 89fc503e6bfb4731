internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo undo`: reverts the last change.
enum UndoChange: TodoCommand {
  static let configuration = CommandConfiguration(
    "undo", summary: "Revert the last change (several levels).")

  @MainActor
  static func run(_ undo: Invocation<Self>, in run: TodoRun) async throws {
    let summary = try run.store.change { try $0.undoLast() }
    run.context.write("undid: \(summary.terminalSafe)\n")
  }
}
