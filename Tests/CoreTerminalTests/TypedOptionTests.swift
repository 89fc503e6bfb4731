import Core
import CoreTerminal
import Testing

/// Options and arguments declared once as typed keys, read back by subscript: the
/// type says how a value is read, how many there may be, and what help and
/// completions show.
@Suite("Command-line options: typed reads")
struct TypedOptionTests {
  enum Level: String, CaseIterable, CommandLineValue { case low, medium, high }

  enum Add {
    static let level = Option<Level?>("level", short: "l", valueName: "level", help: "How much.")
    static let counts = Option<[Int]>("count", short: "c", valueName: "n", help: "A count.")
    static let limit = Option<Int?>("limit", valueName: "n", help: "At most this many.")
    static let evens = Option<[Int]>(
      "even", valueName: "n", help: "An even number.", expected: "an even number"
    ) { Int($0).flatMap { $0.isMultiple(of: 2) ? $0 : nil } }
    static let quiet = Flag("quiet", short: "q", help: "Say less.")
    static let verbose = Flag("verbose", short: "v", help: "Say more.")
    static let title = Argument<String>("title", help: "What to do.")
    static let note = Argument<String?>("note", help: "A note.")
    static let ids = Argument<[Int]>("ids", help: "Ids.")
  }

  static let spec = CommandLineSpec(
    name: "app", version: "1.0.0", summary: "An app.",
    commands: [
      CommandSpec(
        "add", summary: "Add.",
        options: [Add.level, Add.counts, Add.limit, Add.evens, Add.quiet, Add.verbose],
        arguments: [Add.title, Add.note, Add.ids])
    ])

  private func run(_ arguments: [String]) throws -> ParsedCommand {
    guard case .run(let command) = try Self.spec.parse(arguments) else {
      throw CommandLineError("expected a command to run")
    }
    return command
  }

  @Test("flags read true when given, short or bundled, and false when not")
  func flags() throws {
    let bundled = try run(["add", "x", "-qv"])
    #expect(bundled[Add.quiet])
    #expect(bundled[Add.verbose])
    let one = try run(["add", "x", "--verbose"])
    #expect(!one[Add.quiet])
    #expect(one[Add.verbose])
  }

  @Test("a repeatable option reads every value in order; a single one the last given")
  func repeatableInOrder() throws {
    let command = try run(["add", "x", "-c", "3", "--count=1", "-c2", "--limit", "4", "--limit=9"])
    #expect(try command[Add.counts] == [3, 1, 2])
    #expect(try command[Add.limit] == 9)
    #expect(try run(["add", "x", "--even", "4", "--even=-2"])[Add.evens] == [4, -2])
    let none = try run(["add", "x"])
    #expect(try none[Add.counts] == [])
    #expect(try none[Add.limit] == nil)
    #expect(try none[Add.level] == nil)
  }

  @Test(
    "a wrong value is exit 64, naming the value, the option and what was expected",
    arguments: [
      (["-c", "1", "-c", "two"], "invalid value 'two' for '--count': expected an integer"),
      (["--limit", "many"], "invalid value 'many' for '--limit': expected an integer"),
      (["-l", "huge"], "invalid value 'huge' for '--level': expected low, medium or high"),
      (["--even", "2", "--even", "3"], "invalid value '3' for '--even': expected an even number"),
    ])
  func wrongValue(arguments: [String], message: String) throws {
    let command = try run(["add", "x"] + arguments)
    let error = #expect(throws: CommandLineError.self) {
      _ = try command[Add.counts]
      _ = try command[Add.limit]
      _ = try command[Add.level]
      _ = try command[Add.evens]
    }
    #expect(error?.message == message)
    #expect(error?.exitCode == .usage)
  }

  @Test("an enumeration of words reads in any case and completes with its words")
  func enumeration() throws {
    #expect(try run(["add", "x", "--level", "HIGH"])[Add.level] == .high)
    #expect(Add.level.optionSpec.completion == .list(["low", "medium", "high"]))
    #expect(Add.level.optionSpec.isRepeatable == false)
    #expect(Add.counts.optionSpec.isRepeatable)
    #expect(Add.evens.optionSpec.isRepeatable)
    #expect(Add.quiet.optionSpec.isFlag)
  }

  @Test("arguments read by their arity: one, maybe one, and the rest converted")
  func arguments() throws {
    let command = try run(["add", "Buy milk", "soon", "1", "2"])
    #expect(try command[Add.title] == "Buy milk")
    #expect(try command[Add.note] == "soon")
    #expect(try command[Add.ids] == [1, 2])
    let bare = try run(["add", "Buy milk"])
    #expect(try bare[Add.note] == nil)
    #expect(try bare[Add.ids] == [])
    #expect(throws: CommandLineError("invalid value 'x' for <ids>: expected an integer")) {
      try run(["add", "t", "n", "1", "x"])[Add.ids]
    }
  }

  @Test("the keys' declarations make the help")
  func help() throws {
    guard case .help(let text) = try Self.spec.parse(["add", "--help"]) else {
      Issue.record("expected help")
      return
    }
    #expect(text.contains("<title>"))
    #expect(text.contains("-l, --level <level>"))
    #expect(text.contains("-c, --count <n>"))
    #expect(text.contains("-q, --quiet"))
  }
}
