import Testing

@testable import BlueprintTodoFeatures

@Suite("todo done and reopen say what they did")
struct DoneReportTests {
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
}
