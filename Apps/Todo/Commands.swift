package import BlueprintTodoModel
internal import Core
package import CoreTerminal
package import Foundation

/// The todo app's command line: the spec (from which help and parsing follow) and
/// one function per command.
package enum TodoCommands {
  package static let spec = CommandLineSpec(
    identity: appIdentity, summary: "Keep a list of things to do.",
    commands: [
      CommandSpec(
        "add", summary: "Add a todo and print its id.",
        discussion: """
          The title may carry due:DATE, +tag and !priority among its words, as in
          'Buy milk due:tomorrow +shop !high'. DATE is YYYY-MM-DD, today, tomorrow,
          yesterday, a weekday (the next one), next week, next month, +3d, 2w,
          in 3 days, eow or eom.
          """,
        options: [
          .option("due", valueName: "date", help: "When it is due.").completing(.list(dueDates)),
          .option("priority", short: "p", valueName: "level", help: "low, medium or high.")
            .completing(.list(["low", "medium", "high"])),
          .option(
            "tag", short: "t", valueName: "tag", help: "A tag.", isRepeatable: true),
        ],
        arguments: [.variadic("title", minimum: 1, help: "What to do (words are joined).")]),
      CommandSpec(
        "list", summary: "List open todos by priority, due date and id.",
        options: [
          .flag("all", short: "a", help: "Include done todos."),
          .flag("done", help: "Only done todos."),
          .option(
            "tag", short: "t", valueName: "tag", help: "Only todos with this tag.",
            isRepeatable: true),
          .flag("overdue", help: "Only open todos due before today."),
          .option(
            "search", short: "s", valueName: "text",
            help: "Only todos whose title, tags or note contain the text (any case)."),
          .option("sort", valueName: "order", help: "due, priority (the default), created or id.")
            .completing(.list(["due", "priority", "created", "id"])),
          .flag(
            "json", help: "Print a JSON array of the todos, each as 'show --json' prints it."),
        ]),
      CommandSpec(
        "show", summary: "Show one todo.",
        options: [.flag("json", help: "Print a JSON object.")],
        arguments: [.required("id", help: "The todo's id.").completing(ids(listing: "--all"))]),
      CommandSpec(
        "done", summary: "Mark todos done.",
        arguments: [
          .variadic("ids", minimum: 1, help: "Ids of todos.").completing(ids(listing: ""))
        ]),
      CommandSpec(
        "reopen", summary: "Mark done todos open again.",
        arguments: [
          .variadic("ids", minimum: 1, help: "Ids of todos.").completing(ids(listing: "--done"))
        ]),
      CommandSpec(
        "edit", summary: "Change a todo.",
        discussion:
          "--due none and --priority none remove them; --tag +T adds a tag, --tag -T removes it.",
        options: [
          .option("title", valueName: "title", help: "The new title."),
          .option("due", valueName: "date", help: "The new due date, or none.")
            .completing(.list(dueDates + ["none"])),
          .option("priority", short: "p", valueName: "level", help: "low, medium, high or none.")
            .completing(.list(["low", "medium", "high", "none"])),
          .option(
            "tag", short: "t", valueName: "+tag|-tag", help: "Add or remove a tag.",
            isRepeatable: true),
        ],
        arguments: [.required("id", help: "The todo's id.").completing(ids(listing: "--all"))]),
      CommandSpec(
        "note", summary: "Set a todo's note (shown by show, found by list --search).",
        options: [.flag("clear", help: "Remove the note.")],
        arguments: [
          .required("id", help: "The todo's id.").completing(ids(listing: "--all")),
          .variadic("text", minimum: 0, help: "The note (words are joined)."),
        ]),
      CommandSpec(
        "rm", summary: "Delete todos.",
        arguments: [
          .variadic("ids", minimum: 1, help: "Ids of todos.").completing(ids(listing: "--all"))
        ]),
      CommandSpec(
        "clear", summary: "Delete every done todo.",
        options: [.flag("done", help: "Confirm that every done todo is deleted (required).")]),
      CommandSpec("undo", summary: "Revert the last change (several levels)."),
      CommandSpec(
        "import", summary: "Add the todos of a JSON array (the 'list --json' schema) with new ids.",
        discussion: "All or nothing: an invalid file adds nothing (exit 65).",
        arguments: [
          .required("file", help: "A JSON file, or - for standard input.").completing(.file)
        ]),
      syncSpec,
    ]
  ).withManualPage(manual)

  /// Runs one parsed command.
  ///
  /// - Parameters:
  ///   - command: The parsed command line.
  ///   - context: Output, environment, folders and theme.
  ///   - connector: How `todo sync` reaches the server; `nil` in a build without one.
  /// - Throws: `AppError`, `CommandLineError` or `PersistenceError`; the runner reports them.
  @MainActor
  package static func run(
    _ command: ParsedCommand, in context: CommandContext,
    connector: (any TodoSyncConnector)? = nil
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
          sync: try listSync(store: store, context: context, connector: connector))
        return
      }
      try list(command, store, clock, context, greeting: preferences.greeting)
    case "show": try show(command, store, clock, context)
    case "done", "reopen": try setDone(command, store, clock, context, ids: try ids(command))
    case "edit": try edit(command, store, clock, context)
    case "note": try note(command, store, context)
    case "rm":
      let ids = try ids(command)
      let removed = try store.change { try $0.remove(ids) }
      context.write("removed \(removed.map { String($0.id) }.joined(separator: " "))\n")
    case "clear":
      guard command.flag("done") else {
        throw AppError(
          "'\(appIdentity.name) clear' needs --done",
          hint: "run '\(appIdentity.name) clear --done' to delete every done todo")
      }
      let count = try store.change { $0.clearDone() }
      context.write("cleared \(count) done todo\(count == 1 ? "" : "s")\n")
    case "undo":
      let summary = try store.change { try $0.undoLast() }
      context.write("undid: \(summary.terminalSafe)\n")
    case "import": try importItems(command, store, clock, context)
    case "sync": try await syncCommand(command, store, context, connector: connector)
    default:
      throw AppError(
        "unknown command '\(command.name ?? "")'", hint: "run '\(appIdentity.name) --help'")
    }
  }

  // MARK: - Commands

  private static func add(
    _ command: ParsedCommand, _ store: TodoStore, _ clock: Now, _ context: CommandContext
  ) throws {
    let entry = try QuickEntry(command.strings("title").joined(separator: " "), today: clock.today)
    let title = try TodoDocument.validTitle(entry.title)
    let priority = try command.value(
      "priority", expected: "low, medium or high", parse: Priority.init(name:))
    let due = try command.value("due", expected: Day.expectedInput) {
      Day.parse($0, today: clock.today)
    }
    let draft = TodoDocument.Draft(
      title: title, priority: priority ?? entry.priority, due: due ?? entry.due,
      tags: entry.tags + (try tags(command.strings("tag"))), created: clock.seconds)
    let ids = try store.change { try $0.add([draft]) }
    context.write("\(ids[0])\n")
  }

  private static func list(
    _ command: ParsedCommand, _ store: TodoStore, _ clock: Now, _ context: CommandContext,
    greeting: String?
  ) throws {
    let today = clock.today
    let tags = command.strings("tag")
    let showAll = command.flag("all")
    let onlyDone = command.flag("done")
    guard !(showAll && onlyDone) else {
      throw AppError(
        "'--all' and '--done' cannot be used together",
        hint: "--all lists every todo, --done only done ones")
    }
    let order = try command.value(
      "sort", expected: "due, priority, created or id", parse: TodoOrder.init(rawValue:))
    let onlyOverdue = command.flag("overdue")
    let needle = command.string("search")?.lowercased() ?? ""
    let items = try store.load().items
    let shown = TodoItem.listOrder(of: items, by: order ?? .priority) { item in
      if onlyDone {
        guard item.isDone else { return false }
      } else if !showAll, item.isDone {
        return false
      }
      if onlyOverdue, !item.isOverdue(today: today) { return false }
      return tags.allSatisfy(item.tags.contains) && item.matches(lowercased: needle)
    }
    if command.flag("json") {
      context.write(try TodoItem.jsonArray(items, order: shown))
      return
    }
    let listing = PlainListing(styles: .init(context: context), today: today)
    guard context.isOutputTerminal else {
      context.write(listing.lines(items, order: shown))
      return
    }
    let isFiltered = onlyDone || onlyOverdue || !tags.isEmpty || !needle.isEmpty
    context.write(
      listing.header(
        TodoCounts(items, today: today), shown: shown.count, isFiltered: isFiltered,
        greeting: greeting))
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
    if command.flag("json") {
      context.write(try item.jsonObject())
    } else {
      context.write(PlainListing(styles: .init(context: context), today: clock.today).details(item))
    }
  }

  private static func edit(
    _ command: ParsedCommand, _ store: TodoStore, _ clock: Now, _ context: CommandContext
  ) throws {
    let id = try self.id(command)
    var edit = TodoDocument.Edit()
    edit.title = command.string("title")
    edit.priority = try command.value("priority", expected: "low, medium, high or none") {
      $0.lowercased() == "none" ? .some(nil) : Priority(name: $0).map { .some($0) }
    }
    edit.due = try command.value("due", expected: Day.expectedInput + " or none") {
      $0.lowercased() == "none" ? .some(nil) : Day.parse($0, today: clock.today).map { .some($0) }
    }
    for change in command.strings("tag") {
      if change.hasPrefix("-") {
        edit.removeTags += try tags([String(change.dropFirst())])
      } else {
        edit.addTags += try tags([change.hasPrefix("+") ? String(change.dropFirst()) : change])
      }
    }
    guard edit != TodoDocument.Edit() else {
      throw AppError("nothing to change", hint: "give --title, --due, --priority or --tag")
    }
    try store.change { try $0.edit(id, edit) }
    context.write("edited \(id)\n")
  }

  private static func note(
    _ command: ParsedCommand, _ store: TodoStore, _ context: CommandContext
  ) throws {
    let id = try self.id(command)
    let text = command.strings("text").joined(separator: " ")
    var edit = TodoDocument.Edit()
    switch (command.flag("clear"), text.trimmingCharacters(in: .whitespaces).isEmpty) {
    case (true, true): edit.note = .some(nil)
    case (false, false): edit.note = text
    case (true, false):
      throw AppError("give a note or --clear, not both", hint: "--clear removes the note")
    case (false, true):
      throw AppError("the note is empty", hint: "give its text, or --clear to remove it")
    }
    try store.change { try $0.edit(id, edit) }
    context.write(edit.note == .some(nil) ? "cleared the note of \(id)\n" : "noted \(id)\n")
  }

  private static func importItems(
    _ command: ParsedCommand, _ store: TodoStore, _ clock: Now, _ context: CommandContext
  ) throws {
    let input = try CommandLineInput.read(command.string("file") ?? "-", in: context)
    let drafts = try TodoDocument.Draft.importing(
      input.data, source: input.name, now: clock.seconds)
    let ids = try store.change { try $0.add(drafts, summary: "import \(drafts.count) todos") }
    guard let first = ids.first, let last = ids.last else {
      context.write("imported 0 todos\n")
      return
    }
    let range = first == last ? "id \(first)" : "ids \(first)–\(last)"
    context.write("imported \(ids.count) todo\(ids.count == 1 ? "" : "s") (\(range))\n")
  }

  // MARK: - Arguments

  private static func ids(_ command: ParsedCommand) throws -> [Int] {
    try command.values("ids", expected: "a todo id (a whole number)", parse: parseID)
  }

  private static func id(_ command: ParsedCommand) throws -> Int {
    guard let id = try command.value("id", expected: "a todo id (a whole number)", parse: parseID)
    else {
      throw AppError("missing argument <id>")
    }
    return id
  }

  private static func parseID(_ text: String) -> Int? {
    guard let id = Int(text), id > 0 else { return nil }
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

  package init(date: Date = Date(), timeZone: TimeZone = .current) {
    seconds = Int(date.timeIntervalSince1970.rounded(.down))
    today = Day.today(in: timeZone, now: date)
    offset = timeZone.secondsFromGMT(for: date)
  }
}
