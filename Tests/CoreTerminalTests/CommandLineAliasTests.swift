import Core
import Testing

@testable import CoreTerminal

/// The words people bring from other tools (`ls`, `del`) and values typed in
/// another case (`--sort Due`): one mechanism in the shared parser, for every app.
@Suite("Command-line parser: aliases and values in any case")
struct CommandLineAliasTests {
  static let spec = CommandLineSpec(
    name: "app", version: "1.0.0", summary: "An app.",
    commands: [
      CommandSpec(
        "list", summary: "List things.",
        options: [
          .option("sort", valueName: "order", help: "due or id.").completing(
            .list(["due", "id"])),
          .option("name", valueName: "text", help: "Free text."),
        ]
      ).alsoCalled("ls"),
      CommandSpec("rm", summary: "Delete things.").alsoCalled("del", "delete", "remove"),
    ])

  private func parsed(_ arguments: [String]) throws -> ParsedCommand {
    guard case .run(let command) = try Self.spec.parse(arguments) else {
      throw CommandLineError("expected a command to run")
    }
    return command
  }

  @Test(
    "an alias runs the command under its own name",
    arguments: [("ls", "list"), ("del", "rm"), ("delete", "rm"), ("remove", "rm"), ("rm", "rm")])
  func alias(word: String, name: String) throws {
    #expect(try parsed([word]).name == name)
  }

  @Test("help lists the aliases; a command's help and an alias's help are the same")
  func help() throws {
    let text = Self.spec.helpText()
    #expect(text.contains("Delete things. Also: del, delete, remove."))
    guard case .help(let command) = try Self.spec.parse(["ls", "--help"]) else {
      Issue.record("expected help")
      return
    }
    #expect(command.contains("ALIASES: app ls"))
    #expect(command == Self.spec.helpText(for: Self.spec.commands[0]))
  }

  @Test("a misspelled alias suggests the command it belongs to")
  func suggestion() {
    #expect(throws: CommandLineError.self) { try Self.spec.parse(["dele"]) }
    do {
      _ = try Self.spec.parse(["remve"])
    } catch {
      #expect(error.hint == "did you mean 'rm'?")
    }
  }

  @Test("a listed value matches in any case; free text is kept as typed")
  func caseInsensitiveValues() throws {
    #expect(try parsed(["list", "--sort", "Due"]).string("sort") == "due")
    #expect(try parsed(["list", "--sort=ID"]).string("sort") == "id")
    #expect(try parsed(["list", "--sort", "size"]).string("sort") == "size")
    #expect(try parsed(["list", "--name", "Due"]).string("name") == "Due")
    #expect(try parsed(["list", "--color", "NEVER"]).color == .never)
  }
}
