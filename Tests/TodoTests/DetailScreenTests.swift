import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// The detail screen on the virtual terminal: its fields, edits in place, the priority
/// picker, a refused date that keeps what was typed and says every accepted form.
@MainActor
@Suite("the detail screen", .timeLimit(.minutes(10)))
struct DetailScreenTests: ScreenSuite {
  let folder: TemporaryDirectory
  let store: TodoStore
  /// Wednesday 2026-05-06, 10:00 UTC.
  let now = Now(date: Date(timeIntervalSince1970: 1_778_061_600), timeZone: .gmt)

  init() throws { (folder, store) = try ScreenStores.sample(prefix: "todo-screens") }

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
}

extension DetailScreenTests {
  /// The detail screen over two items: a refused date, `none` in a text field.
  @MainActor
  @Suite("over two items", .timeLimit(.minutes(10)))
  struct OverTwoItems: ScreenSuite {
    let folder: TemporaryDirectory
    let store: TodoStore
    /// Wednesday 2026-05-06, 10:00 UTC.
    let now = Now(date: Date(timeIntervalSince1970: 1_778_061_600), timeZone: .gmt)

    init() throws { (folder, store) = try ScreenStores.twoItems(prefix: "todo-corrections") }
  }
}

extension DetailScreenTests.OverTwoItems {

  @Test(
    "a refused date keeps what was typed and shows every accepted form, wrapped",
    arguments: [20, 40, 80])
  func refusedDate(columns: Int) async throws {
    let harness = await makeHarness(columns: columns, rows: 24)  // a usual window's height
    harness.press(.enter, .down)  // Pay rent's detail (first by priority), the Due field
    await harness.settle()
    harness.press(.enter, .ctrl("u"))
    harness.type("someday")
    harness.press(.enter)
    await harness.settle()

    let message = "'someday' is not " + Day.expectedInput
    let lines = harness.text.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let start = try #require(lines.firstIndex { $0.hasPrefix("'someday'") }, "\(harness.text)")
    let shown = lines[start...].prefix { !$0.isEmpty }.joined(separator: " ")
    #expect(shown.hasPrefix(message), "\(harness.text)")
    #expect(lines[start...].prefix { !$0.isEmpty }.count > 1, "wrapped over several lines")
    #expect(harness.text.split(separator: "\n").allSatisfy { $0.count <= columns })

    // The field is still open with the text as typed; Enter again would retry it.
    if columns >= 40 { #expect(lines.contains { $0.hasPrefix("Due") && $0.contains("someday") }) }
    #expect(try store.load().item(2).due == Day(iso: "2026-05-01"))
    harness.press(.ctrl("u"))
    harness.type("2026-06-01")
    harness.press(.enter)
    await harness.settle()
    #expect(try store.load().item(2).due == Day(iso: "2026-06-01"))
    #expect(!harness.text.contains("is not a date"))
  }

  @Test("the detail screen: none removes a text field's value, and an unset field edits empty")
  func noneRemovesText() async throws {
    let harness = await makeHarness(columns: 64, rows: 24)
    harness.press(.enter)  // Pay rent's detail
    await harness.settle()
    let noteRow = try #require(TodoField.allCases.firstIndex(of: .note))
    for _ in 0..<noteRow { harness.press(.down) }
    harness.press(.enter)
    harness.type("none")
    harness.press(.enter)
    await harness.settle()
    #expect(try store.load().item(2).note == nil)

    // Unset: the field starts empty, so what is typed is all there is.
    harness.press(.enter)
    harness.type("Garage")
    harness.press(.enter)
    await harness.settle()
    #expect(try store.load().item(2).note == "Garage")
    harness.press(.enter, .ctrl("u"))
    harness.type(" NONE ")
    harness.press(.enter)
    await harness.settle()
    #expect(try store.load().item(2).note == nil)
    #expect(harness.text.contains("none"))
  }
}
