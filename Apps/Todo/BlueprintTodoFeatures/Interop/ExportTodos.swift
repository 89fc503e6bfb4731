internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo export`: every todo, open and done, in id order.
struct ExportTodos: TodoCommand {
  static let configuration = CommandConfiguration(
    "export", summary: "Print every todo, open and done (JSON, or todo.txt lines).",
    discussion: """
      The JSON is the 'list --json' schema, which 'import' reads back. todo.txt has
      no notes: they are left out, with a warning.
      """)
  @Option(
    "format", short: "f", valueName: "format", help: "json (the default) or todo.txt.",
    completion: .list(ExportFormat.allCases.map(\.rawValue)), expected: "json or todo.txt",
    parse: ExportFormat.init(rawValue:))
  var format: ExportFormat?

  func run(in app: TodoRun) async throws {
    let (context, items) = (app.context, try app.store.load().items.sorted { $0.id < $1.id })
    switch format ?? .json {
    case .json:
      // Each with a uid, by which an import recognises the items it already holds.
      var named = items
      for index in named.indices { named[index].uid = named[index].exportUID }
      context.write(try TodoItem.jsonArray(named))
    case .todoTxt:
      var text = ""
      for item in items {
        text += TodoTxt.line(item, timeZone: LocalTimeZone.current).terminalSafe + "\n"
      }
      context.write(text)
      let notes = items.count { $0.note != nil }
      if notes > 0 {
        context.warn(
          "todo.txt has no notes: \(notes) note\(notes == 1 ? " was" : "s were") left out",
          hint: "'\(context.appName) export' (JSON) keeps them")
      }
    }
  }
}

/// The formats `todo export` writes.
enum ExportFormat: String, CaseIterable, Sendable {
  /// The `list --json` schema.
  case json
  /// todo.txt lines.
  case todoTxt = "todo.txt"
}
