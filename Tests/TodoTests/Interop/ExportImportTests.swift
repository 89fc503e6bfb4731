import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// `todo export` and `todo import --from taskwarrior|todo.txt`, through the built
/// executable; the Taskwarrior round trip with the real `task` where it is installed.
@Suite("the export and import commands", .timeLimit(.minutes(10)))
struct ExportImportTests {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  /// The format's own examples, written from its description: a priority, a
  /// creation date, projects and contexts, `due:`, done lines with their dates, and
  /// `key:value` words that stay in the text. Each with the line `export` writes
  /// back (the creation date is added where the example has none; it is today).
  static func examples(today: String) -> [(line: String, exported: String)] {
    [
      ("(A) Thank Mom for the meatballs @phone", "(A) \(today) Thank Mom for the meatballs @phone"),
      (
        "(B) Schedule Goodwill pickup +GarageSale @phone",
        "(B) \(today) Schedule Goodwill pickup +GarageSale @phone"
      ),
      (
        "Post signs around the neighborhood +GarageSale",
        "\(today) Post signs around the neighborhood +GarageSale"
      ),
      ("(A) 2011-03-02 Call Mom", "(A) 2011-03-02 Call Mom"),
      (
        // A project in the middle of the text is written back at its end.
        "2011-03-02 Document +TodoTxt task format due:2011-03-10",
        "2011-03-02 Document task format +TodoTxt due:2011-03-10"
      ),
      (
        "x 2011-03-03 2011-03-01 Review Tim's pull request +TodoTxtTouch @github",
        "x 2011-03-03 2011-03-01 Review Tim's pull request +TodoTxtTouch @github"
      ),
      ("x 2011-03-02 2011-03-01 Buy stamps pri:B", "x 2011-03-02 2011-03-01 Buy stamps pri:B"),
      ("(C) 2011-03-01 Water plants t:2011-03-05", "(C) 2011-03-01 Water plants t:2011-03-05"),
    ]
  }

  @Test("export prints the --json schema by default, which import reads back")
  func exportJSON() throws {
    try home.output(["add", "Buy milk +shop !high due:2030-01-02"])
    try home.output(["add", "Call"])
    try home.output(["note", "2", "ring twice"])
    try home.output(["done", "1"])
    let exported = try home.output(["export"])
    // The --json schema, every item (done ones too) in id order.
    let lines = exported.split(separator: "\n")
    #expect(lines.count == 4 && lines[0] == "[" && lines[3] == "]", "\(exported)")
    #expect(lines[1].contains(#""id":1"#) && lines[1].contains(#""done":true"#))
    #expect(lines[2].contains(#""id":2"#) && lines[2].contains(#""note":"ring twice""#))
    // Each line is the object 'show --json' prints, with the uid an import recognises.
    let first = lines[1].trimmingCharacters(in: .whitespaces).dropLast()  // the comma
    let shown = try home.output(["show", "1", "--json"]).dropLast(2)  // "}\n"
    #expect(first.hasPrefix(shown + #","uid":"todo-1-"#), "\(first)")
    let other = try TodoHome()
    let file = other.folder.appending("export.json")
    try Data(exported.utf8).write(to: file)
    #expect(try other.output(["import", file.path]) == "imported 2 todos (ids 1–2)\n")
    #expect(try other.output(["export"]) == exported)
  }

  @Test("todo.txt: the format's examples import and export back line for line")
  func todoTxtRoundTrip() throws {
    let today = Day.today(in: .gmt).description
    let examples = Self.examples(today: today)
    let input = examples.map(\.line).joined(separator: "\n") + "\n\n"
    let result = try home.run(["import", "--from", "todo.txt", "-"], input: Data(input.utf8))
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == "imported \(examples.count) todos (ids 1–\(examples.count))\n")
    let json = try home.output(["show", "6", "--json"])
    #expect(json.contains(#""done":true"#))
    #expect(json.contains(#""completed":"2011-03-03T00:00:00Z""#))
    #expect(json.contains(#""tags":["TodoTxtTouch","@github"]"#))
    #expect(try home.output(["show", "1", "--json"]).contains(#""priority":"high""#))
    #expect(try home.output(["show", "5", "--json"]).contains(#""due":"2011-03-10""#))
    let exported = try home.output(["export", "--format", "todo.txt"])
    #expect(exported == examples.map(\.exported).joined(separator: "\n") + "\n")
    // And once more: what export wrote reads back to the same list.
    let other = try TodoHome()
    _ = try other.run(["import", "--from", "todo.txt", "-"], input: Data(exported.utf8))
    #expect(try other.output(["export", "--format", "todo.txt"]) == exported)
  }

  @Test("todo.txt from Windows: CRLF line ends and a byte order mark are not part of a line")
  func todoTxtWindowsFile() throws {
    let input = "\u{FEFF}x 2026-12-01 Pay rent +home\r\n(A) Call Mom\r\n\r\nBuy milk +shop\r\n"
    let result = try home.run(["import", "--from", "todo.txt", "-"], input: Data(input.utf8))
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == "imported 3 todos (ids 1–3)\n")
    let first = try home.output(["show", "1", "--json"])
    #expect(first.contains(#""title":"Pay rent""#), "\(first)")
    #expect(first.contains(#""done":true"#) && first.contains(#""tags":["home"]"#))
    #expect(try home.output(["show", "2", "--json"]).contains(#""priority":"high""#))
    #expect(try home.output(["show", "3", "--json"]).contains(#""tags":["shop"]"#))
  }

  @Test(
    "a file that is not what --from says is refused whole (exit 65) with the item and the reason",
    arguments: [
      ("todo.txt", "[{\"title\": \"json\"}]", "JSON, not todo.txt lines"),
      ("todo.txt", "fine\n(A) due:2026-13-01 bad date\n", "line 2: bad due date '2026-13-01'"),
      ("todo.txt", "ok\n+onlyatag\n", "line 2: the title is empty"),
      ("taskwarrior", "(A) Call Mom\n", "not what 'task export' prints"),
      ("taskwarrior", #"[{"description":"a"},{"status":"pending"}]"#, "task 2: no description"),
      ("taskwarrior", #"[{"description":"a","priority":"X"}]"#, "task 1: unknown priority 'X'"),
      ("taskwarrior", #"[{"description":"a","due":"tomorrow"}]"#, "task 1: bad due time"),
      ("taskwarrior", #"[{"description":"a","status":"lost"}]"#, "task 1: unknown status"),
    ])
  func refusedWhole(format: String, text: String, reason: String) throws {
    try home.output(["add", "Keep"])
    let before = home.storedBytes
    let result = try home.run(["import", "--from", format, "-"], input: Data(text.utf8))
    #expect(result.status == 65)
    #expect(result.error.contains("cannot import standard input: "), "\(result.error)")
    #expect(result.error.contains(reason), "\(result.error)")
    #expect(result.error.contains("hint: --from \(format) expects"))
    #expect(home.storedBytes == before)
  }

  @Test("Taskwarrior's export: description, status, due, priority, tags, annotations, times")
  func taskwarriorFields() throws {
    let export = """
      [
      {"id":1,"description":"Buy milk","due":"20261205T000000Z","entry":"20261202T051152Z","modified":"20261202T051152Z","priority":"H","project":"Home","status":"pending","uuid":"0e86bbcd-15dd-4f87-9631-2cda9c115fb4","annotations":[{"entry":"20261202T051152Z","description":"first thought"},{"entry":"20261202T051153Z","description":"second"}],"tags":["home","shop"],"urgency":16.3},
      {"id":0,"description":"Call mom","end":"20261202T051152Z","entry":"20261201T000000Z","project":"Home  Office","status":"completed","uuid":"0191564b-f5d0-467f-880f-de5bbf052db0","urgency":0},
      {"id":0,"description":"gone","end":"20261202T051153Z","entry":"20261202T051152Z","status":"deleted","uuid":"657e96a3-3d35-477f-ad1a-c78d59cbb624","urgency":0}
      ]
      """
    let result = try home.run(["import", "--from", "taskwarrior", "-"], input: Data(export.utf8))
    #expect(result.output == "imported 2 todos (ids 1–2); skipped 1 deleted or recurring task\n")
    let first = try home.output(["show", "1", "--json"])
    for part in [
      #""title":"Buy milk""#, #""due":"2026-12-05""#, #""priority":"high""#,
      #""tags":["home","shop","Home"]"#, #""note":"first thought\nsecond""#,
      #""created":"2026-12-02T05:11:52Z""#, #""done":false"#,
    ] {
      #expect(first.contains(part), "\(first)")
    }
    let second = try home.output(["show", "2", "--json"])
    #expect(second.contains(#""tags":["Home-Office"]"#), "\(second)")
    #expect(second.contains(#""completed":"2026-12-02T05:11:52Z""#), "\(second)")
    #expect(second.contains(#""created":"2026-12-01T00:00:00Z""#))
  }

  @Test("the real Taskwarrior: tasks made with 'task', exported and imported")
  func realTaskwarrior() throws {
    guard let task = Self.executable("task") else {
      print("skipped: Taskwarrior's 'task' is not on PATH (apt-get install taskwarrior)")
      return
    }
    let folder = try TemporaryDirectory(prefix: "taskwarrior")
    let rc = folder.appending("taskrc")
    try Data().write(to: rc)
    let environment = [
      "TASKRC": rc.path, "TASKDATA": folder.appending("data").path, "TZ": "UTC",
      "HOME": folder.url.path,
    ]
    func run(_ arguments: [String]) throws -> String {
      let process = Process()
      process.executableURL = task
      process.arguments = ["rc.confirmation=off", "rc.verbose=nothing"] + arguments
      process.environment = environment
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "task \(arguments)")
      return String(decoding: data, as: UTF8.self)
    }
    _ = try run(["add", "Buy milk", "due:2030-06-01", "priority:H", "+shop", "project:Home"])
    _ = try run(["add", "Call mom", "priority:L", "project:Home Office"])
    _ = try run(["1", "annotate", "two litres"])
    _ = try run(["2", "done"])
    _ = try run(["add", "Forget"])
    _ = try run(["description:Forget", "delete"])
    let exported = try run(["export"])
    let result = try home.run(
      ["import", "--from", "taskwarrior", "-"], input: Data(exported.utf8))
    #expect(result.status == 0, "\(result.error)\n\(exported)")
    #expect(result.output == "imported 2 todos (ids 1–2); skipped 1 deleted or recurring task\n")
    let json = try home.output(["export"])
    for part in [
      #""title":"Buy milk""#, #""due":"2030-06-01""#, #""priority":"high""#,
      #""tags":["shop","Home"]"#, #""note":"two litres""#, #""title":"Call mom""#,
      #""priority":"low""#, #""tags":["Home-Office"]"#,
    ] {
      #expect(json.contains(part), "\(json)")
    }
    #expect(json.components(separatedBy: #""done":true"#).count == 2)
  }

  /// The first executable named `name` on the test's PATH.
  static func executable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map {
      URL(fileURLWithPath: String($0)).appendingPathComponent(name)
    }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
