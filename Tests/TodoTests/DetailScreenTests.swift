import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// What a daily user met on the screens: a kept search that Esc clears, a refused
/// date that keeps what was typed and says every accepted form.
@MainActor
@Suite("Screens: clearing a kept search, correcting a refused date", .timeLimit(.minutes(10)))
struct ScreenCorrectionTests {
  let folder: TemporaryDirectory
  let store: TodoStore
  /// Wednesday 2026-05-06, 10:00 UTC.
  let now = Now(date: Date(timeIntervalSince1970: 1_778_061_600), timeZone: .gmt)

  init() throws {
    folder = try TemporaryDirectory(prefix: "todo-corrections")
    store = TodoStore(directory: folder.url)
    try store.change { document in
      try document.add([
        .init(title: "Buy milk", tags: ["shop"], created: 1),
        .init(title: "Pay rent", priority: .high, due: Day(iso: "2026-05-01"), created: 1),
      ])
    }
  }

  func makeHarness(columns: Int = 64, rows: Int = 12) async -> ScreenHarness {
    let fixed = now
    let harness = ScreenHarness(
      size: TerminalSize(columns: columns, rows: rows),
      root: TodoApp.makeStack(store: store, now: { fixed }, work: .inline()))
    await harness.settle()
    return harness
  }

  @Test("a search kept with Enter is cleared by Esc, and ? says so")
  func escClearsKeptSearch() async throws {
    let harness = await makeHarness(rows: 24)  // room for the whole help overlay
    harness.press(.character("/"))
    harness.type("milk")
    harness.press(.enter)
    await harness.settle()
    #expect(harness.text.contains("search: milk"))
    #expect(!harness.text.contains("Pay rent"))
    let footer = try #require(harness.text.split(separator: "\n").last)
    #expect(footer.contains("Esc Clear search"))

    harness.press(.character("?"))
    await harness.settle()
    #expect(harness.text.contains("Clear search"))
    harness.press(.character("?"))  // any key closes the help
    await harness.settle()

    harness.press(.escape)
    await harness.settle()
    #expect(harness.text.contains("Pay rent"))
    #expect(harness.text.contains("Buy milk"))
    #expect(!harness.text.contains("search:"))

    // With no search kept, the help does not offer to clear one.
    harness.press(.character("?"))
    await harness.settle()
    #expect(!harness.text.contains("Clear search"))
  }

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
}

extension ScreenCorrectionTests {
  @Test(
    "the list's quick add keeps a refused text and shows the whole message, wrapped",
    arguments: [20, 40, 80])
  func refusedQuickAdd(columns: Int) async throws {
    let harness = await makeHarness(columns: columns, rows: 24)
    harness.press(.character("a"))
    harness.type("Fix bike due:someday")
    harness.press(.enter)
    await harness.settle()

    let message = "'someday' is not " + Day.expectedInput
    let lines = harness.text.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let start = try #require(lines.firstIndex { $0.hasPrefix("'someday'") }, "\(harness.text)")
    let shown = lines[start...].prefix { !$0.hasPrefix("New todo:") }.joined(separator: " ")
    #expect(shown == message, "\(harness.text)")
    #expect(harness.text.split(separator: "\n").allSatisfy { $0.count <= columns })
    #expect(try store.load().items.count == 2)

    // The field is still open with the text as typed: correct the date, Enter adds it.
    if columns >= 40 { #expect(harness.text.contains("New todo: Fix bike due:someday")) }
    for _ in 0..<"someday".count { harness.press(.backspace) }
    harness.type("2026-06-01")
    harness.press(.enter)
    await harness.settle()
    let added = try store.load().item(3)
    #expect(added.title == "Fix bike")
    #expect(added.due == Day(iso: "2026-06-01"))
    #expect(!harness.text.contains("is not"))
    #expect(!harness.text.contains("New todo:"))
  }

  @Test("? lists every key the list takes: j/k, PgUp/PgDn, Home/End")
  func helpListsListKeys() async throws {
    let harness = await makeHarness(rows: 30)
    harness.press(.character("?"))
    await harness.settle()
    let text = harness.text
    #expect(text.contains("k j"), "\(text)")
    #expect(text.contains("PgUp PgDn"), "\(text)")
    #expect(text.contains("Home End"), "\(text)")
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

/// The one rule of an optional field, whatever its kind: a field added later gets it.
@Suite("TodoField: empty or none removes any optional field")
struct TodoFieldRuleTests {
  static let optional = TodoField.allCases.filter(\.isRemovable)

  @Test("empty, white space or none in any case gives no value", arguments: optional)
  func removes(field: TodoField) throws {
    let today = try #require(Day(iso: "2026-05-06"))
    for text in ["", "  ", "none", "NONE", " None "] {
      #expect(try field.value(from: text, today: today) == field.noValue)
      #expect(field.removes(text))
    }
    var item = TodoItem(
      id: 1, title: "t", priority: .high, due: today, tags: ["a"],
      note: "n", created: 0)
    field.set(field.noValue, on: &item)
    #expect(field.text(of: item).isEmpty, "an unset field edits empty")
  }

  @Test("the title is never removed: none is a title")
  func title() throws {
    #expect(!TodoField.title.removes("none"))
    let today = try #require(Day(iso: "2026-05-06"))
    #expect(try TodoField.title.value(from: "none", today: today) == .text("none"))
  }
}
