import Core
import Testing

@testable import CoreTerminal

/// Options and arguments read typed, as the properties they were declared with: a
/// group of them made from a parsed command line, as the kit makes an app's command.
@Suite("Command line: typed options and arguments")
struct TypedOptionTests {
  enum Level: String, CaseIterable, CommandLineValue { case low, medium, high }

  /// What `add` declares, read as a command reads it.
  struct Add: CommandOptions {
    @Option("level", short: "l", valueName: "level", help: "How much.") var level: Level?
    @Option(
      "count", valueName: "n", help: "How many.", expected: "a count of 1 or more",
      parse: { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
    var count: Int?
    @Option("tag", short: "t", valueName: "tag", help: "A tag.") var tags: [String]
    @Option(
      "even", valueName: "n", help: "An even number.", expected: "an even number",
      parse: { Int($0).flatMap { $0.isMultiple(of: 2) ? $0 : nil } })
    var evens: [Int]
    @Flag("json", short: "j", help: "Print JSON.") var json: Bool
    @Argument("id", help: "An id.") var id: Int
    @Argument("note", help: "A note.") var note: String?
    @Argument("words", help: "More words.") var words: [String]
  }

  static let spec = CommandLineSpec(
    name: "demo", version: "1.0", summary: "A demo.",
    commands: [
      CommandSpec(
        "add", summary: "Add.", options: Add.declaredSpecs.options,
        arguments: Add.declaredSpecs.arguments),
      CommandSpec("other", summary: "Other."),
    ])

  private func run(_ arguments: [String]) throws -> ParsedCommand {
    guard case .run(let command) = try Self.spec.parse(arguments) else {
      throw CommandLineError("expected a command to run")
    }
    return command
  }

  /// `add`'s values, read from `arguments`.
  private func add(_ arguments: [String]) throws -> Add {
    try Add.reading(run(arguments))
  }

  @Test("each key reads its type: a word in any case, a count, tags in order, a flag")
  func reads() throws {
    let add = try add(["add", "7", "a note", "x", "y", "-t", "b", "--level", "HIGH", "-jta"])
    #expect(add.level == .high)
    #expect(add.count == nil)
    #expect(add.tags == ["b", "a"])
    #expect(add.json)
    #expect(add.id == 7)
    #expect(add.note == "a note")
    #expect(add.words == ["x", "y"])
  }

  @Test("a repeatable key with a conversion reads every value in order; a single one the last")
  func repeatedValues() throws {
    let add = try add(["add", "1", "--even", "4", "--count", "2", "--even=-2", "--count=5"])
    #expect(add.evens == [4, -2])
    #expect(add.count == 5)
    let odd = try run(["add", "1", "--even", "2", "--even", "3"])
    let error = #expect(throws: CommandLineError.self) { try Add.reading(odd) }
    #expect(error?.message == "invalid value '3' for '--even': expected an even number")
    #expect(error?.exitCode == .usage)
    let evens = try #require(Add.declaredSpecs.options.first { $0.name == "even" })
    #expect(evens.isRepeatable)
    #expect(evens.completion == .none)
  }

  @Test("left out: nil, [] and false")
  func absent() throws {
    let add = try add(["add", "1"])
    #expect(add.level == nil)
    #expect(add.tags == [])
    #expect(!add.json)
    #expect(add.note == nil)
    #expect(add.words == [])
  }

  @Test(
    "a value the key cannot read is a usage error naming the value, the key and what it takes",
    arguments: [
      (
        ["add", "1", "--level", "huge"],
        "invalid value 'huge' for '--level': expected low, medium or high"
      ),
      (
        ["add", "1", "--count", "0"],
        "invalid value '0' for '--count': expected a count of 1 or more"
      ),
      (["add", "one"], "invalid value 'one' for <id>: expected an integer"),
    ])
  func invalid(arguments: [String], message: String) throws {
    let command = try run(arguments)
    let error = #expect(throws: CommandLineError.self) { try Add.reading(command) }
    #expect(error?.message == message)
    #expect(error?.exitCode == .usage)
  }

  @Test("help, the manual and completion show what the keys declare")
  func describes() throws {
    guard case .help(let help) = try Self.spec.parse(["add", "--help"]) else {
      Issue.record("no help")
      return
    }
    #expect(help.contains("-l, --level <level>"))
    #expect(help.contains("-t, --tag <tag>"))
    #expect(help.contains("<id>"))
    let add = try #require(Self.spec.command(named: "add"))
    #expect(add.options.map(\.name) == ["level", "count", "tag", "even", "json"])
    #expect(add.options.first?.completion == .list(["low", "medium", "high"]))
    #expect(add.options[2].isRepeatable)
  }
}
