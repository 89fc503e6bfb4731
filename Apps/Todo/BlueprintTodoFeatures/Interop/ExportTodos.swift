internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo export`: every todo, open and done, in id order.
enum ExportTodos: TodoCommand {
  static let format = Option<ExportFormat?>(
    "format", short: "f", valueName: "format", help: "json (the default) or todo.txt.",
    expected: "json or todo.txt", parse: ExportFormat.init(rawValue:)
  ).completing(.list(ExportFormat.allCases.map(\.rawValue)))
  static let configuration = CommandConfiguration(
    "export", summary: "Print every todo, open and done (JSON, or todo.txt lines).",
    discussion: """
      The JSON is the 'list --json' schema, which 'import' reads back. todo.txt has
      no notes: they are left out, with a warning.
      """,
    options: [format])

  @MainActor
  static func run(_ export: Invocation<Self>, in run: TodoRun) async throws {
    try TodoCommands.export(try export[\.format] ?? .json, run.store, run.context)
  }
}
