internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo import FILE`: adds the todos of a file with new ids, all or nothing.
enum ImportTodos: TodoCommand {
  static let from = Option<ImportFormat?>(
    "from", valueName: "format", help: "json (the default), taskwarrior or todo.txt.",
    expected: "json, taskwarrior or todo.txt", parse: ImportFormat.init(rawValue:)
  ).completing(.list(ImportFormat.allCases.map(\.rawValue)))
  static let file = Argument<String>("file", help: "A file, or - for standard input.")
    .completing(.file)
  static let configuration = CommandConfiguration(
    "import", summary: "Add the todos of a file (the 'list --json' schema) with new ids.",
    discussion: """
      All or nothing: an invalid file adds nothing (exit 65). --from taskwarrior
      reads what 'task export' prints; --from todo.txt reads todo.txt lines.
      """,
    options: [from], arguments: [file])

  @MainActor
  static func run(_ todoImport: Invocation<Self>, in run: TodoRun) async throws {
    let file = try todoImport[\.file]
    let input = try CommandLineInput.read(file, in: run.context)
    let (drafts, skipped) = try TodoCommands.importedDrafts(
      from: try todoImport[\.from], file: file, input, now: run.clock.seconds)
    // Shown on a terminal only when the store keeps it waiting (another todo holds it).
    let progress = run.context.progressLine()
    progress.update("importing \(drafts.count) todo\(drafts.count == 1 ? "" : "s")")
    defer { progress.finish() }
    let (ids, held) = try run.store.change { try $0.addImported(drafts) }
    progress.finish()
    let tail =
      (skipped.map { "; \($0)" } ?? "")
      + (held == 0 ? "" : "; skipped \(held) already in the list")
    guard let first = ids.first, let last = ids.last else {
      run.context.write("imported 0 todos\(tail)\n")
      return
    }
    let range = first == last ? "id \(first)" : "ids \(first)–\(last)"
    run.context.write(
      "imported \(ids.count) todo\(ids.count == 1 ? "" : "s") (\(range))\(tail)\n")
  }
}
