internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

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

/// The formats `todo export` writes.
enum ExportFormat: String, CaseIterable, Sendable {
  /// The `list --json` schema.
  case json
  /// todo.txt lines.
  case todoTxt = "todo.txt"
}

extension TodoCommands {
  /// `todo export`: every todo, open and done, in id order.
  static func export(_ format: ExportFormat, _ store: TodoStore, _ context: CommandContext)
    throws
  {
    let items = try store.load().items.sorted { $0.id < $1.id }
    switch format {
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

  /// The drafts of an import in the format `--from` names, and what was left out
  /// (`skipped 1 deleted task`), if anything.
  static func importedDrafts(
    from given: ImportFormat?, file: String, _ input: CommandLineInput, now: Int
  ) throws -> (drafts: [TodoDocument.Draft], skipped: String?) {
    let format = given ?? .json
    // The reverse of todo.txt's "JSON, not todo.txt lines": name the format it looks like.
    if given == nil, TodoTxt.looksLikeTodoTxt(input.data) {
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
