internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

extension TodoCommands {
  /// The options and arguments of todo's commands, each declared once: the spec lists
  /// them, the commands read them (`command[Key.json]`). The fields' options (`--due`,
  /// `--priority`, `--title`) come from ``TodoField``'s table.
  enum Key {
    static let yes = Flag("yes", short: "y", help: "Confirm a filter that matches more than 3.")
    static let id = Argument<Int>(
      "id", help: "The todo's id.", expected: idExpected, parse: parseID
    ).completing(ids(listing: "--all"))

    // add
    static let addTag = Option<[String]>("tag", short: "t", valueName: "tag", help: "A tag.")
    static let title = Argument<[String]>(
      "title", minimum: 1, help: "What to do (words are joined).")

    // list
    static let all = Flag("all", short: "a", help: "Include done todos.")
    static let onlyDone = Flag("done", help: "Only done todos.")
    static let listTag = Option<[String]>(
      "tag", short: "t", valueName: "tag",
      help: "Only todos with this tag; given twice, with both.")
    static let overdue = Flag("overdue", help: "Only open todos due before today.")
    static let search = Option<String?>(
      "search", short: "s", valueName: "text",
      help: "Only todos whose title, tags or note contain the text (any case).")
    static let sort = Option<TodoOrder?>(
      "sort", valueName: "order",
      help: "urgent (the default: overdue, today, then by priority; also urgency), "
        + "priority, due, created or id.",
      expected: "urgent, priority, due, created or id", parse: TodoOrder.init(name:)
    ).completing(.list(TodoOrder.allCases.map(\.rawValue)))
    static let listJSON = Flag(
      "json", help: "Print a JSON array of the todos, each as 'show --json' prints it.")
    static let filter = Argument<[String]>(
      "filter", help: "+tag, !priority or due:DATE; all must hold.")

    // show
    static let json = Flag("json", help: "Print a JSON object.")

    // done, reopen, rm
    static let openIDs = Argument<[String]>("ids", minimum: 1, help: "Ids of todos, or a filter.")
      .completing(ids(listing: ""))
    static let doneIDs = Argument<[Int]>(
      "ids", minimum: 1, help: "Ids of todos.", expected: idExpected, parse: parseID
    ).completing(ids(listing: "--done"))
    static let anyIDs = Argument<[String]>("ids", minimum: 1, help: "Ids of todos, or a filter.")
      .completing(ids(listing: "--all"))

    // edit
    static let editTag = Option<[String]>(
      "tag", short: "t", valueName: "+tag|-tag", help: "Add or remove a tag.")
    static let changes = Argument<[String]>(
      "changes", help: "due:DATE, +tag, !priority and title words.")

    // note
    static let append = Flag("append", short: "a", help: "Add the text as a new line of the note.")
    static let clear = Flag("clear", help: "Remove the note.")
    static let text = Argument<[String]>("text", help: "The note (words are joined).")

    // clear
    static let confirmDone = Flag(
      "done", help: "Confirm that every done todo is deleted (required).")

    /// What an id looks like, for messages.
    static let idExpected = "a todo id (a whole number)"
  }
}
