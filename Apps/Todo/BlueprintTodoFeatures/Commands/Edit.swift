internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo edit ID …`: changes a todo's fields, by option or by the quick syntax.
struct EditTodo: TodoCommand {
  static let configuration = CommandConfiguration(
    "edit", summary: "Change a todo.",
    discussion: """
      --due none and --priority none remove them; --tag +T adds a tag, --tag -T
      removes one it has. The quick syntax of add works too: '\(appIdentity.name) edit 2 due:sat +home
      !low'; other words become the new title (beside --title they are refused:
      quote a title of several words). none or an empty value removes any field
      but the title.
      """,
    aliases: ["modify"])

  /// The fields' options (`--title`, `--due`, `--priority`), from `TodoField`'s table.
  let fields = TodoField.editOptionFields.map { $0.option(removable: true) }
  @Option("tag", short: "t", valueName: "+tag|-tag", help: "Add or remove a tag.")
  var tags: [String]
  @OptionGroup var todo: TodoID
  @Argument("changes", help: "due:DATE, +tag, !priority and title words.") var changes: [String]

  func run(in app: TodoRun) async throws {
    let today = app.clock.today
    var change = try Self.quickEdit(changes, today: today)
    for (field, option) in zip(TodoField.editOptionFields, fields) {
      let given = option.wrappedValue
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
    for tag in tags {
      if tag.hasPrefix("-") {
        change.removeTags.append(try TodoItem.validTag(String(tag.dropFirst())))
      } else {
        change.addTags.append(
          try TodoItem.validTag(tag.hasPrefix("+") ? String(tag.dropFirst()) : tag))
      }
    }
    guard change != TodoDocument.Edit() else {
      throw AppError(
        "nothing to change",
        hint: "give "
          + TodoField.editOptionFields.map { "--\($0.rawValue), " }.joined()
          + "--tag or due:DATE +tag !priority")
    }
    try app.store.change { try $0.edit(todo.id, change) }
    app.context.write("edited \(todo.id)\n")
  }

  /// The quick syntax: `due:`, `+tag`, `!priority`, and `-tag` (after `--`, as in
  /// `todo edit 2 -- -work`) to remove one; other words make the title.
  private static func quickEdit(_ words: [String], today: Day) throws -> TodoDocument.Edit {
    var edit = TodoDocument.Edit()
    guard !words.isEmpty else { return edit }
    let removals = words.filter { $0.hasPrefix("-") && $0.dropFirst().first?.isLetter == true }
    edit.removeTags = try removals.map { try TodoItem.validTag(String($0.dropFirst())) }
    let rest = words.filter { !removals.contains($0) }
    guard !rest.isEmpty else { return edit }
    let entry = try QuickEntry(rest.joined(separator: " "), today: today)
    if !entry.title.isEmpty { edit.values[.title] = .text(entry.title) }
    if let due = entry.due { edit.values[.due] = .day(due) }
    if entry.removesDue { edit.values[.due] = .day(nil) }
    if let priority = entry.priority { edit.values[.priority] = .priority(priority) }
    edit.addTags = try entry.tags.map(TodoItem.validTag)
    return edit
  }
}
