internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

extension TodoPart {
  /// `import` and `export`: JSON in the `list --json` schema, Taskwarrior's export and
  /// todo.txt lines.
  static let interop = TodoPart(
    name: "interop", commands: [ImportTodos.self, ExportTodos.self],
    manual: [
      "Coming from Taskwarrior or todo.txt: 'task export | \(appIdentity.name) import --from "
        + "taskwarrior -', '\(appIdentity.name) import --from todo.txt FILE', "
        + "'\(appIdentity.name) export --format todo.txt'."
    ])
}
