import Core
import CoreTerminal
import CoreTesting
import Testing

/// Commands as types: the app lists them once, the runner runs the one named, its
/// rules first; groups run their subcommands or themselves (public API only).
@Suite("Command line: a command is a type")
@MainActor
struct CommandTypeTests {
  /// What the demo's commands write to.
  final class Log {
    var lines: [String] = []
  }

  enum Add: Command {
    static let due = Option<String?>("due", valueName: "date", help: "When it is due.")
    static let title = Argument<[String]>("title", minimum: 1, help: "What to do.")
    static let configuration = CommandConfiguration(
      "add", summary: "Add a todo.", options: [due], arguments: [title])

    static func run(_ add: Invocation<Add>, in log: Log) async throws {
      log.lines.append(
        "add \(try add[\.title].joined(separator: " ")) due \(try add[\.due] ?? "-")")
    }
  }

  enum List: Command {
    static let all = Flag("all", short: "a", help: "Include done todos.")
    static let done = Flag("done", help: "Only done todos.")
    static let configuration = CommandConfiguration(
      "list", summary: "List todos.", aliases: ["ls"], options: [all, done])

    static func validate(_ list: Invocation<List>) throws(CommandLineError) {
      if list[\.all], list[\.done] {
        throw CommandLineError("'--all' and '--done' cannot be used together")
      }
    }

    static func run(_ list: Invocation<List>, in log: Log) async throws {
      log.lines.append("list all=\(list[\.all]) done=\(list[\.done])")
    }
  }

  enum Sync: Command {
    static let dryRun = Flag("dry-run", short: "n", help: "Write nothing.")
    static let configuration = CommandConfiguration(
      "sync", summary: "Sync the list.", options: [dryRun])
    static let subcommands: [any Command<Log>.Type] = [Setup.self, Status.self]

    static func run(_ sync: Invocation<Sync>, in log: Log) async throws {
      log.lines.append("sync dry-run=\(sync[\.dryRun])")
    }

    enum Setup: Command {
      static let user = Option<String?>("user", valueName: "name", help: "Log in as.")
      static let url = Argument<String>("url", help: "The server.")
      static let configuration = CommandConfiguration(
        "setup", summary: "Set up sync.", options: [user], arguments: [url])

      static func run(_ setup: Invocation<Setup>, in log: Log) async throws {
        log.lines.append("setup \(try setup[\.url]) as \(try setup[\.user] ?? "-")")
      }
    }

    enum Status: Command {
      static let configuration = CommandConfiguration("status", summary: "Say where it syncs.")

      static func run(_ status: Invocation<Status>, in log: Log) async throws {
        log.lines.append("status")
      }
    }
  }

  static let commands = AppCommands<Log>(
    identity: AppIdentity(name: "demo", version: "1.0"), summary: "A demo.",
    commands: [Add.self, List.self, Sync.self]
  ) { log in
    log.lines.append("bare")
    try await List.run(.none, in: log)
  }

  /// Runs `arguments` as the app would; returns what ran, or the parse error.
  private func run(_ arguments: [String]) async throws -> [String] {
    let log = Log()
    guard case .run(let command) = try Self.commands.spec.parse(arguments) else {
      throw CommandLineError("expected a command to run")
    }
    try await Self.commands.run(command) { log }
    return log.lines
  }

  @Test("each listed command runs its own body, an alias too")
  func dispatch() async throws {
    #expect(try await run(["add", "buy", "milk", "--due", "fri"]) == ["add buy milk due fri"])
    #expect(try await run(["ls", "-a"]) == ["list all=true done=false"])
    #expect(try await run([]) == ["bare", "list all=false done=false"])
  }

  @Test("validate() refuses before the context is made or the command runs")
  func validateFirst() async throws {
    var madeContext = false
    guard case .run(let command) = try Self.commands.spec.parse(["list", "--all", "--done"])
    else { throw CommandLineError("expected a command to run") }
    let error = await #expect(throws: CommandLineError.self) {
      try await Self.commands.run(command) {
        madeContext = true
        return Log()
      }
    }
    #expect(error?.message == "'--all' and '--done' cannot be used together")
    #expect(error?.exitCode == .usage)
    #expect(!madeContext)
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
