import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// `list` through the built `todo`: filters as in `add`, the default order (overdue
/// first, then by urgency) and `--sort`, search, colors, `--json`.
@Suite("the list command", .timeLimit(.minutes(10)))
struct ListTests: TodoHomeSuite {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  // MARK: - Filters

  @Test("list takes +tag, !priority and due:DATE as add does; several tags mean all of them")
  func listFilters() throws {
    try home.output(["add", "Write report +work !high"])  // 1
    try home.output(["add", "Call Bob +work +phone"])  // 2
    try home.output(["add", "Buy milk +shop due:2000-01-01"])  // 3
    try home.output(["add", "Plan trip +home", "--due", "2999-01-01"])  // 4
    #expect(try listedIDs(["list", "+work"]) == [1, 2])
    #expect(try listedIDs(["list", "+work", "+phone"]) == [2])
    #expect(try listedIDs(["list", "--tag", "work", "--tag", "phone"]) == [2])
    #expect(try listedIDs(["ls", "!high"]) == [1])
    #expect(try listedIDs(["list", "due:today"]) == [3])  // due by today: the overdue one
    #expect(try listedIDs(["list", "+work", "!low"]) == [])
    let refused = try home.run(["list", "work"])
    #expect(refused.status == 64)
    #expect(refused.error.contains("'work' is not a filter"))
    #expect(refused.error.contains("hint: a filter is +tag, !priority or due:DATE"))
    let help = try home.output(["list", "--help"])
    #expect(help.contains("given twice, with both"))
    #expect(help.contains("+tag (several: every one)"))
  }

  // MARK: - Order

  @Test("the default order: overdue, then due today, then by urgency; --sort overrides")
  func overdueFirst() throws {
    try home.output(["add", "Important +work !high"])  // 1
    try home.output(["add", "Late", "--due", "2000-01-01"])  // 2
    try home.output(["add", "Today", "--due", "today"])  // 3
    try home.output(["add", "Later !medium", "--due", "2999-01-01"])  // 4
    // Urgency as Taskwarrior's: medium (3.9) with a far due date (12 × 0.2) is 6.3, more
    // than high (6.0) with none.
    #expect(try listedIDs(["list"]) == [2, 3, 4, 1])
    #expect(try listedIDs(["list", "--sort", "priority"]) == [1, 4, 2, 3])
    #expect(try listedIDs(["list", "--sort", "Due"]) == [2, 3, 4, 1])
    let json = try home.output(["list", "--json"])
    let order = json.split(separator: "\n").compactMap { line -> Int? in
      guard let range = line.range(of: #""id":"#) else { return nil }
      return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
    #expect(order == [2, 3, 4, 1])
  }

  @Test("by urgency, a near due date weighs more than a low priority (as in Taskwarrior)")
  func urgencyWeighsDueDates() throws {
    try home.output(["add", "Low, in five weeks !low", "--due", "+5w"])  // 1
    try home.output(["add", "Unprioritised, in three days", "--due", "+3d"])  // 2
    try home.output(["add", "High, no date !high"])  // 3
    try home.output(["add", "Nothing at all"])  // 4
    // 2: 12 × (0.2 + 0.8 × 11/21) = 7.4; 3: 6.0; 1: 1.8 + 12 × 0.2 = 4.2; 4: 0.
    #expect(try listedIDs(["list"]) == [2, 3, 1, 4])
    #expect(try listedIDs(["list", "--sort", "urgency"]) == [2, 3, 1, 4])
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

  @Test("--sort urgency (Taskwarrior's word) is the default order, in any case")
  func sortUrgency() throws {
    try home.output(["add", "Later", "!high"])
    try home.output(["add", "Overdue", "due:2000-01-01"])
    let standard = try home.output(["list"])
    #expect(try home.output(["list", "--sort", "urgency"]) == standard)
    #expect(try home.output(["list", "--sort", "Urgency"]) == standard)
    #expect(standard.split(separator: "\n").first?.contains("Overdue") == true)
  }
}

extension ListTests {
  /// `list` on a terminal: a header with counts (greeting the display name) and
  /// a sentence when there is nothing to show. Run in process with a captured
  /// terminal, since only a terminal sees them.
  @Suite("on a terminal, captured")
  struct OnATerminal {
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
        output
          == "0 open · 0 done\nNothing to do yet. Add one with: \(appIdentity.name) add TITLE\n")
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
    "on a real pseudo-terminal", .timeLimit(.minutes(10)),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  struct OnAPseudoTerminal {
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
}
