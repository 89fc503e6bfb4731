import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures

/// `done` and `reopen`: what they say, as a table, and selections by filter through the
/// built `todo`.
@Suite("done and reopen", .timeLimit(.minutes(10)))
struct DoneTests: TodoHomeSuite {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  @Test(
    "in words a person would use",
    arguments: [
      ([1], [Int](), true, "marked todo 1 as done"),
      ([1, 3], [], true, "marked todos 1 and 3 as done"),
      ([1, 3, 5, 3], [], true, "marked todos 1, 3 and 5 as done"),
      ([1], [1], true, "todo 1 was already done"),
      ([1, 2, 4], [2, 4], true, "marked todo 1 as done; todos 2 and 4 were already done"),
      ([3], [], false, "reopened todo 3"),
      ([3], [3], false, "todo 3 was already open"),
    ])
  func report(ids: [Int], already: [Int], isDone: Bool, text: String) {
    #expect(TodoRun.doneReport(ids: ids, already: already, isDone: isDone) == text)
  }

  @Test("done and rm take a filter; above 3 matches they need --yes, and refuse without it")
  func filterSelections() throws {
    for index in 1...5 { try home.output(["add", "Shop \(index) +shop"]) }
    try home.output(["add", "Other"])
    let before = home.storedBytes
    let refused = try home.run(["done", "+shop"])
    #expect(refused.status == 64)
    #expect(refused.error.contains("'+shop' matches 5 todos; nothing was done"))
    #expect(refused.error.contains("add --yes to mark all 5 (ids 1 2 3 4 5)"))
    #expect(home.storedBytes == before)
    #expect(
      try home.output(["done", "+shop", "--yes"]) == "marked todos 1, 2, 3, 4 and 5 as done\n")
    #expect(try listedIDs(["list"]) == [6])
    try home.output(["add", "Milk +dairy"])
    try home.output(["add", "Cheese +dairy"])
    #expect(try home.output(["rm", "+dairy"]).hasPrefix("removed 7 8"))
    let none = try home.run(["rm", "+nothing"])
    #expect(none.status == 64)
    #expect(none.error.contains("no open todo matches '+nothing'"))
    let both = try home.run(["done", "6", "+shop"])
    #expect(both.status == 64)
    #expect(both.error.contains("give ids or a filter, not both"))
  }
}
