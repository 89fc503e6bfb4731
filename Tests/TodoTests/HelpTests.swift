import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// `--help`, `help`, `help COMMAND` and `--version` through the built `todo`, and the
/// aliases help lists.
@Suite("help and version", .timeLimit(.minutes(10)))
struct HelpTests: TodoHomeSuite {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  @Test("help for the app and every command, and the version")
  func help() throws {
    let help = try home.output(["--help"])
    for command in TodoCommands.spec.commands {
      #expect(help.contains(command.name))
      let commandHelp = try home.output([command.name, "--help"])
      #expect(commandHelp.contains(command.summary))
      // The parser marks repeatable options itself; the help text must not say it twice.
      #expect(!commandHelp.contains("(repeatable). (repeatable)"))
      #expect(!commandHelp.contains("(repeatable) (repeatable)"))
    }
    #expect(try home.output(["add", "--help"]).contains("A tag. (repeatable)"))
    // As git does: `todo help` and `todo help COMMAND`.
    #expect(try home.output(["help"]) == help)
    #expect(try home.output(["help", "add"]) == (try home.output(["add", "--help"])))
    #expect(try home.output(["--version"]) == "\(appIdentity.name) \(appIdentity.version)\n")
  }

  @Test("clear --help says what --done does")
  func clearHelp() throws {
    let help = try home.output(["clear", "--help"])
    #expect(!help.contains("says that done todos go"))
    #expect(help.contains("Confirm that every done todo is deleted"))
  }

  @Test(
    "ls, del, delete, remove, complete and modify are aliases, listed in help",
    arguments: [
      (["ls"], "1  [ ]"), (["complete", "1"], "marked todo 1 as done"),
      (["modify", "1", "--title", "B"], "edited 1"), (["del", "1"], "removed 1"),
      (["delete", "1"], "removed 1"), (["remove", "1"], "removed 1"),
    ])
  func aliases(arguments: [String], output: String) throws {
    try home.output(["add", "A"])
    #expect(try home.output(arguments).contains(output))
    let help = try home.output(["--help"])
    #expect(help.contains("Also: ") && help.contains(arguments[0]))
    let commandHelp = try home.output([arguments[0], "--help"])
    #expect(
      commandHelp.contains("ALIASES: ")
        && commandHelp.contains("\(appIdentity.name) \(arguments[0])"))
  }
}
