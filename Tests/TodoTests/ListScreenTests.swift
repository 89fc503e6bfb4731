import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

@MainActor
// A hang guard, not a speed check. In a full run the suite waits, but not for the main
// actor (sampled every 20 ms through a full run, it never stalled longer than 0.43 s):
// for the test pool, two threads here, which tests waiting synchronously for child
// processes keep busy; each of the suite's hops back to the pool waits behind them.
@Suite("Interactive screens on the virtual terminal", .timeLimit(.minutes(10)))
struct ScreenTests {
  let folder: TemporaryDirectory
  let store: TodoStore
  /// Wednesday 2026-05-06, 10:00 UTC.
  let now = Now(date: Date(timeIntervalSince1970: 1_778_061_600), timeZone: .gmt)

  init() throws {
    folder = try TemporaryDirectory(prefix: "todo-screens")
    store = TodoStore(directory: folder.url)
    try store.change { document in
      try document.add([
        .init(title: "Buy milk", tags: ["shop"], created: 1_778_000_000),
        .init(
          title: "Pay rent", priority: .high, due: Day(iso: "2026-05-01"), created: 1_778_000_000),
        .init(
          title: "Call mom \u{1B}]0;pwned\u{7}", priority: .low, due: Day(iso: "2026-05-09"),
          created: 1_778_000_000),
        .init(title: "Water plants", created: 1_778_000_000, completed: 1_778_050_000),
      ])
    }
  }

  /// Presses down on the detail screen from the title to `field`, however many
  /// fields come before it.
  @MainActor
  static func moveDown(to field: TodoField, in harness: ScreenHarness) {
    for _ in 0..<(TodoField.allCases.firstIndex(of: field) ?? 0) { harness.press(.down) }
  }

  func makeHarness(columns: Int = 64, rows: Int = 12, displayName: String? = nil) async
    -> ScreenHarness
  {
    let fixed = now
    let harness = ScreenHarness(
      size: TerminalSize(columns: columns, rows: rows),
      root: TodoApp.makeStack(
        store: store, now: { fixed }, displayName: displayName, work: .inline()))
    await harness.settle()
    return harness
  }

  @Test("the list screen: counts, order, overdue in the danger color, sanitized titles")
  func listFrame() async {
    let harness = await makeHarness()
    harness.press(.character("j"))  // the overdue row, unselected, shows its color
    await harness.settle()
    assertGolden(harness.text, named: "todo-list")
    assertGolden(harness.styles, named: "todo-list-styles")
  }

  @Test("the detail screen: fields, edit in place, Esc back to an updated list")
  func detailFrame() async throws {
    let harness = await makeHarness()
    harness.press(.enter)
    await harness.settle()
    assertGolden(harness.text, named: "todo-detail")

    harness.press(.enter, .ctrl("u"))
    harness.type("Pay the rent")
    harness.press(.enter)
    await harness.settle()
    #expect(harness.text.contains("Pay the rent"))
    #expect(harness.text.contains("saved"))
    #expect(try store.load().item(2).title == "Pay the rent")

    harness.press(.escape)
    await harness.settle()
    #expect(harness.text.contains("[ ] 2  Pay the rent"))
  }

  @Test("keys: space, add, filter, delete with confirmation, undo")
  func keys() async throws {
    let harness = await makeHarness()
    harness.press(.character(" "))
    await harness.settle()
    #expect(try store.load().item(2).isDone)
    harness.press(.character("a"))
    harness.type("Read book")
    harness.press(.enter)
    await harness.settle()
    #expect(try store.load().items.map(\.title).contains("Read book"))

    harness.press(.character("/"))
    harness.type("milk")
    await harness.settle()
    #expect(harness.text.contains("Buy milk"))
    #expect(!harness.text.contains("Read book"))
    harness.press(.escape)
    await harness.settle()
    #expect(harness.text.contains("Read book"))

    harness.press(.home, .character("d"))
    await harness.settle()
    #expect(
      harness.text.contains("Delete “Call mom title”?") || harness.text.contains("Delete “Call mom")
    )
    harness.press(.enter)  // Cancel is highlighted first
    await harness.settle()
    #expect(try store.load().items.count == 5)
    harness.press(.character("d"), .left, .enter)
    await harness.settle()
    #expect(try store.load().items.count == 4)
    harness.press(.character("u"))
    await harness.settle()
    #expect(try store.load().items.count == 5)
    #expect(harness.text.contains("undid: rm"))
  }

  @Test("a narrow window: the header is cut short before the status, never run into it")
  func narrowHeader() async throws {
    let harness = await makeHarness(columns: 22, rows: 8)
    harness.press(.character(" "))  // "done 2" in the status
    await harness.settle()
    let header = try #require(harness.text.split(separator: "\n").dropFirst().first)
    #expect(header.hasSuffix("… done 2 ") || header.hasSuffix("… done 2"))
    #expect(header.hasPrefix(" 2 open"))
  }

  @Test("the header greets the display name; a narrow window drops tags before the due date")
  func narrowRows() async throws {
    try store.change { document in
      try document.edit(2, .init(addTags: ["home", "money", "monthly"]))
    }
    let harness = await makeHarness(columns: 44, rows: 10, displayName: "Ada")
    await harness.settle()
    assertGolden(harness.text, named: "todo-list-narrow")
    #expect(harness.text.contains("Hello, Ada. 3 open"))
    #expect(harness.text.contains("2026-05-01"))  // the due date stays whole
    #expect(!harness.text.contains("+home"))  // the first tags went
  }

  @Test("the delete dialog's footer shows the dialog's keys")
  func deleteDialog() async throws {
    let harness = await makeHarness()
    harness.press(.character("d"))
    await harness.settle()
    assertGolden(harness.text, named: "todo-delete-dialog")
    let footer = try #require(harness.text.split(separator: "\n").last)
    #expect(footer.contains("Confirm"))
    #expect(footer.contains("Cancel"))
    #expect(!footer.contains("Add"))
  }

  @Test("the priority is chosen with the shared picker; none removes it")
  func priorityPicker() async throws {
    let harness = await makeHarness()
    harness.press(.enter)  // Pay rent's detail
    Self.moveDown(to: .priority, in: harness)
    await harness.settle()
    harness.press(.enter)
    await harness.settle()
    assertGolden(harness.text, named: "todo-priority-picker")
    harness.press(.down, .down, .enter)  // high → medium → low
    await harness.settle()
    #expect(try store.load().item(2).priority == .low)
    #expect(harness.text.contains("Priority  low"))
    // The picker reads the item when it opens (off the main actor); choosing waits
    // for that read.
    harness.press(.enter)
    await harness.settle()
    harness.press(.home, .enter)
    await harness.settle()
    #expect(try store.load().item(2).priority == nil)
  }

  @Test("the priority picker opens at once and reads the item off the main actor, busy meanwhile")
  func priorityPickerReadsOffTheMainActor() async throws {
    let harness = await makeHarness()
    harness.press(.enter)  // Pay rent's detail
    Self.moveDown(to: .priority, in: harness)
    await harness.settle()
    harness.press(.enter)
    // Before the read has run: the picker is up, busy, with no value marked.
    #expect(harness.text.contains("How important “#2” is."))
    #expect(!harness.text.contains("●"))
    #expect(harness.text.contains("Working"))
    harness.press(.enter)  // ignored while the item is read
    await harness.settle()
    #expect(harness.text.contains("How important “Pay rent” is."))
    #expect(harness.text.contains("● high"))
    #expect(!harness.text.contains("Working"))
    #expect(try store.load().item(2).priority == .high)
  }

  @Test("10,000 items: End and PageUp move through the list")
  func manyItems() async throws {
    try store.change { document in
      try document.add((1...10_000).map { .init(title: "Item \($0)", created: 1) })
    }
    let harness = await makeHarness()
    harness.press(.end)
    await harness.settle()
    #expect(harness.text.contains("[x]     4  Water plants"))  // ids padded to the widest
    harness.press(.pageUp, .character("k"))
    await harness.settle()
    #expect(harness.text.contains("Item 99"))
    #expect(harness.text.contains("10003 open · 1 done · 1 overdue"))
  }
}
