internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `todo note ID TEXT`: sets, appends to or clears a todo's note.
struct NoteTodo: TodoCommand {
  static let configuration = CommandConfiguration(
    "note", summary: "Set a todo's note (shown by show, found by list --search).")
  @Flag("append", short: "a", help: "Add the text as a new line of the note.") var append: Bool
  @Flag("clear", help: "Remove the note.") var clear: Bool
  @OptionGroup var todo: TodoID
  @Argument("text", help: "The note (words are joined).") var text: [String]

  func validate() throws(CommandLineError) {
    let isEmpty = text.joined(separator: " ").trimmingCharacters(in: .whitespaces).isEmpty
    switch (clear, isEmpty) {
    case (true, true) where append:
      throw CommandLineError("give --append or --clear, not both", hint: "--clear removes the note")
    case (true, false):
      throw CommandLineError("give a note or --clear, not both", hint: "--clear removes the note")
    case (false, true):
      throw CommandLineError("the note is empty", hint: "give its text, or --clear to remove it")
    default: return
    }
  }

  func run(in app: TodoRun) async throws {
    let id = todo.id
    var edit = TodoDocument.Edit()
    edit.note = clear ? .some(nil) : text.joined(separator: " ")
    let before = try app.store.change { document in
      let before = try document.item(id).note
      if append, let before, case let text?? = edit.note { edit.note = before + "\n" + text }
      try document.edit(id, edit)
      return before
    }
    app.context.write(
      Self.report(id: id, before: before, cleared: edit.note == .some(nil), append: append))
  }

  /// What it did: `noted 24` for a first note, `added line 2 to the note of 24` with
  /// `--append`, and a reminder of undo when a note was replaced or cleared.
  private static func report(id: Int, before: String?, cleared: Bool, append: Bool) -> String {
    let undo = "'\(appIdentity.name) undo' brings the old one back"
    if cleared {
      return before == nil ? "\(id) had no note\n" : "cleared the note of \(id)\n"
    }
    guard let before else { return "noted \(id)\n" }
    if append {
      let lines = before.split(separator: "\n", omittingEmptySubsequences: false).count + 1
      return "added line \(lines) to the note of \(id)\n"
    }
    return "replaced the note of \(id); \(undo)\n"
  }
}
