import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// The list screen on the virtual terminal (golden frames, keys, narrow windows, a kept
/// search, quick add, columns) and on a real pseudo-terminal.
@MainActor
// A hang guard, not a speed check. In a full run the suite waits, but not for the main
// actor (sampled every 20 ms through a full run, it never stalled longer than 0.43 s):
// for the test pool, two threads here, which tests waiting synchronously for child
// processes keep busy; each of the suite's hops back to the pool waits behind them.
@Suite("the list screen", .timeLimit(.minutes(10)))
struct ListScreenTests: ScreenSuite {
  let folder: TemporaryDirectory
  let store: TodoStore
  /// Wednesday 2026-05-06, 10:00 UTC.
  let now = Now(date: Date(timeIntervalSince1970: 1_778_061_600), timeZone: .gmt)

  init() throws { (folder, store) = try ScreenStores.sample(prefix: "todo-screens") }

  @Test("the list screen: counts, order, overdue in the danger color, sanitized titles")
  func listFrame() async {
    let harness = await makeHarness()
    harness.press(.character("j"))  // the overdue row, unselected, shows its color
    await harness.settle()
    assertGolden(harness.text, named: "todo-list")
    assertGolden(harness.styles, named: "todo-list-styles")
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

extension ListScreenTests {
  /// The list over two items: a search kept with Enter, a refused date in quick add,
  /// the keys `?` lists.
  @MainActor
  @Suite("over two items", .timeLimit(.minutes(10)))
  struct OverTwoItems: ScreenSuite {
    let folder: TemporaryDirectory
    let store: TodoStore
    /// Wednesday 2026-05-06, 10:00 UTC.
    let now = Now(date: Date(timeIntervalSince1970: 1_778_061_600), timeZone: .gmt)

    init() throws { (folder, store) = try ScreenStores.twoItems(prefix: "todo-corrections") }

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
  }
}

extension ListScreenTests {
  /// The list over four items, in columns on 80 by 10: rows line up, a narrow footer, undo selects.
  @MainActor
  @Suite("in columns, 80 by 10", .timeLimit(.minutes(10)))
  struct InColumns {
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
      try #require(
        harness.text.split(separator: "\n").first { $0.contains(title) }.map(String.init))
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
}

#if canImport(Glibc)
  extension ListScreenTests {
    /// The narrow footer on a real pseudo-terminal: `todo` resized to 50 columns
    /// redraws its footer with `? Help` and `q Quit` still in it, and `q` quits.
    @Suite("on a real pseudo-terminal, resized narrow", .timeLimit(.minutes(10)))
    struct OnAPseudoTerminal {
      @Test("at 50 columns the footer keeps ? Help and q Quit")
      func narrowFooter() async throws {
        let home = try TodoHome()
        try home.output(["add", "Buy milk +shop !high"])
        try home.output(["add", "Pay rent due:2000-01-01"])
        let environment = home.folder.isolatedEnvironment(["TZ": "UTC", "TERM": "xterm"])
        let path = home.product.url.path
        let (footer, status) = try await offThePool { () throws -> (String, Int32?) in
          let session = try PseudoTerminalSession(
            path, [], environment: environment, isControllingTerminal: true)
          try session.waitForOutput("Pay rent")
          let offset = session.output.count
          session.setSize(columns: 50, rows: 12)  // the kernel sends SIGWINCH
          try session.waitForOutput("Quit", after: offset)
          let redrawn = Self.plain(session.output[offset...])
          session.send("q")
          return (redrawn, try session.waitForExit().exitCode)
        }
        #expect(footer.contains("? Help"), "\(footer.debugDescription)")
        #expect(!footer.contains("u Undo"), "\(footer.debugDescription)")
        #expect(footer.contains("q Quit"), "\(footer.debugDescription)")
        #expect(status == 0)
      }

      /// The text without its escape sequences (CSI and the private `ESC [ ?` ones).
      static func plain(_ bytes: ArraySlice<UInt8>) -> String {
        var text: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
          if bytes[index] == 0x1B, index + 1 < bytes.endIndex, bytes[index + 1] == 0x5B {
            index += 2
            while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
            index += 1
          } else {
            text.append(bytes[index])
            index += 1
          }
        }
        return String(decoding: text, as: UTF8.self)
      }
    }
  }
#endif
