import Core
import CoreTerminal
import CoreTesting
import Testing

/// Commands as types: options declared once, as properties; the app lists the types
/// once, the runner reads every value and runs the one named, its rules first; groups
/// run their subcommands or themselves (public API only).
@Suite("Command line: a command is a type")
@MainActor
struct CommandTypeTests {
  /// What the demo's commands write to.
  final class Log {
    var lines: [String] = []
    var server: String?
  }

  /// `--server` for every command, or `$DEMO_SERVER`.
  struct ServerOption: CommandOptions {
    @Option("server", valueName: "url", environment: "DEMO_SERVER", help: "The server.")
    var server: String?
  }

  /// `--json`, shared by `list` and `show`.
  struct Output: CommandOptions {
    @Flag("json", help: "Print JSON.") var json: Bool
  }

  struct Add: Command {
    static let configuration = CommandConfiguration("add", summary: "Add a todo.")
    @Option("due", valueName: "date", help: "When it is due.") var due: String?
    @Option(
      "priority", valueName: "n", help: "1 to 3.", expected: "1, 2 or 3",
      parse: { Int($0).flatMap { (1...3).contains($0) ? $0 : nil } })
    var priority: Int?
    @Argument("title", minimum: 1, help: "What to do.") var title: [String]

    func run(in log: Log) async throws {
      log.lines.append(
        "add \(title.joined(separator: " ")) due \(due ?? "-") p\(priority.map(String.init) ?? "-")"
      )
    }
  }

  struct List: Command {
    static let configuration = CommandConfiguration(
      "list", summary: "List todos.", aliases: ["ls"])
    @Flag("all", short: "a", help: "Include done todos.") var all: Bool
    @Flag("done", help: "Only done todos.") var done: Bool
    @OptionGroup var output: Output

    func validate() throws(CommandLineError) {
      if all, done { throw CommandLineError("'--all' and '--done' cannot be used together") }
    }

    func run(in log: Log) async throws {
      log.lines.append("list all=\(all) done=\(done) json=\(output.json)")
    }
  }

  struct Show: Command {
    static let configuration = CommandConfiguration("show", summary: "Show a todo.")
    @Argument("id", help: "The todo.") var id: Int
    @OptionGroup var output: Output

    func run(in log: Log) async throws { log.lines.append("show \(id) json=\(output.json)") }
  }

  /// Options made from a table while the command is made: each declares itself.
  struct Edit: Command {
    static let fields = ["title", "note"]
    static let configuration = CommandConfiguration("edit", summary: "Edit fields.")
    let values: [Option<String?>] = fields.map {
      Option("\($0)", valueName: "text", help: "The new \($0).")
    }

    func run(in log: Log) async throws {
      let given = zip(Self.fields, values).compactMap { field, option in
        option.wrappedValue.map { "\(field)=\($0)" }
      }
      log.lines.append("edit " + given.joined(separator: " "))
    }
  }

  struct Sync: Command {
    static let configuration = CommandConfiguration("sync", summary: "Sync the list.")
    static let subcommands: [any Command<Log>.Type] = [Setup.self, Status.self]
    @Flag("dry-run", short: "n", help: "Write nothing.") var dryRun: Bool

    func run(in log: Log) async throws { log.lines.append("sync dry-run=\(dryRun)") }

    struct Setup: Command {
      static let configuration = CommandConfiguration("setup", summary: "Set up sync.")
      @Option("user", valueName: "name", help: "Log in as.") var user: String?
      @Argument("url", help: "The server.") var url: String

      func run(in log: Log) async throws { log.lines.append("setup \(url) as \(user ?? "-")") }
    }

    struct Status: Command {
      static let configuration = CommandConfiguration("status", summary: "Say where it syncs.")

      func run(in log: Log) async throws { log.lines.append("status") }
    }
  }

  static let commands = AppCommands(
    identity: AppIdentity(name: "demo", version: "1.0"), summary: "A demo.",
    commands: [Add.self, List.self, Show.self, Edit.self, Sync.self],
    globalOptions: ServerOption.self
  ) { (log: Log) in
    log.lines.append("bare")
    try await List().run(in: log)
  }

  /// Runs `arguments` as the app would; returns what ran, or the error.
  private func run(_ arguments: [String], environment: [String: String] = [:]) async throws
    -> [String]
  {
    let log = Log()
    guard case .run(var command) = try Self.commands.spec.parse(arguments) else {
      throw CommandLineError("expected a command to run")
    }
    command.environment = environment
    try await Self.commands.run(command) { options in
      log.server = options.server
      return log
    }
    return log.lines + (log.server.map { ["server \($0)"] } ?? [])
  }

  @Test("each listed command runs its own body with the values read, an alias too")
  func dispatch() async throws {
    #expect(
      try await run(["add", "buy", "milk", "--due", "fri", "--priority", "2"])
        == ["add buy milk due fri p2"])
    #expect(try await run(["ls", "-a"]) == ["list all=true done=false json=false"])
    #expect(try await run([]) == ["bare", "list all=false done=false json=false"])
  }

  @Test("a group of options is declared once and read in each command that includes it")
  func optionGroups() async throws {
    #expect(try await run(["list", "--json"]) == ["list all=false done=false json=true"])
    #expect(try await run(["show", "4", "--json"]) == ["show 4 json=true"])
    let spec = Self.commands.spec
    for name in ["list", "show"] {
      let help = spec.helpText(for: try #require(spec.command(named: name)))
      #expect(help.contains("--json") && help.contains("Print JSON."))
    }
    #expect(spec.command(named: "add")?.options.map(\.name) == ["due", "priority"])
  }

  @Test("help lists options in the order the properties declare them, a group's in its place")
  func declarationOrder() throws {
    let list = try #require(Self.commands.spec.command(named: "list"))
    #expect(list.options.map(\.name) == ["all", "done", "json"])
    let show = try #require(Self.commands.spec.command(named: "show"))
    #expect(show.arguments.map(\.name) == ["id"])
    #expect(show.options.map(\.name) == ["json"])
  }

  @Test("options made from a table while the command is made are its options")
  func optionsFromATable() async throws {
    #expect(Self.commands.spec.command(named: "edit")?.options.map(\.name) == ["title", "note"])
    #expect(try await run(["edit", "--note", "n"]) == ["edit note=n"])
  }

  @Test("a value that cannot be read stops the run before the context is made: exit 64")
  func badValueFirst() async throws {
    var madeContext = false
    guard case .run(let command) = try Self.commands.spec.parse(["add", "x", "--priority", "7"])
    else { throw CommandLineError("expected a command to run") }
    let error = await #expect(throws: CommandLineError.self) {
      try await Self.commands.run(command) { _ in
        madeContext = true
        return Log()
      }
    }
    #expect(error?.message == "invalid value '7' for '--priority': expected 1, 2 or 3")
    #expect(error?.exitCode == .usage)
    #expect(!madeContext)
  }

  @Test("validate() refuses before the context is made or the command runs")
  func validateFirst() async throws {
    var madeContext = false
    guard case .run(let command) = try Self.commands.spec.parse(["list", "--all", "--done"])
    else { throw CommandLineError("expected a command to run") }
    let error = await #expect(throws: CommandLineError.self) {
      try await Self.commands.run(command) { _ in
        madeContext = true
        return Log()
      }
    }
    #expect(error?.message == "'--all' and '--done' cannot be used together")
    #expect(error?.exitCode == .usage)
    #expect(!madeContext)
  }

  @Test("a global option is read before or after the command, and with no command")
  func globalOptions() async throws {
    #expect(
      try await run(["--server", "a", "ls"]) == [
        "list all=false done=false json=false", "server a",
      ])
    #expect(try await run(["show", "1", "--server=b"]) == ["show 1 json=false", "server b"])
    #expect(
      try await run(["--server", "c"]) == [
        "bare", "list all=false done=false json=false", "server c",
      ])
  }

  @Test("an option falls back to its variable; the command line wins")
  func environmentVariable() async throws {
    let environment = ["DEMO_SERVER": "from-env"]
    #expect(try await run(["ls"], environment: environment).last == "server from-env")
    #expect(
      try await run(["ls", "--server", "typed"], environment: environment).last == "server typed")
    #expect(
      try await run(["ls"], environment: ["DEMO_SERVER": ""]).last
        == "list all=false done=false json=false")
  }

  @Test("a bad value in the variable is a usage error that names the variable")
  func badVariable() async throws {
    struct Limit: Command {
      static let configuration = CommandConfiguration("limit", summary: "Limit.")
      @Option("max", valueName: "n", environment: "DEMO_MAX", help: "At most.") var max: Int?
      func run(in log: Log) async throws { log.lines.append("max \(max ?? 0)") }
    }
    #expect(try Limit.parse([], environment: ["DEMO_MAX": "5"]).max == 5)
    #expect(try Limit.parse(["--max", "6"], environment: ["DEMO_MAX": "5"]).max == 6)
    let error = #expect(throws: CommandLineError.self) {
      try Limit.parse([], environment: ["DEMO_MAX": "lots"])
    }
    #expect(error?.message == "invalid value 'lots' for $DEMO_MAX: expected an integer")
    #expect(error?.exitCode == .usage)
  }

  @Test("help, the manual page and the completion scripts say an option's variable")
  func environmentInHelp() throws {
    let spec = Self.commands.spec
    #expect(spec.helpText().contains("--server <url>  The server. [env: DEMO_SERVER]\n"))
    let page = spec.manualPage()
    let sections = page.split(separator: ".SH ")
    #expect(sections.contains { $0.hasPrefix("ENVIRONMENT\n") && $0.contains("DEMO_SERVER") })
    #expect(page.contains("Read for --server when the command line does not give it."))
    // zsh and fish show each option's help; bash completion shows none.
    for shell in [CompletionShell.zsh, .fish] {
      #expect(try #require(spec.completionScript(for: shell)).contains("DEMO_SERVER"))
    }
  }

  @Test("parse(_:) makes a command from words, as the app would; made by hand, nothing is given")
  func parseAndHandMade() throws {
    let add = try Add.parse(["buy", "milk", "--due", "fri"])
    #expect(add.title == ["buy", "milk"])
    #expect(add.due == "fri")
    let list = List()
    #expect(!list.all && !list.done && !list.output.json)
    let missing = #expect(throws: CommandLineError.self) { try Add.parse(["--due", "fri"]) }
    #expect(missing?.message.contains("<title>") == true)
  }

  @Test("a group runs itself without a subcommand, and each subcommand with its own options")
  func groups() async throws {
    #expect(try await run(["sync", "-n"]) == ["sync dry-run=true"])
    #expect(
      try await run(["sync", "setup", "https://dav", "--user", "me"]) == ["setup https://dav as me"]
    )
    #expect(try await run(["sync", "status"]) == ["status"])
  }

  @Test("a subcommand's options belong to it alone, and a word that is none is refused")
  func scopedOptions() async throws {
    let error = await #expect(throws: CommandLineError.self) {
      try await run(["sync", "--user", "me"])
    }
    #expect(error?.message == "unknown option '--user' for 'demo sync'")
    #expect(error?.hint == "'--user' goes with 'demo sync setup'")
    let early = await #expect(throws: CommandLineError.self) {
      try await run(["sync", "-n", "status"])
    }
    #expect(early?.message == "unknown option '--dry-run' for 'demo sync status'")
    let unknown = await #expect(throws: CommandLineError.self) {
      try await run(["sync", "statsu"])
    }
    #expect(unknown?.message == "unknown command 'statsu' for 'demo sync'")
    #expect(unknown?.hint == "did you mean 'status'?")
  }

  @Test("a subcommand's help shows its own options; the group's lists its commands")
  func help() throws {
    let spec = Self.commands.spec
    guard case .help(let setup) = try spec.parse(["sync", "setup", "--help"]),
      case .help(let viaHelp) = try spec.parse(["help", "sync", "setup"]),
      case .help(let group) = try spec.parse(["sync", "-h"])
    else { throw CommandLineError("expected help") }
    #expect(setup == viaHelp)
    #expect(setup.contains("USAGE: demo sync setup [options] <url>"))
    #expect(setup.contains("--user <name>"))
    #expect(!setup.contains("--dry-run"))
    #expect(group.contains("USAGE: demo sync [<command>] [options]"))
    #expect(group.contains("COMMANDS:\n  setup   Set up sync.\n  status  Say where it syncs.\n"))
    #expect(!group.contains("--user"))
  }

  @Test("completion scripts offer a group's subcommands", arguments: CompletionShell.all)
  func completion(shell: CompletionShell) throws {
    let script = try #require(Self.commands.spec.completionScript(for: shell))
    #expect(script.contains("setup"))
    #expect(script.contains("status"))
  }

  @Test("the manual page has a section for each subcommand")
  func manual() {
    let page = Self.commands.spec.manualPage()
    #expect(page.contains("\\fBdemo sync setup\\fR [\\fIoptions\\fR] \\fIurl\\fR\n"))
    #expect(page.contains("\\fBdemo sync status\\fR\n"))
  }

  @Test("the demo's spec is well formed")
  func wellFormed() {
    #expect(commandLineProblems(in: Self.commands.spec) == [])
  }
}
