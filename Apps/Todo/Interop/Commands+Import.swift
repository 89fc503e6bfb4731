internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo import`: the todos of a file added with new ids, all or nothing.
extension TodoCommands {
  /// The spec of `todo import`.
  static let importSpec =
    CommandSpec(
      "import", summary: "Add the todos of a file (the 'list --json' schema) with new ids.",
      discussion: """
        All or nothing: an invalid file adds nothing (exit 65). --from taskwarrior
        reads what 'task export' prints; --from todo.txt reads todo.txt lines.
        """,
      options: [Key.from], arguments: [Key.file])

  static func importItems(
    _ command: ParsedCommand, _ store: TodoStore, _ clock: Now, _ context: CommandContext
  ) throws {
    let input = try CommandLineInput.read(try command[Key.file], in: context)
    let (drafts, skipped) = try importedDrafts(command, input, now: clock.seconds)
    let (ids, held) = try store.change { try $0.addImported(drafts) }
    let tail =
      (skipped.map { "; \($0)" } ?? "")
      + (held == 0 ? "" : "; skipped \(held) already in the list")
    guard let first = ids.first, let last = ids.last else {
      context.write("imported 0 todos\(tail)\n")
      return
    }
    let range = first == last ? "id \(first)" : "ids \(first)–\(last)"
    context.write("imported \(ids.count) todo\(ids.count == 1 ? "" : "s") (\(range))\(tail)\n")
  }
}
