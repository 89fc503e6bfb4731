import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

@MainActor
@Suite(
  "The interactive list: columns, a narrow footer, undo selects (virtual terminal)",
  .timeLimit(.minutes(10)))
struct ScreenHabitsTests {
  let folder: TemporaryDirectory
  let store: TodoStore
  /// Wednesday 2026-05-06, 10:00 UTC.
  let now = Now(date: Date(timeIntervalSince1970: 1_778_061_600), timeZone: .gmt)

  init() throws {
    folder = try TemporaryDirectory(prefix: "todo-screen-habits")
    store = TodoStore(directory: folder.url)
    try store.change { document in
      try document.add([
        .init(title: "Buy milk", tags: ["shop"], created: 1),
        .init(title: "Pay rent", priority: .high, due: Day(iso: "2026-05-01"), created: 1),
        .init(title: "Call mom", priority: .medium, tags: ["family", "phone"], created: 1),
        .init(title: "Plan", due: Day(iso: "2026-05-20"), tags: ["x"], created: 1),
      ])
    }
  }

  func makeHarness(columns: Int = 80, rows: Int = 10) async -> ScreenHarness {
    let fixed = now
    let harness = ScreenHarness(
      size: TerminalSize(columns: columns, rows: rows),
      root: TodoApp.makeStack(store: store, now: { fixed }, work: .inline()))
    await harness.settle()
    return harness
  }

  /// The screen's row holding `title`.
  func line(_ harness: ScreenHarness, _ title: String) throws -> String {
    try #require(harness.text.split(separator: "\n").first { $0.contains(title) }.map(String.init))
  }

  @Test("tags, priority and due date line up in columns from row to row")
  func columns() async throws {
    let harness = await makeHarness()
    let rows = try ["Buy milk", "Pay rent", "Call mom", "Plan"].map { try line(harness, $0) }
    func column(_ text: String, in row: String) -> Int? {
      row.range(of: text).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
    }
    // Tags start in one column; priorities start in one column; dates in one column.
    let tagColumns = [
      column("+shop", in: rows[0]), column("+family", in: rows[2]), column("+x", in: rows[3]),
    ]
    #expect(Set(tagColumns).count == 1, "\(rows)")
    #expect(column("high", in: rows[1]) == column("medium", in: rows[2]), "\(rows)")
    #expect(column("2026-05-01", in: rows[1]) == column("2026-05-20", in: rows[3]), "\(rows)")
    #expect(column("2026-05-01", in: rows[1])! > column("medium", in: rows[2])!)
  }

  @Test("at 50 columns the footer keeps ? Help and q Quit, dropping other keys first")
  func narrowFooter() async throws {
    for columns in [50, 40, 80] {
      let harness = await makeHarness(columns: columns)
      let footer = try #require(harness.text.split(separator: "\n").last)
      #expect(footer.contains("? Help"), "\(columns): \(footer)")
      #expect(footer.contains("q Quit"), "\(columns): \(footer)")
      #expect(footer.hasPrefix("↑↓ Move"), "\(columns): \(footer)")
      if columns < 80 { #expect(!footer.contains("u Undo"), "\(columns): \(footer)") }
    }
  }

  @Test("after u undoes a delete, the restored item is selected")
  func undoSelectsRestored() async throws {
    let harness = await makeHarness()
    // The order: Pay rent (overdue), Call mom, Plan, Buy milk; select Plan and delete it.
    harness.press(.character("j"), .character("j"))
    await harness.settle()
    harness.press(.character("d"))
    await harness.settle()
    harness.press(.left, .enter)  // from the preselected Cancel to Delete
    await harness.settle()
    #expect(!harness.text.contains("Plan"), "\(harness.text)")
    harness.press(.character("k"), .character("k"))  // the selection moves elsewhere
    await harness.settle()
    harness.press(.character("u"))
    await harness.settle()
    #expect(try store.load().items.count == 4)
    // The delete dialog names the selected item: the one brought back.
    harness.press(.character("d"))
    await harness.settle()
    #expect(harness.text.contains("Delete “Plan”?"), "\(harness.text)")
    harness.press(.escape)
  }
}
