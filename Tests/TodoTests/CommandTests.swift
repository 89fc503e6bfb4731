import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

@Suite("todo commands, run as the built executable", .timeLimit(.minutes(10)))
struct CommandTests {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  @Test("add prints the new id; list: overdue first, then priority, due date, id; file private")
  func addAndList() throws {
    #expect(try home.output(["add", "Buy", "milk"]) == "1\n")
    #expect(
      try home.output(["add", "Call mom", "--due", "2099-01-02", "-p", "high", "-t", "family"])
        == "2\n")
    #expect(try home.output(["add", "Old thing", "--due", "2000-01-01"]) == "3\n")
    #expect(
      try home.output(["add", "Pay rent", "--priority", "high", "--due", "2099-01-01"]) == "4\n")
    let list = try home.output(["list"])
    #expect(
      list == """
         3  [ ]         2000-01-01  Old thing
         4  [ ] high    2099-01-01  Pay rent
         2  [ ] high    2099-01-02  Call mom  +family
         1  [ ]                     Buy milk

        """)
    #expect(!list.contains("\u{1B}"))  // a pipe gets no escape sequences
    // No arguments and no terminal: the same as `todo list`.
    #expect(try home.output([]) == list)
    let attributes = try FileManager.default.attributesOfItem(atPath: home.storeFile.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folder = home.storeFile.deletingLastPathComponent().path
    let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder)
    #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
  }

  @Test("done, reopen, filters, show, edit, rm, clear and undo")
  func lifecycle() throws {
    for title in ["a", "b", "c"] { try home.output(["add", title, "--tag", "x"]) }
    try home.output(["add", "late", "--due", "2001-02-03"])
    #expect(try home.output(["done", "1", "3"]) == "marked todos 1 and 3 as done\n")
    #expect(try home.output(["done", "1"]) == "todo 1 was already done\n")
    #expect(try home.output(["list"]).split(separator: "\n").count == 2)
    #expect(try home.output(["list", "--done"]).contains("[x]"))
    #expect(try home.output(["list", "--all"]).split(separator: "\n").count == 4)
    #expect(try home.output(["list", "--overdue"]).contains("late"))
    #expect(try home.output(["list", "--all", "--tag", "x"]).split(separator: "\n").count == 3)
    #expect(try home.output(["reopen", "3"]) == "reopened todo 3\n")
    try home.output([
      "edit", "2", "--title", "B", "--priority", "low", "--due", "2099-12-31", "--tag", "-x",
      "--tag", "+y",
    ])
    let shown = try JSONSerialization.jsonObject(
      with: Data(try home.output(["show", "2", "--json"]).utf8))
    let object = try #require(shown as? [String: Any])
    #expect(object["title"] as? String == "B")
    #expect(object["priority"] as? String == "low")
    #expect(object["due"] as? String == "2099-12-31")
    #expect(object["tags"] as? [String] == ["y"])
    #expect(object["id"] as? Int == 2)
    #expect(try home.output(["show", "2"]).contains("priority:  low"))
    #expect(try home.output(["rm", "2"]) == "removed 2\n")
    #expect(try home.output(["clear", "--done"]) == "cleared 1 done todo\n")
    #expect(try home.output(["undo"]) == "undid: clear 1 done\n")
    #expect(try home.output(["undo"]) == "undid: rm 2\n")
    #expect(try home.output(["undo"]) == "undid: edit 2\n")
    #expect(try home.output(["show", "2", "--json"]).contains(#""title":"b""#))
    // Ids are never reused.
    #expect(try home.output(["add", "new"]) == "5\n")
  }

  @Test(
    "bad input: one line on stderr, exit 64, nothing changed",
    arguments: [
      (["frobnicate"], "unknown command 'frobnicate'"),
      (["add"], "missing argument <title>"),
      (["add", "   "], "the title is empty"),
      (["add", "x", "--due", "someday"], "invalid value 'someday' for '--due'"),
      (["add", "x", "--priority", "urgent"], "invalid value 'urgent' for '--priority'"),
      (["add", "x", "--tag", ""], "invalid tag ''"),
      (["list", "--bogus"], "unknown option '--bogus'"),
      (["list", "--all", "--done"], "'--all' and '--done' cannot be used together"),
      (["done", "42"], "no todo with id 42"),
      (["done", "1", "42"], "no todo with id 42"),
      (["done", "abc"], "invalid value 'abc' for <ids>"),
      (["rm", "0"], "invalid value '0' for <ids>"),
      (["edit", "1"], "nothing to change"),
      (["edit", "1", "--title", ""], "the title is empty"),
      (["edit", "1", "--due", "nope"], "invalid value 'nope' for '--due'"),
      (["show", "9"], "no todo with id 9"),
      (["clear"], "'\(appIdentity.name) clear' needs --done"),
    ])
  func badInput(arguments: [String], message: String) throws {
    try home.output(["add", "keep me"])
    let before = home.storedBytes
    let result = try home.run(arguments)
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("\(appIdentity.name): error: \(message)"))
    #expect(result.error.split(separator: "\n").count <= 2)
    #expect(home.storedBytes == before)
  }

  @Test("undo with nothing left says so")
  func nothingToUndo() throws {
    let result = try home.run(["undo"])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("\(appIdentity.name): error: nothing to undo"))
  }

  @Test("a damaged file: exit 65 naming it, left byte for byte, for reads and changes")
  func corruptFile() throws {
    try home.output(["add", "x"])
    let damaged = Data(#"{"version":1,"value":{"items":[{"id":1,"title":"x"#.utf8)
    try damaged.write(to: home.storeFile)
    for arguments in [["list"], ["add", "y"], ["undo"], ["done", "1"]] {
      let result = try home.run(arguments)
      #expect(result.status == 65)
      #expect(result.error.contains("\(appIdentity.name): error: "))
      #expect(result.error.contains(home.storeFile.path))
      #expect(result.output.isEmpty)
      #expect(home.storedBytes == damaged)
    }
  }

  @Test("control characters are stored as given but never reach the terminal raw")
  func controlCharacters() throws {
    let title = "evil \u{1B}]0;pwned\u{7}title \u{1B}[2J\u{9B}31m"
    try home.output(["add", title, "--tag", "t\u{1B}[1m"])
    let list = try home.output(["list"], environment: ["FORCE_COLOR": "3"])
    let withoutOurColors = list.replacingOccurrences(
      of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
    #expect(!withoutOurColors.contains("\u{1B}"))
    #expect(!list.contains("\u{9B}"))
    #expect(!list.contains("\u{7}"))
    #expect(!list.contains("]0;"))
    #expect(!list.contains("[2J"))
    #expect(try home.output(["show", "1"]).contains("evil title"))
    // Stored and exported as given.
    let json = try home.output(["show", "1", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["title"] as? String == title)
  }

  @Test("invalid UTF-8 and very long arguments do not crash")
  func hostileArguments() throws {
    let script = #""$0" add "$(printf 'bad \377\376 bytes')" && "$0" list"#
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, home.product.url.path]
    process.environment = home.environment
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: output, as: UTF8.self).contains("bad"))

    // A title as long as a line may be is kept whole.
    let longest = String(repeating: "long title ", count: 91).prefix(1_000)
    #expect(longest.count == 1_000)
    #expect(try home.output(["add", String(longest)]) == "2\n")
    #expect(try home.output(["list"]).contains(longest.trimmingCharacters(in: .whitespaces)))
  }

  @Test("a 120 KB title is refused with its length, not echoed, and nothing is stored")
  func hugeTitle() throws {
    try home.output(["add", "first"])
    let before = home.storedBytes
    let huge = String(repeating: "x", count: 120_000)
    for arguments in [
      ["add", huge], ["add", "--due", "today", huge], ["edit", "1", "--title", huge],
    ] {
      let result = try home.run(arguments)
      #expect(result.status == 64, "\(result.error)")
      #expect(
        result.error.hasPrefix(
          "\(appIdentity.name): error: the title has 120000 characters; at most 1000 fit on a line\n"
        ),
        "\(result.error.prefix(200))")
      #expect(result.error.count < 300)
      #expect(result.output.isEmpty)
    }
    #expect(home.storedBytes == before)
  }

  @Test(
    "with color on, ids use the theme's accent and overdue dates the danger color",
    .enabled(if: TodoPreferences.readsSharedSettings, "the theme comes from the shared settings"))
  func colors() throws {
    try home.writeSettings(##"{"theme.accent":"#FF0000","theme.palette.danger":"#00FF00"}"##)
    try home.output(["add", "late", "--due", "2000-01-01"])
    let colored = try home.output(["list"], environment: ["FORCE_COLOR": "3"])
    #expect(colored.contains("\u{1B}[38;2;255;0;0m1\u{1B}[0m"))
    #expect(colored.contains("\u{1B}[38;2;0;255;0m2000-01-01\u{1B}[0m"))
    let forced = try home.output(["list", "--color", "always"], environment: ["NO_COLOR": "1"])
    #expect(forced.contains("\u{1B}["))
    let plain = try home.output(["list"], environment: ["FORCE_COLOR": "3", "NO_COLOR": "1"])
    #expect(!plain.contains("\u{1B}"))
    #expect(
      try home.output(["list", "--color", "never"], environment: ["FORCE_COLOR": "3"])
        == " 1  [ ]         2000-01-01  late\n")
  }

  @Test("TERM=xterm (16 colors): overdue dates are red, not the grey a plain nearest match gives")
  func overdueRedOnSixteenColors() throws {
    try home.output(["add", "late", "--due", "2000-01-01"])
    let listing = try home.output(
      ["list", "--overdue", "--color", "always"], environment: ["TERM": "xterm"])
    // The standard palette's dark danger, #FF6B61, is bright red (91) on 16 colors.
    #expect(listing.contains("\u{1B}[91m2000-01-01\u{1B}[0m"), "\(listing.debugDescription)")
    #expect(!listing.contains("\u{1B}[90m2000-01-01"))
  }

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
}
