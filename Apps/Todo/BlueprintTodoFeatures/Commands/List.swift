internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// `todo list`: open todos, overdue and due today first; what `todo` prints off a
/// terminal.
struct ListTodos: TodoCommand {
  static let configuration = CommandConfiguration(
    "list", summary: "List open todos: overdue, due today, then by urgency.",
    discussion: """
      A filter is typed as in add: +tag (several: every one), !priority and
      due:DATE (due by then, overdue included), e.g. '\(appIdentity.name) list +work !high'.
      """,
    aliases: ["ls"])
  @Flag("all", short: "a", help: "Include done todos.") var all: Bool
  @Flag("done", help: "Only done todos.") var done: Bool
  @Option(
    "tag", short: "t", valueName: "tag", help: "Only todos with this tag; given twice, with both.")
  var tags: [String]
  @Flag("overdue", help: "Only open todos due before today.") var overdue: Bool
  @Option(
    "search", short: "s", valueName: "text",
    help: "Only todos whose title, tags or note contain the text (any case).")
  var search: String?
  @Option(
    "sort", valueName: "order",
    help: "urgent (the default: overdue, today, then by urgency as Taskwarrior weighs it; "
      + "also urgency), priority, due, created or id.",
    completion: .list(TodoOrder.allCases.map(\.rawValue)),
    expected: "urgent, priority, due, created or id", parse: TodoOrder.init(name:))
  var sort: TodoOrder?
  @Flag("json", help: "Print a JSON array of the todos, each as 'show --json' prints it.")
  var json: Bool
  @Argument("filter", help: "+tag, !priority or due:DATE; all must hold.") var filter: [String]

  func validate() throws(CommandLineError) {
    guard !(all && done) else {
      throw CommandLineError(
        "'--all' and '--done' cannot be used together",
        hint: "--all lists every todo, --done only done ones")
    }
  }

  func run(in app: TodoRun) async throws {
    let (context, today) = (app.context, app.clock.today)
    var rest: [String] = []
    let filter = try TodoFilter(self.filter, today: today, rest: &rest)
    try Self.refuseNonFilterWords(rest)
    let tags = self.tags + filter.tags
    let order = sort ?? .standard
    let needle = search?.lowercased() ?? ""
    let items = try app.store.load().items
    let shown = TodoItem.listOrder(of: items, by: order, today: today) { item in
      if done {
        guard item.isDone else { return false }
      } else if !all, item.isDone {
        return false
      }
      if overdue, !item.isOverdue(today: today) { return false }
      if !filter.matches(item) { return false }
      return tags.allSatisfy(item.tags.contains) && item.matches(lowercased: needle)
    }
    if json {
      context.write(try TodoItem.jsonArray(items, order: shown))
      return
    }
    let listing = PlainListing(styles: .init(context: context), today: today)
    guard context.isOutputTerminal else {
      context.write(listing.lines(items, order: shown))
      return
    }
    let isFiltered = done || overdue || !tags.isEmpty || !needle.isEmpty || !filter.isEmpty
    context.write(
      listing.header(
        TodoCounts(items, today: today), shown: shown.count, isFiltered: isFiltered,
        greeting: app.greeting, order: order))
    if shown.isEmpty {
      context.write(
        isFiltered || (all && !items.isEmpty)
          ? "No todos match.\n"
          : items.isEmpty
            ? "Nothing to do yet. Add one with: \(context.appName) add TITLE\n"
            : "Nothing open. Add one with: \(context.appName) add TITLE\n")
    } else {
      context.write(listing.lines(items, order: shown))
    }
  }

  /// Refuses the words of a filter that are no condition (`todo list work`).
  private static func refuseNonFilterWords(_ rest: [String]) throws {
    guard let word = rest.first else { return }
    throw AppError(
      "'\(CommandLineEcho.quote(word))' is not a filter",
      hint: "a filter is +tag, !priority or due:DATE; --search TEXT finds words")
  }
}
