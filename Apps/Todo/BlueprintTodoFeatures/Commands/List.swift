internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo list`: open todos, overdue and due today first; what `todo` prints off a
/// terminal.
enum ListTodos: TodoCommand {
  static let all = Flag("all", short: "a", help: "Include done todos.")
  static let done = Flag("done", help: "Only done todos.")
  static let tag = Option<[String]>(
    "tag", short: "t", valueName: "tag",
    help: "Only todos with this tag; given twice, with both.")
  static let overdue = Flag("overdue", help: "Only open todos due before today.")
  static let search = Option<String?>(
    "search", short: "s", valueName: "text",
    help: "Only todos whose title, tags or note contain the text (any case).")
  static let sort = Option<TodoOrder?>(
    "sort", valueName: "order",
    help: "urgent (the default: overdue, today, then by urgency as Taskwarrior weighs it; "
      + "also urgency), priority, due, created or id.",
    expected: "urgent, priority, due, created or id", parse: TodoOrder.init(name:)
  ).completing(.list(TodoOrder.allCases.map(\.rawValue)))
  static let json = Flag(
    "json", help: "Print a JSON array of the todos, each as 'show --json' prints it.")
  static let filter = Argument<[String]>(
    "filter", help: "+tag, !priority or due:DATE; all must hold.")
  static let configuration = CommandConfiguration(
    "list", summary: "List open todos: overdue, due today, then by urgency.",
    discussion: """
      A filter is typed as in add: +tag (several: every one), !priority and
      due:DATE (due by then, overdue included), e.g. '\(appIdentity.name) list +work !high'.
      """,
    aliases: ["ls"], options: [all, done, tag, overdue, search, sort, json], arguments: [filter])

  static func validate(_ list: Invocation<Self>) throws(CommandLineError) {
    guard !(list[\.all] && list[\.done]) else {
      throw CommandLineError(
        "'--all' and '--done' cannot be used together",
        hint: "--all lists every todo, --done only done ones")
    }
  }

  @MainActor
  static func run(_ list: Invocation<Self>, in run: TodoRun) async throws {
    let (context, today) = (run.context, run.clock.today)
    var rest: [String] = []
    let filter = try TodoFilter(try list[\.filter], today: today, rest: &rest)
    try TodoCommands.refuseNonFilterWords(rest)
    let tags = try list[\.tag] + filter.tags
    let showAll = list[\.all]
    let onlyDone = list[\.done]
    let order = try list[\.sort] ?? .standard
    let onlyOverdue = list[\.overdue]
    let needle = try list[\.search]?.lowercased() ?? ""
    let items = try run.store.load().items
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
    if list[\.json] {
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
        greeting: run.greeting, order: order))
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
}
