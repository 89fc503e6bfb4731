import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// `add` through the built `todo`: the new id, the quick syntax, the dates it takes and
/// refuses, the limits of titles and ids.
@Suite("the add command", .timeLimit(.minutes(10)))
struct AddTests: TodoHomeSuite {
  let home: TodoHome

  init() throws { home = try TodoHome() }

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
    "the dates people type are accepted by add, --due and due:",
    arguments: [
      "next friday", "Dec 15", "15 Dec", "December 15", "2026-12-3", "end of month", "tmrw",
      "NEXT FRIDAY",
    ])
  func typedDates(text: String) throws {
    let expected = try #require(Day.parse(text, today: today))
    try home.output(["add", "Quick due:\(text)"])
    try home.output(["add", "Option", "--due", text])
    let json = try home.output(["list", "--json"])
    #expect(json.components(separatedBy: #""due":"\#(expected)""#).count == 3, "\(json)")
    #expect(json.contains(#""title":"Quick""#))
  }

  @Test("12/20 is refused with a hint to write 2026-12-20, listing every accepted form")
  func ambiguousDate() throws {
    for arguments in [["add", "x", "--due", "12/20"], ["add", "x due:12/20"]] {
      let result = try home.run(arguments)
      #expect(result.status == 64)
      #expect(result.error.contains("end of month"), "\(result.error)")
      #expect(result.error.contains("next friday"))
      #expect(
        result.error.contains(
          "hint: write the date as YYYY-MM-DD, e.g. \(today.components.year)-12-20"))
    }
    #expect(home.storedBytes == nil)
  }
}
