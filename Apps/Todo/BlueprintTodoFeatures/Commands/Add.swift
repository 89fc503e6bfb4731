internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo add TITLE`: a new todo, its id printed.
enum AddTodo: TodoCommand {
  /// The fields' options (`--due`, `--priority`), from `TodoField`'s table.
  static let fieldOptions = TodoField.addOptionFields.map { $0.option(removable: false) }
  static let tag = Option<[String]>("tag", short: "t", valueName: "tag", help: "A tag.")
  static let title = Argument<[String]>(
    "title", minimum: 1, help: "What to do (words are joined).")
  static let configuration = CommandConfiguration(
    "add", summary: "Add a todo and print its id.",
    discussion: """
      The title may carry due:DATE, +tag and !priority among its words, as in
      'Buy milk due:tomorrow +shop !high'. DATE is YYYY-MM-DD, Dec 15, 15 Dec,
      December 15, today, tomorrow (tmrw), yesterday, a weekday or next friday
      (the next one), next week, next month, +3d, 2w, in 3 days, eow, eom or
      end of month. Write 12/20 as 2026-12-20 (the order is ambiguous).
      """,
    options: fieldOptions + [tag], arguments: [title])

  @MainActor
  static func run(_ add: Invocation<Self>, in run: TodoRun) async throws {
    let clock = run.clock
    let entry = try QuickEntry(try add[\.title].joined(separator: " "), today: clock.today)
    var draft = TodoDocument.Draft(
      title: try TodoDocument.validTitle(entry.title), priority: entry.priority, due: entry.due,
      tags: entry.tags + (try TodoCommands.tags(try add[\.tag])), created: clock.seconds)
    // An option wins over the quick syntax: `add 'x due:fri' --due mon` is due on Monday.
    for (index, field) in TodoField.addOptionFields.enumerated() {
      let given = try add[\.fieldOptions[index]]
      if let value = try field.value(ofOption: given, today: clock.today, removable: false) {
        field.set(value, on: &draft.item)
      }
    }
    let ids = try run.store.change { try $0.add([draft]) }
    run.context.write("\(ids[0])\n")
  }
}
