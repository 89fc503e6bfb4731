import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// Corrections to `import`, each through the built `todo`.
extension CommandCorrectionTests {
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
}
