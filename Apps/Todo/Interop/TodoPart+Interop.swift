internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

extension TodoPart {
  /// `import` and `export`: JSON in the `list --json` schema, Taskwarrior's export and
  /// todo.txt lines.
  static let interop = TodoPart(
    name: "interop", commands: [TodoCommands.importSpec, TodoCommands.exportSpec],
    manual: [
      "Coming from Taskwarrior or todo.txt: 'task export | \(appIdentity.name) import --from "
        + "taskwarrior -', '\(appIdentity.name) import --from todo.txt FILE', "
        + "'\(appIdentity.name) export --format todo.txt'."
    ],
    run: { command, store, context in
      switch command.name {
      case "import": try TodoCommands.importItems(command, store, Now(), context)
      default: try TodoCommands.export(command, store, context)
      }
    })
}

extension TodoCommands.Key {
  // import, export
  static let from = Option<ImportFormat?>(
    "from", valueName: "format", help: "json (the default), taskwarrior or todo.txt.",
    expected: "json, taskwarrior or todo.txt", parse: ImportFormat.init(rawValue:)
  ).completing(.list(ImportFormat.allCases.map(\.rawValue)))
  static let file = Argument<String>("file", help: "A file, or - for standard input.")
    .completing(.file)
  static let format = Option<ExportFormat?>(
    "format", short: "f", valueName: "format", help: "json (the default) or todo.txt.",
    expected: "json or todo.txt", parse: ExportFormat.init(rawValue:)
  ).completing(.list(ExportFormat.allCases.map(\.rawValue)))
}
