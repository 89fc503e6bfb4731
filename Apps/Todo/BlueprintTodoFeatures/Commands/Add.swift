internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo add TITLE`: a new todo, its id printed.
struct AddTodo: TodoCommand {
  static let configuration = CommandConfiguration(
    "add", summary: "Add a todo and print its id.",
    discussion: """
      The title may carry due:DATE, +tag and !priority among its words, as in
      'Buy milk due:tomorrow +shop !high'. DATE is YYYY-MM-DD, Dec 15, 15 Dec,
      December 15, today, tomorrow (tmrw), yesterday, a weekday or next friday
      (the next one), next week, next month, +3d, 2w, in 3 days, eow, eom or
      end of month. Write 12/20 as 2026-12-20 (the order is ambiguous).
      """)

  /// The fields' options (`--due`, `--priority`), from `TodoField`'s table.
  let fields = TodoField.addOptionFields.map { $0.option(removable: false) }
  @Option("tag", short: "t", valueName: "tag", help: "A tag.") var tags: [String]
  @Argument("title", minimum: 1, help: "What to do (words are joined).") var title: [String]

  func run(in app: TodoRun) async throws {
    let clock = app.clock
    let entry = try QuickEntry(title.joined(separator: " "), today: clock.today)
    var draft = TodoDocument.Draft(
      title: try TodoDocument.validTitle(entry.title), priority: entry.priority, due: entry.due,
      tags: entry.tags + (try tags.map(TodoItem.validTag)), created: clock.seconds)
    // An option wins over the quick syntax: `add 'x due:fri' --due mon` is due on Monday.
    for (field, option) in zip(TodoField.addOptionFields, fields) {
      let given = option.wrappedValue
      if let value = try field.value(ofOption: given, today: clock.today, removable: false) {
        field.set(value, on: &draft.item)
      }
    }
    let ids = try app.store.change { try $0.add([draft]) }
    app.context.write("\(ids[0])\n")
  }
}
