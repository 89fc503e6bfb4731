import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// The command line as a whole, through the built `todo`: what holds for every command
/// (bad input, hostile arguments, control characters, time zones, option values in any
/// case) and the habits every app gets from the runner, checked as a user meets them by
/// CoreTesting's one checker. (Each sample's tests call it with their own executable,
/// so a test target runs only the app it depends on.)
@Suite("the command line, run as the built executable", .timeLimit(.minutes(10)))
struct CommandLineTests: TodoHomeSuite {
  let home: TodoHome
  let habits: CommandLineHabits

  init() throws {
    home = try TodoHome()
    habits = try CommandLineHabits(
      app: appIdentity.name, importable: Data(#"[{"title": "piped"}]"#.utf8))
  }

  // MARK: - The interactive UI

  @Test(
    "global options alone still open the interactive UI on a terminal",
    .timeLimit(.minutes(10)), arguments: [[], ["--color", "never"], ["--color=always"]])
  func globalOptionsKeepTheUI(arguments: [String]) async throws {
    try await habits.checkOpensTheUI(with: arguments)
  }

  @Test("a command on a terminal prints and exits without the UI", .timeLimit(.minutes(10)))
  func commandSkipsTheUI() async throws {
    try await habits.checkCommandSkipsTheUI()
  }

  // MARK: - Echoed input

  @Test("control characters in an argument are shown escaped")
  func escapedEcho() async throws {
    try await habits.checkEscapedEcho()
  }

  @Test("a 120 KB argument is cut in the echo")
  func longEcho() async throws {
    try await habits.checkLongEcho()
  }

  // MARK: - todo's own

  @Test("an abbreviated option suggests the full one")
  func optionSuggestion() async throws {
    let result = try await habits.run(["add", "milk", "--prio", "high"])
    #expect(result.status == 64)
    #expect(result.error.contains("hint: did you mean '--priority'?"), "\(result.error)")
  }

  @Test("a corrupt store is named, with what is wrong and the next step; no Foundation dump")
  func corruptStore() async throws {
    let todo = habits.home.appending("data/\(appIdentity.family)/\(appIdentity.name)/todos.json")
    try FileManager.default.createDirectory(
      at: todo.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{\"version\": 1, \"todos\": [1,".utf8).write(to: todo)
    let result = try await habits.run(["list"])
    #expect(result.status == 65)
    #expect(
      result.error.hasPrefix("\(habits.app): error: \(todo.path) is corrupt: "), "\(result.error)")
    #expect(result.error.contains("it was left untouched"))
    #expect(result.error.contains("\nhint: "))
    #expect(!result.error.contains("Domain="))
    #expect(try Data(contentsOf: todo) == Data("{\"version\": 1, \"todos\": [1,".utf8))
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

  /// `TZ=UTC-14` is POSIX for fourteen hours east of UTC (`date` agrees); Foundation
  /// on Linux reads it as fourteen hours west, a day or two away.
  @Test("today is the day TZ names as the C library reads it, POSIX forms included")
  func posixTimeZone() throws {
    let east14 = try #require(TimeZone(secondsFromGMT: 14 * 3600))
    let before = Day.today(in: east14).description
    try home.output(["add", "x", "--due", "today"], environment: ["TZ": "UTC-14"])
    let after = Day.today(in: east14).description
    let json = try home.output(["show", "1", "--json"])
    // Before and after differ only when midnight at +14 falls during the run.
    #expect(
      json.contains(#""due":"\#(before)""#) || json.contains(#""due":"\#(after)""#), "\(json)")
  }

  @Test("option values match in any case: --sort Due, --priority HIGH, --color NEVER")
  func caseInsensitiveValues() throws {
    try home.output(["add", "A", "--priority", "HIGH"])
    #expect(try home.run(["list", "--sort", "Due"]).status == 0)
    #expect(try home.run(["list", "--sort", "CREATED", "--color", "NEVER"]).status == 0)
    let wrong = try home.run(["list", "--sort", "size"])
    #expect(wrong.status == 64)
    #expect(wrong.error.contains("urgent, priority, due, created or id"))
  }

  /// The app's command types make a well-formed command line: each name once in its
  /// scope, a variadic argument only last, no empty names.
  @Test("no name is used twice, none is empty, a variadic argument comes last")
  func wellFormed() {
    expectWellFormed(TodoCommands.all.spec)
  }
}
