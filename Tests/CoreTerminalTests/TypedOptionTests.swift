import Core
import CoreTerminal
import Testing

/// Options and arguments read by the keys they were declared with, as an app does
/// (no `@testable`: the public API only).
@Suite("Command line: typed options and arguments")
struct TypedOptionTests {
  enum Level: String, CaseIterable, CommandLineValue { case low, medium, high }

  enum Key {
    static let level = Option<Level?>("level", short: "l", valueName: "level", help: "How much.")
    static let count = Option<Int?>(
      "count", valueName: "n", help: "How many.", expected: "a count of 1 or more"
    ) { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
    static let tags = Option<[String]>("tag", short: "t", valueName: "tag", help: "A tag.")
    static let evens = Option<[Int]>(
      "even", valueName: "n", help: "An even number.", expected: "an even number"
    ) { Int($0).flatMap { $0.isMultiple(of: 2) ? $0 : nil } }
    static let json = Flag("json", short: "j", help: "Print JSON.")
    static let id = Argument<Int>("id", help: "An id.")
    static let note = Argument<String?>("note", help: "A note.")
    static let words = Argument<[String]>("words", help: "More words.")
  }

  static let spec = CommandLineSpec(
    name: "demo", version: "1.0", summary: "A demo.",
    commands: [
      CommandSpec(
        "add", summary: "Add.", options: [Key.level, Key.count, Key.tags, Key.evens, Key.json],
        arguments: [Key.id, Key.note, Key.words]),
      CommandSpec("other", summary: "Other."),
    ])

  private func run(_ arguments: [String]) throws -> ParsedCommand {
    guard case .run(let command) = try Self.spec.parse(arguments) else {
      throw CommandLineError("expected a command to run")
    }
    return command
  }

  @Test("each key reads its type: a word in any case, a count, tags in order, a flag")
  func reads() throws {
    let command = try run(["add", "7", "a note", "x", "y", "-t", "b", "--level", "HIGH", "-jta"])
    #expect(try command[Key.level] == .high)
    #expect(try command[Key.count] == nil)
    #expect(try command[Key.tags] == ["b", "a"])
    #expect(command[Key.json])
    #expect(try command[Key.id] == 7)
    #expect(try command[Key.note] == "a note")
    #expect(try command[Key.words] == ["x", "y"])
  }

  @Test("a repeatable key with a conversion reads every value in order; a single one the last")
  func repeatedValues() throws {
    let command = try run(["add", "1", "--even", "4", "--count", "2", "--even=-2", "--count=5"])
    #expect(try command[Key.evens] == [4, -2])
    #expect(try command[Key.count] == 5)
    let odd = try run(["add", "1", "--even", "2", "--even", "3"])
    let error = #expect(throws: CommandLineError.self) { try odd[Key.evens] }
    #expect(error?.message == "invalid value '3' for '--even': expected an even number")
    #expect(error?.exitCode == .usage)
    #expect(Key.evens.optionSpec.isRepeatable)
    #expect(Key.evens.optionSpec.completion == .none)
  }

  @Test("left out: nil, [] and false")
  func absent() throws {
    let command = try run(["add", "1"])
    #expect(try command[Key.level] == nil)
    #expect(try command[Key.tags] == [])
    #expect(!command[Key.json])
    #expect(try command[Key.note] == nil)
    #expect(try command[Key.words] == [])
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
    let error = #expect(throws: CommandLineError.self) {
      _ = try command[Key.level]
      _ = try command[Key.count]
      _ = try command[Key.id]
    }
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
