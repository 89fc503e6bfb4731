import Core
import CoreTerminal
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// The model throws what went wrong; the command line words it. These are the
/// words the app printed when the model threw command-line errors itself.
@Suite("TodoError as the command line words it")
struct TodoErrorWordingTests {
  @Test(
    "message, hint and exit code",
    arguments: [
      (
        TodoError.notFound(id: 7), "no todo with id 7",
        "run '\(appIdentity.name) list --all' to see the ids", 64
      ),
      (.emptyTitle, "the title is empty", "say what to do", 64),
      (
        .titleTooLong(length: 1_200, maximum: 1_000),
        "the title has 1200 characters; at most 1000 fit on a line",
        "keep the title short and put the rest in a note: \(appIdentity.name) note ID TEXT", 64
      ),
      (
        .invalidDate("someday"),
        "'someday' is not a date: YYYY-MM-DD, Dec 15, 15 Dec, today, tomorrow, tmrw, yesterday, "
          + "mon…sun, next friday, next week, next month, +3d, 2w, in 3 days, eow, eom, "
          + "end of month",
        "e.g. due:tomorrow", 64
      ),
      (
        .invalidPriority("!urgent"), "'!urgent' is not a priority",
        "use !low, !medium or !high (or !l, !m, !h)", 64
      ),
      (
        .idsExhausted(maximum: 99), "no ids left: the next id would pass 99",
        "import the todos into a new list to number them from 1", 65
      ),
      (.nothingToUndo(limit: 20), "nothing to undo", "only the last 20 changes can be undone", 64),
      (.invalidTag("a b"), "invalid tag 'a b'", "a tag is one word, e.g. --tag work", 64),
      (
        .containsNUL(field: "title"), "the title holds a NUL character", "remove it and try again",
        64
      ),
      (
        .invalidImport(source: "a.json", reason: "item 1: no title"),
        "cannot import a.json: item 1: no title",
        "expected a JSON array in the schema of '\(appIdentity.name) list --json'", 65
      ),
    ] as [(TodoError, String, String, Int32)])
  func words(error: TodoError, message: String, hint: String, code: Int32) {
    let words = error.appError
    #expect(words.message == message)
    #expect(words.hint == hint)
    #expect(words.exitCode.rawValue == code)
  }

  @Test("the terminal UI's status line says the message, without the command-line hint")
  func statusLine() {
    #expect(CommandLineErrorDescription.describe(TodoError.notFound(id: 3)) == "no todo with id 3")
  }
}
