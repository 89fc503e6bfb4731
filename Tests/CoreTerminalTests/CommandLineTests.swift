import Core
import Testing

@testable import CoreTerminal

@Suite("Command-line parser")
struct CommandLineTests {
  static let spec = CommandLineSpec(
    name: "todo", version: "1.2.0", summary: "Keep a list of things to do.",
    commands: [
      CommandSpec(
        "list", summary: "List the todos.",
        options: [
          .flag("json", help: "Print JSON."),
          .option("limit", short: "n", valueName: "count", help: "Show at most this many."),
          .flag("all", short: "a", help: "Include done todos."),
        ]),
      CommandSpec(
        "add", summary: "Add a todo.", discussion: "The title may contain spaces.",
        options: [
          .option("due", valueName: "date", help: "When it is due (YYYY-MM-DD)."),
          .option("tag", short: "t", valueName: "tag", help: "A tag.", isRepeatable: true),
        ],
        arguments: [
          .required("title", help: "What to do."),
          .optional("note", help: "A note."),
        ]),
      CommandSpec(
        "done", summary: "Mark todos done.",
        arguments: [.variadic("ids", minimum: 1, help: "The todos' ids.")]),
      CommandSpec(
        "move", summary: "Move a todo.",
        arguments: [
          .variadic("ids", minimum: 1, help: "The todos' ids."),
          .required("list", help: "The target list."),
        ]),
    ],
    defaultCommand: "list")

  private func run(_ arguments: [String]) throws -> ParsedCommand {
    guard case .run(let command) = try Self.spec.parse(arguments) else {
      throw CommandLineError("expected a command to run")
    }
    return command
  }

  // MARK: - Parsing

  @Test("options with separate and = values, and repeated options")
  func optionValues() throws {
    let separate = try run(["add", "Buy milk", "--due", "2026-12-01", "-t", "home", "--tag=shop"])
    #expect(separate.name == "add")
    #expect(separate.string("title") == "Buy milk")
    #expect(separate.string("note") == nil)
    #expect(separate.string("due") == "2026-12-01")
    #expect(separate.strings("tag") == ["home", "shop"])
    let joined = try run(["add", "--due=2026-12-01", "Buy milk", "a note", "-tx"])
    #expect(joined.string("due") == "2026-12-01")
    #expect(joined.string("note") == "a note")
    #expect(joined.strings("tag") == ["x"])
  }

  @Test("a required argument is parsed; a command line without it is a usage error")
  func requiredArgument() throws {
    #expect(try run(["add", "Buy milk"]).string("title") == "Buy milk")
    let missing = #expect(throws: CommandLineError.self) { try run(["add"]) }
    #expect(missing?.exitCode == .usage)
  }

  @Test("flags, bundled short flags and a value after them")
  func flagsAndValues() throws {
    let command = try run(["list", "--json", "-an", "5"])
    #expect(command.flag("json"))
    #expect(command.flag("all"))
    #expect(command.string("limit") == "5")
    let plain = try run(["list"])
    #expect(!plain.flag("json"))
    #expect(plain.string("limit") == nil)
  }

  @Test("no command runs the default; -- makes the rest positional")
  func defaultAndDoubleDash() throws {
    #expect(try run([]).name == "list")
    #expect(try run(["--json"]).flag("json"))  // the default command's options apply
    #expect(throws: CommandLineError("unknown option '--json' for 'todo add'")) {
      try Self.spec.parse(["--json", "add", "x"])
    }
    let command = try run(["add", "--", "--not-an-option", "-x"])
    #expect(command.string("title") == "--not-an-option")
    #expect(command.string("note") == "-x")
  }

  @Test("variadic arguments, also before a required one")
  func variadics() throws {
    #expect(try run(["done", "1", "2", "3"]).strings("ids") == ["1", "2", "3"])
    let move = try run(["move", "4", "5", "work"])
    #expect(move.strings("ids") == ["4", "5"])
    #expect(move.string("list") == "work")
    #expect(try run(["done", "-1"]).strings("ids") == ["-1"])  // a negative number is a value
  }

  @Test(
    "--color is parsed by every command",
    arguments: [
      (["list"], ColorChoice.auto), (["--color", "never", "list"], .never),
      (["add", "x", "--color=always"], .always), (["done", "1", "--color", "auto"], .auto),
    ])
  func color(arguments: [String], expected: ColorChoice) throws {
    #expect(try run(arguments).color == expected)
  }

  // MARK: - Errors

  @Test(
    "errors carry a message, a hint and exit code 64",
    arguments: [
      (["lsit"], "unknown command 'lsit'", "did you mean 'list'?"),
      (["ad", "x"], "unknown command 'ad'", "did you mean 'add'?"),
      (["frobnicate"], "unknown command 'frobnicate'", "run 'todo --help' to see the commands"),
      (
        ["add", "x", "--dua", "1"], "unknown option '--dua' for 'todo add'", "did you mean '--due'?"
      ),
      (["list", "--jsno"], "unknown option '--jsno' for 'todo list'", "did you mean '--json'?"),
      (
        ["list", "--colour", "never"], "unknown option '--colour' for 'todo list'",
        "did you mean '--color'?"
      ),
      (
        ["list", "-z"], "unknown option '-z' for 'todo list'",
        "run 'todo list --help' to see the options"
      ),
      (
        ["list", "-az"], "unknown option '-z' for 'todo list'",
        "run 'todo list --help' to see the options"
      ),
      (
        ["list", "-home"], "unknown option '-home' for 'todo list'",
        "to give '-home' as it is, put '--' before it; run 'todo list --help' to see the options"
      ),
      (
        ["list", "--xyzzy"], "unknown option '--xyzzy' for 'todo list'",
        "run 'todo list --help' to see the options"
      ),
      (["add"], "missing argument <title>", "usage: todo add [options] <title> [<note>]"),
      (["done"], "missing argument <ids>", "usage: todo done [options] <ids> ..."),
      (
        ["add", "a", "b", "c"], "unexpected argument 'c'",
        "usage: todo add [options] <title> [<note>]"
      ),
      (["list", "--json=yes"], "flag '--json' does not take a value", nil),
      (["add", "x", "--due"], "option '--due' needs a value <date>", nil),
      (["list", "-n"], "option '-n' needs a value <count>", nil),
      (
        ["list", "--color", "sometimes"],
        "invalid value 'sometimes' for '--color': expected auto, always or never", nil
      ),
    ] as [([String], String, String?)])
  func errors(arguments: [String], message: String, hint: String?) {
    let error = #expect(throws: CommandLineError.self) { try Self.spec.parse(arguments) }
    #expect(error?.message == message)
    #expect(error?.hint == hint)
    #expect(error?.exitCode == ExitCode.usage)
  }

  // MARK: - Help and version

  @Test(
    "--help, -h and --version", arguments: [["--help"], ["-h"], ["list", "-h"], ["--version"]])
  func helpRequests(arguments: [String]) throws {
    let result = try Self.spec.parse(arguments)
    switch arguments {
    case ["--version"]: #expect(result == .version("todo 1.2.0"))
    case ["list", "-h"]: #expect(result == .help(Self.spec.helpText(for: Self.spec.commands[0])))
    default: #expect(result == .help(Self.spec.helpText()))
    }
  }

  @Test("'help' and 'help COMMAND' print the help, as git does")
  func helpCommand() throws {
    #expect(try Self.spec.parse(["help"]) == .help(Self.spec.helpText()))
    #expect(
      try Self.spec.parse(["help", "add"]) == .help(Self.spec.helpText(for: Self.spec.commands[1])))
    let unknown = #expect(throws: CommandLineError.self) { try Self.spec.parse(["help", "ad"]) }
    #expect(unknown?.message == "unknown command 'ad'")
    #expect(unknown?.hint == "did you mean 'add'?")
    #expect(throws: CommandLineError.self) { try Self.spec.parse(["help", "add", "list"]) }
    // A positional that happens to be "help" is still a positional.
    #expect(try run(["add", "help"]).string("title") == "help")
    // An app with a command of its own named help keeps it.
    let own = CommandLineSpec(
      name: "x", version: "1", summary: "X.", commands: [CommandSpec("help", summary: "Own.")])
    guard case .run(let command) = try own.parse(["help"]) else {
      Issue.record("expected the app's own help command to run")
      return
    }
    #expect(command.name == "help")
  }

  @Test("help wins over errors elsewhere on the line")
  func helpWins() throws {
    #expect(
      try Self.spec.parse(["add", "--bogus", "--help"])
        == .help(
          Self.spec.helpText(
            for: Self.spec.commands[1])))
  }

  @Test("the app's help lists commands and options, aligned")
  func appHelp() {
    #expect(
      Self.spec.helpText() == """
        todo 1.2.0 - Keep a list of things to do.

        USAGE: todo <command> [options]

        COMMANDS:
          list  List the todos. (default)
          add   Add a todo.
          done  Mark todos done.
          move  Move a todo.

        OPTIONS:
          --color <when>  Use color: auto, always or never (default: auto).
          -h, --help      Show help.
          --version       Show the version.

        Run 'todo <command> --help' for a command's options and arguments.

        """)
  }

  @Test("a command's help shows usage, discussion, arguments and options")
  func commandHelp() {
    #expect(
      Self.spec.helpText(for: Self.spec.commands[1]) == """
        Add a todo.

        USAGE: todo add [options] <title> [<note>]

        The title may contain spaces.

        ARGUMENTS:
          <title>  What to do.
          <note>   A note.

        OPTIONS:
          --due <date>     When it is due (YYYY-MM-DD).
          -t, --tag <tag>  A tag. (repeatable)
          --color <when>   Use color: auto, always or never (default: auto).
          -h, --help       Show help.

        """)
  }

  @Test("edit distance counts a transposition as one edit")
  func distance() {
    #expect(CommandLineSpec.editDistance("lsit", "list") == 1)
    #expect(CommandLineSpec.editDistance("", "abc") == 3)
    #expect(CommandLineSpec.editDistance("kitten", "sitting") == 3)
  }
}

@Suite("Exit codes and error reporting")
struct ExitCodeTests {
  @Test(
    "sysexits values",
    arguments: [
      (ExitCode.ok, 0), (.usage, 64), (.dataError, 65), (.noInput, 66), (.unavailable, 69),
      (.cantCreate, 73), (.ioError, 74), (.tempFail, 75),
    ] as [(ExitCode, Int32)])
  func values(code: ExitCode, raw: Int32) {
    #expect(code.rawValue == raw)
  }

  @Test("errors print as APP: error: MESSAGE and hint: HINT, controls escaped")
  func reporting() {
    let lines = Locked<[String]>([])
    let reporter = ErrorReporter(appName: "todo") { text in lines.withLock { $0.append(text) } }
    reporter.report("no todo with id 7")
    let code = reporter.report(CommandLineError("unknown command 'x\u{1b}[2J'", hint: "try this"))
    #expect(code == .usage)
    #expect(
      lines.withLock { $0 } == [
        "todo: error: no todo with id 7\n",
        "todo: error: unknown command 'x\\x1B[2J'\nhint: try this\n",
      ])
  }
}
