internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo import FILE`: adds the todos of a file with new ids, all or nothing.
struct ImportTodos: TodoCommand {
  static let configuration = CommandConfiguration(
    "import", summary: "Add the todos of a file (the 'list --json' schema) with new ids.",
    discussion: """
      All or nothing: an invalid file adds nothing (exit 65). --from taskwarrior
      reads what 'task export' prints; --from todo.txt reads todo.txt lines.
      """)
  @Option(
    "from", valueName: "format", help: "json (the default), taskwarrior or todo.txt.",
    completion: .list(ImportFormat.allCases.map(\.rawValue)),
    expected: "json, taskwarrior or todo.txt", parse: ImportFormat.init(rawValue:))
  var from: ImportFormat?
  @Argument("file", help: "A file, or - for standard input.", completion: .file) var file: String

  func run(in app: TodoRun) async throws {
    let input = try CommandLineInput.read(file, in: app.context)
    let (drafts, skipped) = try drafts(of: input, now: app.clock.seconds)
    // Shown on a terminal only when the store keeps it waiting (another todo holds it).
    let progress = app.context.progressLine()
    progress.update("importing \(drafts.count) todo\(drafts.count == 1 ? "" : "s")")
    defer { progress.finish() }
    let (ids, held) = try app.store.change { try $0.addImported(drafts) }
    progress.finish()
    let tail =
      (skipped.map { "; \($0)" } ?? "")
      + (held == 0 ? "" : "; skipped \(held) already in the list")
    guard let first = ids.first, let last = ids.last else {
      app.context.write("imported 0 todos\(tail)\n")
      return
    }
    let range = first == last ? "id \(first)" : "ids \(first)–\(last)"
    app.context.write(
      "imported \(ids.count) todo\(ids.count == 1 ? "" : "s") (\(range))\(tail)\n")
  }

  /// The drafts of `input` in the format `--from` names, and what was left out
  /// (`skipped 1 deleted task`), if anything.
  private func drafts(of input: CommandLineInput, now: Int) throws
    -> (drafts: [TodoDocument.Draft], skipped: String?)
  {
    let format = from ?? .json
    // The reverse of todo.txt's "JSON, not todo.txt lines": name the format it looks like.
    if from == nil, TodoTxt.looksLikeTodoTxt(input.data) {
      throw AppError(
        "cannot import \(input.name): it is not JSON but looks like todo.txt lines",
        hint: "add --from todo.txt: '\(appIdentity.name) import --from todo.txt "
          + "\(CommandLineEcho.quote(file))'",
        exitCode: .dataError)
    }
    do {
      switch format {
      case .json:
        return (try TodoDocument.Draft.importing(input.data, source: input.name, now: now), nil)
      case .taskwarrior:
        let read = try TaskwarriorImport(
          input.data, source: input.name, now: now, timeZone: LocalTimeZone.current)
        let skipped = read.skipped
        return (
          read.drafts,
          skipped == 0
            ? nil : "skipped \(skipped) deleted or recurring task\(skipped == 1 ? "" : "s")"
        )
      case .todoTxt:
        return (
          try TodoTxt.drafts(
            input.data, source: input.name, now: now, timeZone: LocalTimeZone.current), nil
        )
      }
    } catch {
      guard format != .json, case .invalidImport(let source, let reason) = error else {
        throw error
      }
      throw AppError(
        "cannot import \(source): \(reason)",
        hint: "--from \(format.rawValue) expects " + format.expectation, exitCode: .dataError)
    }
  }
}

/// The formats `todo import --from` reads.
enum ImportFormat: String, CaseIterable, Sendable {
  /// The `list --json` schema.
  case json
  /// What `task export` prints.
  case taskwarrior
  /// todo.txt lines.
  case todoTxt = "todo.txt"

  /// What a file of the format looks like, for the hint of a refused one.
  var expectation: String {
    switch self {
    case .json: "a JSON array in the schema of '\(appIdentity.name) list --json'"
    case .taskwarrior: "what 'task export' prints (Taskwarrior 2.6)"
    case .todoTxt: "todo.txt lines such as '(A) 2026-12-01 Call Mom +family due:2026-12-05'"
    }
  }
}
