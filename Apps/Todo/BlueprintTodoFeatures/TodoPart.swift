internal import BlueprintTodoModel
internal import CoreBase
package import CoreTerminal

/// A part of todo that a copy can leave out: a folder of its own (`Interop/`,
/// `Sync/`) that adds commands, lines of the manual page and, for sync, the list
/// screen's `s` key. The rest of todo knows parts only through this type and the list
/// in ``TodoCommands/parts``.
package struct TodoPart: Sendable {
  /// Its name, e.g. `sync`.
  package var name: String
  /// Its commands, listed in the help after todo's own.
  package var commands: [any Command<TodoRun>.Type]
  /// Its paragraphs of the manual page's description.
  package var manual: [String] = []
  /// Its files, in the manual page.
  package var files: [ManualPage.Entry] = []
  /// The list screen's sync (its `s` key), when the part gives one.
  package var listSync: @MainActor @Sendable (TodoStore, CommandContext) throws -> TodoListSync? = {
    _, _ in nil
  }
}

extension TodoCommands {
  /// The parts of this build, one line each: a copy that deletes a part's folder
  /// deletes its line here (Docs/StartFromSample.md, "Leave parts out").
  package static let parts: [TodoPart] = [
    .interop,  // Interop/: import and export (JSON, Taskwarrior, todo.txt)
    .sync(),  // Sync/: `todo sync` with a CalDAV server, and the list's `s` key
  ]
}
