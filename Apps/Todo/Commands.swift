package import BlueprintTodoModel
internal import CoreBase
package import CoreTerminal
package import Foundation

/// The todo app's command line: the spec (from which help and parsing follow) and
/// one function per command.
package enum TodoCommands {
  package static let spec = CommandLineSpec(
    identity: appIdentity, summary: "Keep a list of things to do.",
    lazyCommands: [
      CommandSpec(
        "add", summary: "Add a todo and print its id.",
        discussion: """
          The title may carry due:DATE, +tag and !priority among its words, as in
          'Buy milk due:tomorrow +shop !high'. DATE is YYYY-MM-DD, Dec 15, 15 Dec,
          December 15, today, tomorrow (tmrw), yesterday, a weekday or next friday
          (the next one), next week, next month, +3d, 2w, in 3 days, eow, eom or
          end of month. Write 12/20 as 2026-12-20 (the order is ambiguous).
          """,
        options: TodoField.addOptionFields.map { $0.option(removable: false) } + [Key.addTag],
        arguments: [Key.title]),
      CommandSpec(
        "list", summary: "List open todos: overdue, due today, then by priority.",
        discussion: """
          A filter is typed as in add: +tag (several: every one), !priority and
          due:DATE (due by then, overdue included), e.g. '\(appIdentity.name) list +work !high'.
          """,
        options: [
          Key.all, Key.onlyDone, Key.listTag, Key.overdue, Key.search, Key.sort, Key.listJSON,
        ],
        arguments: [Key.filter]
      ).alsoCalled("ls"),
      CommandSpec(
        "show", summary: "Show one todo.",
        options: [Key.json], arguments: [Key.id]),
      CommandSpec(
        "done", summary: "Mark todos done.",
        discussion: selectionHelp("mark all", "done"),
        options: [Key.yes], arguments: [Key.openIDs]
      ).alsoCalled("complete"),
      CommandSpec(
        "reopen", summary: "Mark done todos open again.",
        arguments: [Key.doneIDs]),
      CommandSpec(
        "edit", summary: "Change a todo.",
        discussion: """
          --due none and --priority none remove them; --tag +T adds a tag, --tag -T
          removes one it has. The quick syntax of add works too: '\(appIdentity.name) edit 2 due:sat +home
          !low'; other words become the new title (beside --title they are refused:
          quote a title of several words). none or an empty value removes any field
          but the title.
          """,
        options: TodoField.editOptionFields.map { $0.option(removable: true) } + [Key.editTag],
        arguments: [Key.id, Key.changes]
      ).alsoCalled("modify"),
      CommandSpec(
        "note", summary: "Set a todo's note (shown by show, found by list --search).",
        options: [Key.append, Key.clear], arguments: [Key.id, Key.text]),
      CommandSpec(
        "rm", summary: "Delete todos.",
        discussion: selectionHelp("delete all", "deleted"),
        options: [Key.yes], arguments: [Key.anyIDs]
      ).alsoCalled("del", "delete", "remove"),
      CommandSpec(
        "clear", summary: "Delete every done todo.",
        options: [Key.confirmDone]),
      CommandSpec("undo", summary: "Revert the last change (several levels)."),
    ] + parts.flatMap(\.commands)
  ).withManualPage(manual)

  /// Runs one parsed command.
  ///
  /// - Parameters:
  ///   - command: The parsed command line.
  ///   - context: Output, environment, folders and theme.
  ///   - parts: The parts whose commands it runs too (``parts``; tests give their own).
  /// - Throws: `AppError`, `CommandLineError` or `PersistenceError`; the runner reports them.
  @MainActor
  package static func run(
    _ command: ParsedCommand, in context: CommandContext, parts: [TodoPart] = parts
  ) async throws {
    let (context, preferences) = TodoPreferences.load(for: context)
    let store = TodoStore(directory: context.dataFolder)
    let clock = Now()
    switch command.name {
    case "add": try add(command, store, clock, context)
    case "list", nil:
      if command.name == nil, context.wantsInteractiveUI {
        try await TodoApp.runInteractive(
          store: store, context: context, greeting: preferences.greeting,
          sync: try listSync(store: store, context: context, parts: parts))
        return
      }
      try list(command, store, clock, context, greeting: preferences.greeting)
    case "show": try show(command, store, clock, context)
    case "done":
      let ids = try selection(
        command, Key.openIDs, store, clock, context, verb: "mark all", done: "done")
      try setDone(command, store, clock, context, ids: ids)
    case "reopen": try setDone(command, store, clock, context, ids: try command[Key.doneIDs])
    case "edit": try edit(command, store, clock, context)
    case "note": try note(command, store, context)
    case "rm":
      let ids = try selection(
        command, Key.anyIDs, store, clock, context, verb: "delete all", done: "deleted")
      let removed = try store.change { try $0.remove(ids) }
      context.write("removed \(removed.map { String($0.id) }.joined(separator: " "))\n")
    case "clear":
      guard command[Key.confirmDone] else {
        throw AppError(
          "'\(appIdentity.name) clear' needs --done",
          hint: "run '\(appIdentity.name) clear --done' to delete every done todo")
      }
      let count = try store.change { $0.clearDone() }
      context.write("cleared \(count) done todo\(count == 1 ? "" : "s")\n")
    case "undo":
      let summary = try store.change { try $0.undoLast() }
      context.write("undid: \(summary.terminalSafe)\n")
    default:
      if let part = TodoPart.owning(command.name, in: parts) {
        try await part.run(command, store, context)
        return
      }
      throw AppError(
        "unknown command '\(command.name ?? "")'", hint: "run '\(appIdentity.name) --help'")
    }
  }

  // MARK: - Commands

  private static func add(
    _ command: ParsedCommand, _ store: TodoStore, _ clock: Now, _ context: CommandContext
  ) throws {
    let entry = try QuickEntry(try command[Key.title].joined(separator: " "), today: clock.today)
    var draft = TodoDocument.Draft(
      title: try TodoDocument.validTitle(entry.title), priority: entry.priority, due: entry.due,
      tags: entry.tags + (try tags(try command[Key.addTag])), created: clock.seconds)
    // An option wins over the quick syntax: `add 'x due:fri' --due mon` is due on Monday.
    for field in TodoField.addOptionFields {
      if let value = try field.value(in: command, today: clock.today, removable: false) {
        field.set(value, on: &draft.item)
      }
    }
    let ids = try store.change { try $0.add([draft]) }
    context.write("\(ids[0])\n")
  }

  private static func list(
    _ command: ParsedCommand, _ store: TodoStore, _ clock: Now, _ context: CommandContext,
    greeting: String?
  ) throws {
    let today = clock.today
    var rest: [String] = []
    let filter = try TodoFilter(try command[Key.filter], today: today, rest: &rest)
    try refuseNonFilterWords(rest)
    let tags = try command[Key.listTag] + filter.tags
    let showAll = command[Key.all]
    let onlyDone = command[Key.onlyDone]
    guard !(showAll && onlyDone) else {
      throw AppError(
        "'--all' and '--done' cannot be used together",
        hint: "--all lists every todo, --done only done ones")
    }
    let order = try command[Key.sort] ?? .standard
    let onlyOverdue = command[Key.overdue]
    let needle = try command[Key.search]?.lowercased() ?? ""
    let items = try store.load().items
    let shown = TodoItem.listOrder(of: items, by: order, today: today) { item in
      if onlyDone {
        guard item.isDone else { return false }
      } else if !showAll, item.isDone {
        return false
      }
      if onlyOverdue, !item.isOverdue(today: today) { return false }
      if !filter.matches(item) { return false }
      return tags.allSatisfy(item.tags.contains) && item.matches(lowercased: needle)
    }
    if command[Key.listJSON] {
      context.write(try TodoItem.jsonArray(items, order: shown))
      return
    }
    let listing = PlainListing(styles: .init(context: context), today: today)
    guard context.isOutputTerminal else {
      context.write(listing.lines(items, order: shown))
      return
    }
    let isFiltered = onlyDone || onlyOverdue || !tags.isEmpty || !needle.isEmpty || !filter.isEmpty
    context.write(
      listing.header(
        TodoCounts(items, today: today), shown: shown.count, isFiltered: isFiltered,
        greeting: greeting, order: order))
    if shown.isEmpty {
      context.write(
        isFiltered || (showAll && !items.isEmpty)
          ? "No todos match.\n"
          : items.isEmpty
            ? "Nothing to do yet. Add one with: \(context.appName) add TITLE\n"
            : "Nothing open. Add one with: \(context.appName) add TITLE\n")
    } else {
      context.write(listing.lines(items, order: shown))
    }
  }

  private static func show(
    _ command: ParsedCommand, _ store: TodoStore, _ clock: Now, _ context: CommandContext
  ) throws {
    let id = try self.id(command)
    let item = try store.load().item(id)
    if command[Key.json] {
      context.write(try item.jsonObject())
    } else {
      context.write(PlainListing(styles: .init(context: context), today: clock.today).details(item))
    }
  }

  private static func edit(
    _ command: ParsedCommand, _ store: TodoStore, _ clock: Now, _ context: CommandContext
  ) throws {
    let id = try self.id(command)
    var edit = try quickEdit(try command[Key.changes], today: clock.today)
    for field in TodoField.editOptionFields {
      guard let value = try field.value(in: command, today: clock.today, removable: true) else {
        continue
      }
      // `edit 12 --title Something else`: the shell split the title; refuse rather
      // than drop or guess at the words left over.
      if field == .title, case .text(let words?)? = edit.values[.title],
        case .text(let title?) = value
      {
        throw AppError(
          "'\(CommandLineEcho.quote(words))' left over after --title: a title is one value",
          hint:
            "quote a title of several words: --title '\(CommandLineEcho.quote(title + " " + words))'"
        )
      }
      edit.values[field] = value
    }
    for change in try command[Key.editTag] {
      if change.hasPrefix("-") {
        edit.removeTags += try tags([String(change.dropFirst())])
      } else {
        edit.addTags += try tags([change.hasPrefix("+") ? String(change.dropFirst()) : change])
      }
    }
    guard edit != TodoDocument.Edit() else {
      throw AppError(
        "nothing to change",
        hint: "give "
          + TodoField.editOptionFields.map { "--\($0.rawValue), " }.joined()
          + "--tag or due:DATE +tag !priority")
    }
    try store.change { try $0.edit(id, edit) }
    context.write("edited \(id)\n")
  }

  private static func note(
    _ command: ParsedCommand, _ store: TodoStore, _ context: CommandContext
  ) throws {
    let id = try self.id(command)
    let text = try command[Key.text].joined(separator: " ")
    let append = command[Key.append]
    var edit = TodoDocument.Edit()
    switch (command[Key.clear], text.trimmingCharacters(in: .whitespaces).isEmpty) {
    case (true, true):
      guard !append else {
        throw AppError("give --append or --clear, not both", hint: "--clear removes the note")
      }
      edit.note = .some(nil)
    case (false, false): edit.note = text
    case (true, false):
      throw AppError("give a note or --clear, not both", hint: "--clear removes the note")
    case (false, true):
      throw AppError("the note is empty", hint: "give its text, or --clear to remove it")
    }
    let before = try store.change { document in
      let before = try document.item(id).note
      if append, let before, case let text?? = edit.note { edit.note = before + "\n" + text }
      try document.edit(id, edit)
      return before
    }
    context.write(
      noteReport(id: id, before: before, cleared: edit.note == .some(nil), append: append))
  }

  /// What `todo note` did: `noted 24` for a first note, `added a line to the note of
  /// 24` with `--append`, and a reminder of undo when a note was replaced or cleared.
  static func noteReport(id: Int, before: String?, cleared: Bool, append: Bool) -> String {
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

  /// The list screen's sync, from the first part that gives one.
  @MainActor
  private static func listSync(store: TodoStore, context: CommandContext, parts: [TodoPart])
    throws -> TodoListSync?
  {
    for part in parts {
      if let sync = try part.listSync(store, context) { return sync }
    }
    return nil
  }

  // MARK: - Arguments

  private static func id(_ command: ParsedCommand) throws -> Int { try command[Key.id] }

  /// One id rule for every command: ASCII digits only (no sign, space, point or
  /// `0x`), above 0.
  static func parseID(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let id = Int(text), id > 0
    else { return nil }
    return id
  }

  /// Tags as given; each must be a tag by the model's rule (one word).
  static func tags(_ values: [String]) throws(TodoError) -> [String] {
    try values.map { tag throws(TodoError) in try TodoItem.validTag(tag) }
  }
}

/// The current time and day, read once per command; the day is in the local time
/// zone (`TZ`).
package struct Now {
  /// Whole seconds since 1970.
  package var seconds: Int
  /// Today in the local time zone.
  package var today: Day
  /// The local time zone's offset from UTC now, in seconds.
  package var offset: Int

  /// Now in the local time zone (`LocalTimeZone`), by its offset alone: looking the
  /// zone itself up costs more than a short command's own work.
  package init(date: Date = Date()) {
    self.init(date: date, offset: LocalTimeZone.secondsFromGMT(at: date))
  }

  /// Now in `timeZone`.
  package init(date: Date, timeZone: TimeZone) {
    self.init(date: date, offset: timeZone.secondsFromGMT(for: date))
  }

  private init(date: Date, offset: Int) {
    seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let local = seconds + offset
    today = Day(number: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    self.offset = offset
  }
}
