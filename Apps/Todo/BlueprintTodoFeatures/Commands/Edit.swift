internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo edit ID …`: changes a todo's fields, by option or by the quick syntax.
enum EditTodo: TodoCommand {
  /// The fields' options (`--title`, `--due`, `--priority`), from `TodoField`'s table.
  static let fieldOptions = TodoField.editOptionFields.map { $0.option(removable: true) }
  static let tag = Option<[String]>(
    "tag", short: "t", valueName: "+tag|-tag", help: "Add or remove a tag.")
  static let id = TodoCommands.id
  static let changes = Argument<[String]>(
    "changes", help: "due:DATE, +tag, !priority and title words.")
  static let configuration = CommandConfiguration(
    "edit", summary: "Change a todo.",
    discussion: """
      --due none and --priority none remove them; --tag +T adds a tag, --tag -T
      removes one it has. The quick syntax of add works too: '\(appIdentity.name) edit 2 due:sat +home
      !low'; other words become the new title (beside --title they are refused:
      quote a title of several words). none or an empty value removes any field
      but the title.
      """,
    aliases: ["modify"], options: fieldOptions + [tag], arguments: [id, changes])

  @MainActor
  static func run(_ edit: Invocation<Self>, in run: TodoRun) async throws {
    let today = run.clock.today
    let id = try edit[\.id]
    var change = try TodoCommands.quickEdit(try edit[\.changes], today: today)
    for (index, field) in TodoField.editOptionFields.enumerated() {
      let given = try edit[\.fieldOptions[index]]
      guard let value = try field.value(ofOption: given, today: today, removable: true) else {
        continue
      }
      // `edit 12 --title Something else`: the shell split the title; refuse rather
      // than drop or guess at the words left over.
      if field == .title, case .text(let words?)? = change.values[.title],
        case .text(let title?) = value
      {
        throw AppError(
          "'\(CommandLineEcho.quote(words))' left over after --title: a title is one value",
          hint:
            "quote a title of several words: --title '\(CommandLineEcho.quote(title + " " + words))'"
        )
      }
      change.values[field] = value
    }
    for tag in try edit[\.tag] {
      if tag.hasPrefix("-") {
        change.removeTags += try TodoCommands.tags([String(tag.dropFirst())])
      } else {
        change.addTags += try TodoCommands.tags([tag.hasPrefix("+") ? String(tag.dropFirst()) : tag]
        )
      }
    }
    guard change != TodoDocument.Edit() else {
      throw AppError(
        "nothing to change",
        hint: "give "
          + TodoField.editOptionFields.map { "--\($0.rawValue), " }.joined()
          + "--tag or due:DATE +tag !priority")
    }
    try run.store.change { try $0.edit(id, change) }
    run.context.write("edited \(id)\n")
  }
}
