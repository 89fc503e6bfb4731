import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// `import` and `export` through the built `todo`: all or nothing, new ids, files
/// imported twice, hostile files.
extension ExportImportTests {
  @Test("import: all or nothing, new ids, moves a list between homes")
  func importMovesLists() throws {
    try home.output(["add", "one", "--tag", "a", "--due", "2099-01-01"])
    try home.output(["add", "two", "-p", "medium"])
    try home.output(["done", "2"])
    let exported = try home.output(["list", "--all", "--json"])

    let other = try TodoHome()
    try other.output(["add", "already here"])
    let input = Data(exported.utf8)
    let result = try other.run(["import", "-"], input: input)
    #expect(result.status == 0)
    #expect(result.output == "imported 2 todos (ids 2–3)\n")
    let imported = try other.output(["list", "--all", "--json"])
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(imported.utf8)) as? [[String: Any]])
    // Exported open first (done items sink), so "one" got id 2 and the done "two" id 3.
    #expect(items.map { $0["title"] as? String } == ["one", "already here", "two"])
    #expect(items.map { $0["id"] as? Int } == [2, 1, 3])
    #expect(items.last?["done"] as? Bool == true)

    let before = other.storedBytes
    let bad = Data(#"[{"title":"fine"},{"title":"bad","due":"never"}]"#.utf8)
    let failed = try other.run(["import", "-"], input: bad)
    #expect(failed.status == 65)
    #expect(failed.error.contains("bad due date 'never'"))
    #expect(other.storedBytes == before)

    let missing = try other.run(["import", home.folder.appending("nope.json").path])
    #expect(missing.status == 66)
    #expect(other.storedBytes == before)

    let folder = try other.run(["import", home.folder.path])
    #expect(folder.status == 66)
    #expect(
      folder.error
        == "\(appIdentity.name): error: cannot read \(home.folder.path): it is a folder, not a file\n"
    )
    #expect(other.storedBytes == before)

    let one = try other.run(["import", "-"], input: Data(#"[{"title":"single"}]"#.utf8))
    #expect(one.output == "imported 1 todo (id 4)\n")
  }

  @Test("export --format matches in any case")
  func exportFormatAnyCase() throws {
    try home.output(["add", "A", "--priority", "HIGH"])
    #expect(try home.run(["export", "--format", "TODO.TXT"]).output.hasPrefix("(A) "))
  }

  @Test("a todo.txt file imported without --from: exit 65 naming the format, nothing added")
  func todoTxtWithoutFrom() throws {
    try home.output(["add", "Keep"])
    let before = try #require(home.storedBytes)
    let file = home.folder.appending("export.txt")
    try Data("(A) 2026-12-01 Call Mom +family due:2026-12-05\n".utf8).write(to: file)
    let result = try home.run(["import", file.path])
    #expect(result.status == 65)
    #expect(result.error.contains("it is not JSON but looks like todo.txt lines"))
    #expect(
      result.error.contains(
        "hint: add --from todo.txt: '\(appIdentity.name) import --from todo.txt "))
    #expect(!result.error.contains("column"))
    #expect(home.storedBytes == before)
    #expect(try home.output(["import", "--from", "todo.txt", file.path]).hasPrefix("imported 1"))
    // A damaged JSON file is still worded as JSON.
    try Data("[{\"title\": }]".utf8).write(to: file)
    let damaged = try home.run(["import", file.path])
    #expect(damaged.status == 65)
    #expect(!damaged.error.contains("todo.txt"))
  }

  @Test("importing an export twice adds its items once and says how many it skipped")
  func importExportTwice() throws {
    try home.output(["add", "Buy milk", "+shop"])
    try home.output(["add", "Call mom"])
    let exported = try home.output(["export"])
    let other = try TodoHome()
    let file = other.folder.appending("export.json")
    try Data(exported.utf8).write(to: file)
    #expect(try other.output(["import", file.path]) == "imported 2 todos (ids 1–2)\n")
    #expect(
      try other.output(["import", file.path]) == "imported 0 todos; skipped 2 already in the list\n"
    )
    #expect(try other.output(["list"]).split(separator: "\n").count == 2)
    #expect(try other.output(["undo"]) == "undid: import 2 todos\n")  // the second added nothing
    try other.output(["import", file.path])

    // The way back: the first list recognises its own items in the other's export.
    try other.output(["add", "Water plants"])
    let back = home.folder.appending("back.json")
    try Data(try other.output(["export"]).utf8).write(to: back)
    #expect(
      try home.output(["import", back.path])
        == "imported 1 todo (id 3); skipped 2 already in the list\n")
    #expect(try home.output(["list"]).split(separator: "\n").count == 3)
  }

  @Test("importing a Taskwarrior export twice skips the tasks it holds, by uuid")
  func importTaskwarriorTwice() throws {
    let tasks = """
      [{"uuid":"5d8fa7d4-6f0e-4a6e-9e3c-1f3e1c9b7a01","description":"Buy milk","status":"pending"},
      {"uuid":"5d8fa7d4-6f0e-4a6e-9e3c-1f3e1c9b7a02","description":"Buy milk","status":"pending"}]
      """
    let file = home.folder.appending("tasks.json")
    try Data(tasks.utf8).write(to: file)
    let first = try home.output(["import", "--from", "taskwarrior", file.path])
    #expect(first == "imported 2 todos (ids 1–2)\n")
    let again = try home.output(["import", "--from", "taskwarrior", file.path])
    #expect(again == "imported 0 todos; skipped 2 already in the list\n")
    #expect(try home.output(["list"]).split(separator: "\n").count == 2)
  }

  @Test("importing 100,000-deep nesting is refused with exit 65, nothing added")
  func deepImport() throws {
    let deep = Data(
      (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
    let file = home.folder.appending("deep.json")
    try deep.write(to: file)
    let result = try home.run(["import", file.path])
    // Refused by Core's strict check once nesting passes its limit: a clear line
    // naming the file and where, never a stack overflow.
    #expect(result.status == 65)
    #expect(
      result.error.hasPrefix(
        "\(appIdentity.name): error: cannot import \(file.path): line 1, column 513: nested deeper than"
      ))
    #expect(home.storedBytes == nil)
    let objects = Data(
      (#"[{"title":"a","note":"# + String(repeating: "{\"a\":", count: 100_000)).utf8)
    try objects.write(to: file)
    #expect(try home.run(["import", file.path]).status == 65)
  }
}

/// The runner's one input reader, met through `import`.
extension CommandLineTests {
  @Test("import reads a process substitution, a pipe on stdin and a file")
  func importSources() async throws {
    try await habits.checkImportSources()
  }

  @Test("import of a missing file or a folder exits 66 naming it; an endless input is cut off")
  func importFailures() async throws {
    try await habits.checkImportFailures()
  }
}
