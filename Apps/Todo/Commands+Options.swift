internal import BlueprintTodoModel
internal import CoreTerminal

// Each command's options and arguments, declared once: the spec lists them (help, the
// manual page and completions follow) and the command reads them back by subscript,
// `command[List.json]`, so a misspelled one does not compile.

extension TodoCommands {
  /// The todo's id: `show`, `edit` and `note`.
  static let id = Argument<Int>(
    "id", help: "The todo's id.", expected: "a todo id (a whole number)", parse: parseID
  ).completing(TodoCommands.ids(listing: "--all"))

  /// `--yes`: `done` and `rm`, for a filter that selects many.
  static let yes = Flag("yes", short: "y", help: "Confirm a filter that matches more than 3.")

  enum Add {
    static let due = Option<String?>("due", valueName: "date", help: "When it is due.")
      .completing(.list(dueDates))
    static let priority = Option<Priority?>(
      "priority", short: "p", valueName: "level", help: "low, medium or high.",
      expected: "low, medium or high", parse: Priority.init(name:)
    ).completing(.list(["low", "medium", "high"]))
    static let tags = Option<[String]>("tag", short: "t", valueName: "tag", help: "A tag.")
    static let title = Argument<[String]>(
      "title", minimum: 1, help: "What to do (words are joined).")
  }

  enum List {
    static let all = Flag("all", short: "a", help: "Include done todos.")
    static let done = Flag("done", help: "Only done todos.")
    static let tags = Option<[String]>(
      "tag", short: "t", valueName: "tag",
      help: "Only todos with this tag; given twice, with both.")
    static let overdue = Flag("overdue", help: "Only open todos due before today.")
    static let search = Option<String?>(
      "search", short: "s", valueName: "text",
      help: "Only todos whose title, tags or note contain the text (any case).")
    static let sort = Option<TodoOrder?>(
      "sort", valueName: "order",
      help: "urgent (the default: overdue, today, then by priority), priority, due, "
        + "created or id.",
      expected: "urgent, priority, due, created or id", parse: TodoOrder.init(rawValue:)
    ).completing(.list(TodoOrder.allCases.map(\.rawValue)))
    static let json = Flag(
      "json", help: "Print a JSON array of the todos, each as 'show --json' prints it.")
    static let filter = Argument<[String]>(
      "filter", help: "+tag, !priority or due:DATE; all must hold.")
  }

  enum Show {
    static let json = Flag("json", help: "Print a JSON object.")
  }

  enum Done {
    static let ids = Argument<[String]>("ids", minimum: 1, help: "Ids of todos, or a filter.")
      .completing(TodoCommands.ids(listing: ""))
  }

  enum Reopen {
    static let ids = Argument<[Int]>(
      "ids", minimum: 1, help: "Ids of todos.", expected: "a todo id (a whole number)",
      parse: parseID
    ).completing(TodoCommands.ids(listing: "--done"))
  }

  enum Edit {
    static let title = Option<String?>("title", valueName: "title", help: "The new title.")
    static let due = Option<String?>("due", valueName: "date", help: "The new due date, or none.")
      .completing(.list(dueDates + ["none"]))
    static let priority = Option<Priority??>(
      "priority", short: "p", valueName: "level", help: "low, medium, high or none.",
      expected: "low, medium, high or none"
    ) { $0.lowercased() == "none" ? .some(nil) : Priority(name: $0).map { .some($0) } }
    .completing(.list(["low", "medium", "high", "none"]))
    static let tags = Option<[String]>(
      "tag", short: "t", valueName: "+tag|-tag", help: "Add or remove a tag.")
    static let changes = Argument<[String]>(
      "changes", help: "due:DATE, +tag, !priority and title words.")
  }

  enum Note {
    static let append = Flag("append", short: "a", help: "Add the text as a new line of the note.")
    static let clear = Flag("clear", help: "Remove the note.")
    static let text = Argument<[String]>(
      "text", minimum: 0, help: "The note (words are joined).")
  }

  enum Remove {
    static let ids = Argument<[String]>("ids", minimum: 1, help: "Ids of todos, or a filter.")
      .completing(TodoCommands.ids(listing: "--all"))
  }

  enum Clear {
    static let done = Flag("done", help: "Confirm that every done todo is deleted (required).")
  }

  enum Import {
    static let from = Option<ImportFormat?>(
      "from", valueName: "format", help: "json (the default), taskwarrior or todo.txt.",
      expected: "json, taskwarrior or todo.txt", parse: ImportFormat.init(rawValue:)
    ).completing(.list(ImportFormat.allCases.map(\.rawValue)))
    static let file = Argument<String>("file", help: "A file, or - for standard input.")
      .completing(.file)
  }

  enum Export {
    static let format = Option<ExportFormat?>(
      "format", short: "f", valueName: "format", help: "json (the default) or todo.txt.",
      expected: "json or todo.txt", parse: ExportFormat.init(rawValue:)
    ).completing(.list(ExportFormat.allCases.map(\.rawValue)))
  }

  enum Sync {
    static let dryRun = Flag(
      "dry-run", short: "n", help: "Say what a sync would do; write nothing.")
    static let list = Option<String?>(
      "list", valueName: "name", help: "With setup: the task list to use or create.")
    static let user = Option<String?>(
      "user", valueName: "name", help: "With setup: the user for --password-command.")
    static let passwordCommand = Option<String?>(
      "password-command", valueName: "command",
      help: "With setup: a command that prints the password (e.g. 'pass show dav').")
    static let caFile = Option<String?>(
      "ca-file", valueName: "file",
      help: "With setup: the PEM file of a private server's certificate authority."
    ).completing(.file)
    /// The options that go with `sync setup` only.
    static let setupOptions = [list, user, passwordCommand, caFile]
    static let action = Argument<String?>("action", help: "setup or status (none: sync).")
    static let url = Argument<String?>("url", help: "With setup: the server's address.")
  }
}
