import CoreTesting
import Foundation
import Testing

/// Every number in every stored file the three samples read, in every stored version,
/// replaced in turn by the extremes (`Int.max`, `Int.min`, `-1`, `0`, `1e308`, `-0`)
/// and read by the built executables: each run loads correctly or is refused as
/// corrupt (65, the file and the field named, the file untouched) — never a crash.
///
/// The files are generated: the current ones are what the apps themselves write
/// (so a number added to a stored form is covered without editing this test), the
/// older ones the shapes earlier releases wrote.
///
/// One run of a built executable per number, extreme and command: about a minute on
/// two busy cores, hence the heavy tag.
@Suite(
  "stored numbers at their extremes, through the built executables", .tags(.heavy),
  .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason), .timeLimit(.minutes(20)))
struct StoredNumberExtremesTests {
  static let extremes = [
    String(Int.max), String(Int.min), "-1", "0", "1e308", "-0",
  ]

  /// One stored file to vary: where it lives, its text, and the commands that read it.
  struct Template: CustomStringConvertible {
    var name: String
    var app: String
    var path: String
    var text: String
    var commands: [[String]]
    /// Whether every member's value is varied, not only the numbers.
    var everyValue = false
    var description: String { name }
  }

  /// One number of a template: where its text is and the key it is under.
  struct Slot {
    var range: Range<String.Index>
    var key: String
  }

  /// The numbers of `text` (outside strings), each with the nearest key before it.
  static func slots(in text: String) -> [Slot] {
    var slots: [Slot] = []
    var index = text.startIndex
    var lastKey = ""
    var lastString = ""
    while index < text.endIndex {
      let character = text[index]
      if character == "\"" {
        var end = text.index(after: index)
        while text[end] != "\"" {
          if text[end] == "\\" { end = text.index(after: end) }
          end = text.index(after: end)
        }
        lastString = String(text[text.index(after: index)..<end])
        index = text.index(after: end)
        continue
      }
      if character == ":" { lastKey = lastString }
      if character == "-" || character.isNumber {
        var end = index
        while end < text.endIndex, "0123456789+-.eE".contains(text[end]) {
          end = text.index(after: end)
        }
        slots.append(Slot(range: index..<end, key: lastKey))
        index = end
        continue
      }
      index = text.index(after: index)
    }
    return slots
  }

  /// Every value of a flat object's members (the settings file has no number of its
  /// own: each of its values is replaced in turn, every type being a wrong one).
  static func memberSlots(in text: String) -> [Slot] {
    let pattern = /"([A-Za-z.]+)"\s*:\s*("[^"]*"|true|false|-?[0-9][-+.eE0-9]*)/
    return text.matches(of: pattern).map { match in
      Slot(range: match.output.2.startIndex..<match.output.2.endIndex, key: String(match.output.1))
    }
  }

  /// The templates: version 1 and the current form of todo's store (the current one
  /// written by `todo`), feed's subscriptions and a feed record (written by `feed`),
  /// and the shared settings file (written by `settings`).
  static func templates() throws -> [Template] {
    let home = try TemporaryDirectory(prefix: "extremes-templates")
    let environment = home.isolatedEnvironment(["TZ": "UTC"])
    func run(_ app: String, _ arguments: [String]) throws {
      let result = try BuiltProduct(app).run(arguments, environment: environment)
      guard result.status == 0 else {
        throw Failure(description: "\(app) \(arguments): \(result.status) \(result.error)")
      }
    }
    func read(_ path: String) throws -> String {
      try String(contentsOf: home.appending(path), encoding: .utf8)
    }
    try run("todo", ["add", "one", "--due", "2026-12-24", "-p", "high"])
    try run("todo", ["add", "two"])
    try run("todo", ["done", "1"])
    try run("todo", ["rm", "2"])
    let feedFile = home.appending("feed.xml")
    try Data(Self.rss.utf8).write(to: feedFile)
    try run("feed", ["add", feedFile.path])
    try run("feed", ["refresh"])
    try run("feed", ["read", "1"])
    try run("settings", ["set", "displayName", "Ada"])
    try run("settings", ["set", "notifications", "false"])
    try run("settings", ["set", "appearance", "dark"])
    try run("settings", ["set", "theme.density", "compact"])

    let settings = "config/blueprint/settings.json"
    let settingsText = try read(settings)
    let todoStore = "data/blueprint/todo/todos.json"
    let todoCommands = [["list"], ["add", "x"], ["show", "1"]]
    let feedCommands = [["list"], ["read", "--json"], ["mark-read", "--all", "--yes"]]
    return [
      Template(
        name: "todo version 1", app: "todo", path: todoStore, text: Self.todoVersion1,
        commands: todoCommands),
      Template(
        name: "todo before versioning (no envelope)", app: "todo", path: todoStore,
        text: Self.todoUnversioned, commands: todoCommands),
      Template(
        name: "todo current", app: "todo", path: todoStore, text: try read(todoStore),
        commands: todoCommands),
      Template(
        name: "feed subscriptions", app: "feed", path: "data/blueprint/feed/subscriptions.json",
        text: try read("data/blueprint/feed/subscriptions.json"), commands: feedCommands),
      Template(
        name: "feed record", app: "feed", path: "data/blueprint/feed/feed-1.json",
        text: try read("data/blueprint/feed/feed-1.json"), commands: feedCommands),
      Template(
        name: "settings (read by settings)", app: "settings", path: settings, text: settingsText,
        commands: [["list"], ["get", "displayName"]], everyValue: true),
      Template(
        name: "settings (read by todo)", app: "todo", path: settings, text: settingsText,
        commands: [["list"]], everyValue: true),
      Template(
        name: "settings (read by feed)", app: "feed", path: settings, text: settingsText,
        commands: [["list"]], everyValue: true),
    ]
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  @Test("every number of every stored version at every extreme: a load or 65, never a crash")
  func extremes() async throws {
    let templates = try Self.templates()
    var runs = 0
    for template in templates {
      let slots =
        template.everyValue ? Self.memberSlots(in: template.text) : Self.slots(in: template.text)
      #expect(!slots.isEmpty, "\(template): no numbers found")
      for slot in slots {
        for extreme in Self.extremes {
          var text = template.text
          text.replaceSubrange(slot.range, with: extreme)
          runs += try await check(template, text: text, field: slot.key, value: extreme)
        }
      }
    }
    #expect(runs > 300)
  }

  /// Runs each of the template's commands on `text`; returns how many ran.
  ///
  /// Asynchronously: some 300 runs must not hold one of the test pool's few threads.
  func check(_ template: Template, text: String, field: String, value: String) async throws
    -> Int
  {
    let home = try TemporaryDirectory(prefix: "extremes")
    let environment = home.isolatedEnvironment(["TZ": "UTC"])
    let file = home.appending(template.path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    for folder in ["data", "data/blueprint", "config", "config/blueprint"] {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o700], ofItemAtPath: home.appending(folder).path)
    }
    let bytes = Data(text.utf8)
    // A feed record needs its subscription; a feed template's other file is plain.
    if template.app == "feed", !template.path.hasSuffix("subscriptions.json"),
      !template.path.hasPrefix("config")
    {
      try Data(Self.oneSubscription.utf8).write(
        to: home.appending("data/blueprint/feed/subscriptions.json"))
    }
    let label = "\(template) with \(field) = \(value)"
    for command in template.commands {
      try bytes.write(to: file)
      let result = try await BuiltProduct(template.app).runToExit(
        command, environment: environment)
      let said = "\(label), \(template.app) \(command.joined(separator: " ")): "
      #expect(
        result.status == 0 || result.status == 65,
        "\(said)exit \(result.status): \(result.error)")
      #expect(!result.error.contains("Fatal error"), "\(said)\(result.error)")
      #expect(!result.error.contains("runtime failure"), "\(said)\(result.error)")
      if result.status == 65 {
        #expect(result.error.contains(file.path), "\(said)path not named: \(result.error)")
        #expect(
          field.isEmpty || result.error.contains(field) || result.error.contains("version"),
          "\(said)field not named: \(result.error)")
        #expect(try Data(contentsOf: file) == bytes, "\(said)the file was changed")
      }
    }
    return template.commands.count
  }

  /// Version 1, as earlier releases wrote it: every number version 1 had.
  static let todoVersion1 = #"""
    {"version":1,"value":{
    "nextID":4,
    "items":[
    {"id":3,"title":"Call mom","priority":"high","due":"2026-05-02","tags":["family"],"created":1777629660,"completed":1777633200},
    {"id":1,"title":"Buy milk","created":1777629600}
    ],
    "undo":[
    {"summary":"rm 2","remove":[5],"restore":[{"id":2,"title":"gone","created":1,"completed":2}]}
    ]}}

    """#

  /// The same list before todo stored a version (read as version 1).
  static let todoUnversioned = #"""
    {"nextID":4,"items":[{"id":3,"title":"Call mom","created":1777629660,"completed":1777633200},
    {"id":1,"title":"Buy milk","created":1777629600}],
    "undo":[{"summary":"rm 2","remove":[5],"restore":[{"id":2,"title":"gone","created":1}]}]}

    """#

  static let oneSubscription = #"""
    {"feeds":[{"id":"1","url":"file:///nonexistent/feed.xml"}],"nextID":2}

    """#

  static let rss = """
    <?xml version="1.0"?>
    <rss version="2.0"><channel><title>T</title><link>https://example.com/</link>
    <item><title>A</title><guid>a</guid><pubDate>Tue, 01 Dec 2026 10:00:00 GMT</pubDate></item>
    <item><title>B</title><guid>b</guid><pubDate>Tue, 01 Dec 2026 11:00:00 GMT</pubDate></item>
    </channel></rss>
    """
}
