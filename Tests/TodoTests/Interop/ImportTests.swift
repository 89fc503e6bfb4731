import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// `import` and `export` through the built `todo`.
extension CommandTests {
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
}
