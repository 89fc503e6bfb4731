internal import BlueprintTodoModel
internal import CoreBase
package import CoreTerminal

extension TodoError: AppErrorConvertible {
  /// The error as the command line says it: `todo: error: MESSAGE`, a hint that
  /// names the command to run next, and a sysexits code (65 when the data is at
  /// fault, 64 otherwise). The terminal UI shows the message in its status line.
  package var appError: AppError {
    switch self {
    case .notFound(let id):
      AppError("no todo with id \(id)", hint: "run '\(appIdentity.name) list --all' to see the ids")
    case .emptyTitle:
      AppError("the title is empty", hint: "say what to do")
    case .titleTooLong(let length, let maximum):
      AppError(
        "the title has \(length) characters; at most \(maximum) fit on a line",
        hint: "keep the title short and put the rest in a note: \(appIdentity.name) note ID TEXT")
    case .invalidTag(let tag):
      AppError("invalid tag '\(tag)'", hint: "a tag is one word, e.g. --tag work")
    case .containsNUL(let field):
      AppError("the \(field) holds a NUL character", hint: "remove it and try again")
    case .invalidDate(let text) where text.isEmpty:
      AppError(
        "'due:' is not followed by \(Day.expectedInput)",
        hint: "e.g. due:tomorrow; due:none means no due date")
    case .invalidDate(let text):
      AppError(
        "'\(text)' is not \(Day.expectedInput)",
        hint: Day.ambiguityHint(for: text, today: .today()) ?? "e.g. due:tomorrow")
    case .invalidValue(let field, let text):
      AppError(
        "'\(text)' is not \(field.expected(orNone: field.isRemovable))",
        hint: field.kind == .day ? Day.ambiguityHint(for: text, today: .today()) : nil)
    case .invalidPriority(let word):
      AppError("'\(word)' is not a priority", hint: "use !low, !medium or !high (or !l, !m, !h)")
    case .noSuchTag(let id, let tag, let tags):
      AppError(
        "\(id) has no tag '\(CommandLineEcho.quote(tag))'; nothing was changed",
        hint: tags.isEmpty
          ? "\(id) has no tags"
          : "its tags: \(CommandLineEcho.quote(tags.joined(separator: " ")))")
    case .idsExhausted(let maximum):
      AppError(
        "no ids left: the next id would pass \(maximum)",
        hint: "import the todos into a new list to number them from 1", exitCode: .dataError)
    case .nothingToUndo(let limit):
      AppError("nothing to undo", hint: "only the last \(limit) changes can be undone")
    case .invalidImport(let source, let reason):
      AppError(
        "cannot import \(source): \(reason)",
        hint: "expected a JSON array in the schema of '\(appIdentity.name) list --json'",
        exitCode: .dataError)
    }
  }
}
