internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `todo note ID TEXT`: sets, appends to or clears a todo's note.
enum NoteTodo: TodoCommand {
  static let append = Flag("append", short: "a", help: "Add the text as a new line of the note.")
  static let clear = Flag("clear", help: "Remove the note.")
  static let id = TodoCommands.id
  static let text = Argument<[String]>("text", help: "The note (words are joined).")
  static let configuration = CommandConfiguration(
    "note", summary: "Set a todo's note (shown by show, found by list --search).",
    options: [append, clear], arguments: [id, text])

  static func validate(_ note: Invocation<Self>) throws(CommandLineError) {
    let isEmpty = try note[\.text].joined(separator: " ").trimmingCharacters(in: .whitespaces)
      .isEmpty
    switch (note[\.clear], isEmpty) {
    case (true, true) where note[\.append]:
      throw CommandLineError("give --append or --clear, not both", hint: "--clear removes the note")
    case (true, false):
      throw CommandLineError("give a note or --clear, not both", hint: "--clear removes the note")
    case (false, true):
      throw CommandLineError("the note is empty", hint: "give its text, or --clear to remove it")
    default: return
    }
  }

  @MainActor
  static func run(_ note: Invocation<Self>, in run: TodoRun) async throws {
    let id = try note[\.id]
    let append = note[\.append]
    var edit = TodoDocument.Edit()
    edit.note = note[\.clear] ? .some(nil) : try note[\.text].joined(separator: " ")
    let before = try run.store.change { document in
      let before = try document.item(id).note
      if append, let before, case let text?? = edit.note { edit.note = before + "\n" + text }
      try document.edit(id, edit)
      return before
    }
    run.context.write(
      TodoCommands.noteReport(
        id: id, before: before, cleared: edit.note == .some(nil), append: append))
  }
}
