import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

@Suite(
  "todo: notes, search, sort, dates, hostile files (built executable)", .timeLimit(.minutes(10)))
struct CommandFeatureTests {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  /// One item in the stored form of version 2, for files written by hand.
  static func item(id: String, created: String = #""2026-05-01T10:00:00Z""#) -> String {
    #"{"completed":null,"created":"# + created
      + #","done":false,"due":null,"id":"# + id
      + #","note":null,"priority":null,"tags":["x"],"title":"important"}"#
  }

  static func file(nextID: String = "2", items: [String]) -> String {
    #"{"version":2,"value":{"nextID":"# + nextID + #","items":["#
      + items.joined(separator: ",") + #"],"undo":[]}}"#
  }

  @Test(
    "files of the wrong shape, invalid JSON or numbers out of range: exit 65, bytes untouched",
    arguments: [
      "{}", #"{"version":1}"#, #"{"todos":[{"id":1,"title":"important","created":1}]}"#,
      #""itemz""#, "1-2-3", #"{"version":1,"value":{"items":[{"id":1,"title":"\q","created":1}]}}"#,
      file(items: [item(id: "1").replacingOccurrences(of: "\"tags\"", with: "\"tagz\"")]),
      file(items: [item(id: "1") + #","extra":1"#]),
      file(items: [item(id: "01")]),
      file(nextID: "9223372036854775807", items: [item(id: "9223372036854775806")]),
      file(items: [item(id: "1", created: #""-9999999-01-01T00:00:00Z""#)]),
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":-9223372036854775808}]}}"#,
    ])
  func hostileFiles(text: String) throws {
    let folder = home.storeFile.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bytes = Data(text.utf8)
    try bytes.write(to: home.storeFile)
    for arguments in [["list"], ["add", "y"], ["note", "1", "n"], ["list", "--json"]] {
      let result = try home.run(arguments)
      #expect(result.status == 65, "\(arguments): \(result.error)")
      #expect(result.error.hasPrefix("\(appIdentity.name): error: "))
      #expect(result.error.contains(home.storeFile.path))
      #expect(!result.error.contains("Domain="))
      #expect(result.output.isEmpty)
      #expect(home.storedBytes == bytes)
    }
  }

  @Test("ids at the top of the range: adding says no ids are left (exit 65), never a crash")
  func idsExhausted() throws {
    let folder = home.storeFile.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let top = String(TodoItem.maximumID)
    let bytes = Data(
      Self.file(nextID: String(TodoItem.maximumID + 1), items: [Self.item(id: top)]).utf8)
    try bytes.write(to: home.storeFile)
    #expect(try home.output(["list"]).contains("important"))
    let result = try home.run(["add", "one more"])
    #expect(result.status == 65)
    #expect(result.error.contains("no ids left"))
    #expect(home.storedBytes == bytes)
  }

  @Test("the store file writes an empty list of tags as []")
  func emptyTagsInStore() throws {
    try home.output(["add", "no tags"])
    let text = String(decoding: try #require(home.storedBytes), as: UTF8.self)
    #expect(text.contains("\"tags\" : []"), "\(text)")
    #expect(!text.contains("[\n\n"), "\(text)")
  }

  @Test("a note: set, shown, searched, in --json, cleared, undone")
  func notes() throws {
    try home.output(["add", "Call the bank"])
    try home.output(["add", "Buy milk"])
    #expect(try home.output(["note", "1", "ask", "about", "the", "LOAN"]) == "noted 1\n")
    #expect(try home.output(["show", "1"]).contains("note:      ask about the LOAN\n"))
    #expect(try home.output(["list", "--search", "loan"]).contains("Call the bank"))
    #expect(!(try home.output(["list", "--search", "loan"]).contains("Buy milk")))
    let json = try home.output(["show", "1", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["note"] as? String == "ask about the LOAN")
    #expect(try home.output(["note", "1", "--clear"]) == "cleared the note of 1\n")
    #expect(try home.output(["show", "1"]).contains("note:      none\n"))
    #expect(try home.output(["undo"]) == "undid: note 1\n")
    #expect(try home.output(["show", "1"]).contains("note:      ask about the LOAN"))
    #expect(try home.run(["note", "1"]).status == 64)
    #expect(try home.run(["note", "9", "x"]).status == 64)
  }

  @Test("search over titles, tags and notes, any case; --sort due, priority, created, id")
  func searchAndSort() throws {
    try home.output(["add", "Buy MILK", "--due", "2099-03-01"])
    try home.output(["add", "Call mom", "--tag", "Family", "--due", "2099-01-01", "-p", "low"])
    try home.output(["add", "Pay rent", "-p", "high"])
    func ids(_ arguments: [String]) throws -> [String] {
      try home.output(["list"] + arguments).split(separator: "\n").map {
        String($0.split(separator: " ")[0])
      }
    }
    #expect(try ids(["--search", "milk"]) == ["1"])
    #expect(try ids(["--search", "famil"]) == ["2"])
    #expect(try ids(["--search", "zzz"]).isEmpty)
    #expect(try ids([]) == ["3", "2", "1"])
    #expect(try ids(["--sort", "priority"]) == ["3", "2", "1"])
    #expect(try ids(["--sort", "due"]) == ["2", "1", "3"])
    #expect(try ids(["--sort", "id"]) == ["1", "2", "3"])
    #expect(try ids(["--sort", "created"]) == ["1", "2", "3"])
    let bad = try home.run(["list", "--sort", "size"])
    #expect(bad.status == 64)
    #expect(bad.error.contains("urgent, priority, due, created or id"))
  }

  @Test("the quick syntax: due:, +tag and !priority among the title's words")
  func quickSyntax() throws {
    try home.output(["add", "Buy", "milk", "due:2099-01-02", "+shop", "!high", "+1", "now!"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try home.output(["show", "1", "--json"]).utf8))
        as? [String: Any])
    #expect(object["title"] as? String == "Buy milk +1 now!")
    #expect(object["due"] as? String == "2099-01-02")
    #expect(object["tags"] as? [String] == ["shop"])
    #expect(object["priority"] as? String == "high")
    let bad = try home.run(["add", "x", "due:someday"])
    #expect(bad.status == 64)
    #expect(home.storedBytes.map { String(decoding: $0, as: UTF8.self) }?.contains("\"x\"") != true)
  }

  @Test("a refused date names every accepted form")
  func refusedDate() throws {
    let result = try home.run(["add", "x", "--due", "someday"])
    #expect(result.status == 64)
    for form in [
      "YYYY-MM-DD", "tomorrow", "yesterday", "next week", "next month", "+3d", "2w",
      "in 3 days", "eow", "eom",
    ] {
      #expect(result.error.contains(form), "\(form)")
    }
  }

  @Test("--json escapes C1 and bidirectional controls; the title reads back the same")
  func jsonEscapes() throws {
    let title = "a\u{85}b\u{9B}c\u{202E}d\u{2066}e\u{200F}f\u{2028}g é"
    try home.output(["add", title])
    let json = try home.output(["list", "--json"])
    for escaped in ["\\u0085", "\\u009b", "\\u202e", "\\u2066", "\\u200f", "\\u2028"] {
      #expect(json.contains(escaped), "\(escaped)")
    }
    #expect(json.unicodeScalars.allSatisfy { !(0x80...0x9F).contains($0.value) })
    #expect(!json.contains("\u{202E}"))
    #expect(json.contains("é"))
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(array.first?["title"] as? String == title)
    #expect(
      !(home.storedBytes.map { String(decoding: $0, as: UTF8.self) } ?? "").contains("\u{202E}"))
  }

  @Test("clear --help says what --done does")
  func clearHelp() throws {
    let help = try home.output(["clear", "--help"])
    #expect(!help.contains("says that done todos go"))
    #expect(help.contains("Confirm that every done todo is deleted"))
  }
}

/// `todo list` on a terminal: a header with counts (greeting the display name) and
/// a sentence when there is nothing to show. Run in process with a captured
/// terminal, since only a terminal sees them.
@Suite("todo list on a terminal")
struct TerminalListingTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory(prefix: "todo-terminal") }

  @MainActor
  func list(_ arguments: [String] = ["list"], displayName: String? = nil) async throws -> String {
    if let displayName {
      let config = folder.appending("config/\(appIdentity.family)")
      try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
      let json = try JSONSerialization.data(withJSONObject: ["displayName": displayName])
      try json.write(to: config.appendingPathComponent("settings.json"))
    }
    let captured = CapturedIO(outputIsTerminal: true)
    let app = CommandLineApp(spec: TodoCommands.spec)
    let code = await app.run(
      arguments: arguments + ["--color", "never"],
      environment: folder.isolatedEnvironment(["TZ": "UTC"]), io: captured.io
    ) { command, context in try await TodoCommands.run(command, in: context) }
    #expect(code == .ok, "\(captured.error)")
    return captured.output
  }

  @Test("nothing stored: says so and names the command that adds one")
  func empty() async throws {
    let output = try await list()
    #expect(
      output == "0 open · 0 done\nNothing to do yet. Add one with: \(appIdentity.name) add TITLE\n")
  }

  @Test(
    "a header with counts; the display name is greeted; a filter that matches nothing says so",
    .enabled(if: TodoPreferences.readsSharedSettings, "the name comes from the shared settings"))
  func header() async throws {
    let store = TodoStore(
      directory: folder.appending("data/\(appIdentity.family)/\(appIdentity.name)"))
    try store.change { document in
      try document.add([
        .init(title: "late", due: Day(year: 2000, month: 1, day: 1), created: 1),
        .init(title: "done", created: 1, completed: 2),
      ])
    }
    // A name settings refuses (an escape in it) is skipped with a warning: no greeting.
    let hostile = try await list(displayName: "Ada \u{1B}[31m")
    #expect(!hostile.contains("Hello") && !hostile.contains("\u{1B}"))
    let output = try await list(displayName: "Ada")
    #expect(output.hasPrefix("Hello, Ada"))
    #expect(
      output.contains(
        "1 open · 1 done · 1 overdue · overdue first, then due today, then by urgency\n"))
    #expect(!output.contains("\u{1B}[31m"))
    #expect(output.contains("late"))
    let none = try await list(["list", "--search", "zzz"])
    #expect(none.hasSuffix("· 0 shown\nNo todos match.\n"))
    try store.change { document in _ = try document.setDone([1], true, now: 3) }
    #expect(
      try await list().hasSuffix("Nothing open. Add one with: \(appIdentity.name) add TITLE\n"))
  }
}

/// The built `todo` on a real pseudo-terminal (util-linux `script`), as a person
/// sees it: the header and the empty-list sentence reach a terminal, never a pipe.
@Suite(
  "todo list on a real pseudo-terminal", .timeLimit(.minutes(10)),
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct PseudoTerminalListingTests {
  @Test("a terminal gets the header and says how to add; a pipe gets neither")
  func header() throws {
    let home = try TodoHome()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", "'\(home.product.url.path)' list --color never", "/dev/null"]
    process.environment = home.environment.merging(["TERM": "xterm"]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("0 open · 0 done"))
    #expect(text.contains("Nothing to do yet. Add one with: \(appIdentity.name) add TITLE"))
    #expect(try home.output(["list"]).isEmpty)
  }
}
