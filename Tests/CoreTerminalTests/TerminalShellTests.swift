import Core
import CoreTerminal
import CoreTesting
import Testing

@MainActor
@Suite("Terminal shell: screen stack, binding, components", .timeLimit(.minutes(10)))
struct TerminalShellTests {
  let clock = ManualClock()
  let titles = (1...30).map { "Book \($0)" }

  /// Builds the shelf and finishes its first load.
  func loadedShelf(
    size: TerminalSize = TerminalSize(columns: 48, rows: 12), titles: [String]? = nil
  ) async -> (ScreenHarness, ShelfInteractor) {
    let (stack, interactor) = makeShelf(titles: titles ?? self.titles, clock: clock)
    let harness = ScreenHarness(size: size, root: stack)
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await interactor.waitForTasks()
    await harness.settle()
    return (harness, interactor)
  }

  @Test("a list screen with header and footer")
  func listScreen() async {
    let (harness, _) = await loadedShelf()
    harness.press(.down, .down)
    assertGolden(harness.text, named: "shelf-list")
    assertGolden(harness.styles, named: "shelf-list.styles")
  }

  @Test("a load that finishes repaints with no key press")
  func observationRepaint() async {
    let (stack, interactor) = makeShelf(titles: titles, clock: clock)
    let harness = ScreenHarness(size: TerminalSize(columns: 48, rows: 12), root: stack)
    #expect(harness.text.contains("Loading…"))
    let before = harness.runtime.renderCount
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await interactor.waitForTasks()
    await harness.settle()
    #expect(harness.runtime.renderCount == before + 1, "one coalesced render")
    #expect(harness.text.contains("Book 1"))
    #expect(!harness.text.contains("Loading…"))
  }

  @Test("the run loop repaints when a load finishes, and quits on Ctrl-C")
  func runLoop() async throws {
    let (stack, interactor) = makeShelf(titles: titles, clock: clock)
    let terminal = VirtualTerminal(size: TerminalSize(columns: 40, rows: 10))
    let runtime = TerminalRuntime(terminal: terminal, root: stack, capability: .none)
    let running = Task { try await runtime.run() }
    await clock.waitForSleepers(1)
    #expect(terminal.screen().text.contains("Loading…"))
    clock.advance(by: .seconds(1))
    await interactor.waitForTasks()
    await waitUntil("the loaded list") { terminal.screen().text.contains("Book 1") }
    #expect(terminal.screen().text.contains("Book 1"))
    terminal.send([0x03])
    try await running.value
    #expect(terminal.modeChanges == [.enter, .leave])
    #expect(!terminal.isInteractive)
  }

  @Test("Esc and Ctrl-C in one read (Alt+Ctrl-C) still quit")
  func escapeThenControlC() async throws {
    let (stack, _) = makeShelf(titles: titles, clock: clock)
    let terminal = VirtualTerminal(size: TerminalSize(columns: 40, rows: 10))
    let runtime = TerminalRuntime(terminal: terminal, root: stack, capability: .none)
    let running = Task { try await runtime.run() }
    await clock.waitForSleepers(1)
    terminal.send([0x1B, 0x03])
    try await running.value
    #expect(terminal.modeChanges == [.enter, .leave])
  }

  @Test("a pushed screen shows the breadcrumb; Esc goes back and cancels its scope")
  func pushAndBack() async {
    let (harness, _) = await loadedShelf()
    let stack = harness.runtime.root as? ScreenStack<ShelfRoute>
    harness.press(.down, .enter)
    #expect(stack?.router.path == [.item(1)])
    assertGolden(harness.text, named: "shelf-pushed")
    let footer = harness.text.split(separator: "\n").last.map(String.init) ?? ""
    #expect(footer == "Esc Back", "no ? or q hints while a text field takes those keys")
    harness.press(.left)  // a text field has focus: ← edits, does not go back
    #expect(stack?.router.path == [.item(1)])
    harness.press(.escape)
    #expect(stack?.router.path == [])
    #expect(harness.text.contains("Shelf"))
    #expect(!harness.text.contains("Item 2"))
  }

  @Test("a confirmation dialog is keyboard driven; Esc cancels")
  func confirmation() async {
    let (harness, interactor) = await loadedShelf()
    harness.press(.character("d"))
    assertGolden(harness.text, named: "shelf-confirm")
    harness.press(.escape)
    #expect(interactor.viewModel.deleted.isEmpty)
    #expect(!harness.text.contains("Delete Book 1?"))
    harness.press(.character("d"), .left, .enter)
    #expect(interactor.viewModel.deleted == ["Book 1"])
  }

  @Test("loading, failed, empty and loaded states")
  func loadableStates() async {
    let (stack, interactor) = makeShelf(
      titles: titles, clock: clock, failure: ShelfError(description: "offline"))
    let harness = ScreenHarness(size: TerminalSize(columns: 40, rows: 8), root: stack)
    var states = ["-- loading", harness.text]
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await interactor.waitForTasks()
    await harness.settle()
    states += ["-- failed", harness.text]
    interactor.failure = nil
    harness.press(.character("r"))
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await interactor.waitForTasks()
    await harness.settle()
    states += ["-- loaded", harness.text]
    let (emptyStack, emptyInteractor) = makeShelf(titles: [], clock: clock)
    let empty = ScreenHarness(size: TerminalSize(columns: 40, rows: 8), root: emptyStack)
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await emptyInteractor.waitForTasks()
    await empty.settle()
    states += ["-- empty", empty.text]
    assertGolden(states.joined(separator: "\n"), named: "shelf-loadable")
  }

  @Test("the help overlay lists the screen's keys")
  func help() async {
    let (harness, _) = await loadedShelf(size: TerminalSize(columns: 48, rows: 14))
    harness.press(.character("?"))
    assertGolden(harness.text, named: "shelf-help")
    harness.press(.character("?"))
    #expect(!harness.text.contains("Keys"))
  }

  @Test("a 20-column window truncates with an ellipsis, never wraps")
  func narrow() async {
    let (harness, _) = await loadedShelf(
      size: TerminalSize(columns: 20, rows: 8),
      titles: ["A very long book title that cannot fit", "Short"])
    assertGolden(harness.text, named: "shelf-narrow")
    for line in harness.text.split(separator: "\n") { #expect(line.terminalWidth <= 20) }
  }

  @Test("CJK and emoji rows take two cells per character")
  func wideCharacters() async {
    let (harness, _) = await loadedShelf(
      size: TerminalSize(columns: 30, rows: 8),
      titles: ["日本語の本", "🙂 emoji 👍🏽", "café e\u{301}"])
    assertGolden(harness.text, named: "shelf-wide")
    #expect(harness.runtime.currentFrame.text == harness.text)
  }

  @Test("unhandled errors end in a sanitized status line; busy shows a spinner")
  func errorStatus() async {
    let (harness, interactor) = await loadedShelf()
    harness.press(.character("x"))
    #expect(harness.text.contains("Working…"))
    await interactor.waitForTasks()
    await harness.settle()
    let status = harness.text.split(separator: "\n").first { $0.contains("Error") }
    #expect(status?.trimmingPrefix(" ") == "Error: disk full")
    #expect(interactor.droppedErrorCount == 0)
    harness.press(.down)
    #expect(!harness.text.contains("Error"))
  }

  @Test("resize repaints everything at the new size")
  func resize() async {
    let (harness, _) = await loadedShelf()
    _ = harness.terminal.takeOutput()
    harness.resize(to: TerminalSize(columns: 30, rows: 6))
    let output = String(decoding: harness.terminal.output, as: UTF8.self)
    #expect(output.hasPrefix("\u{1b}[0m\u{1b}[2J"))
    #expect(harness.runtime.currentFrame.size == TerminalSize(columns: 30, rows: 6))
  }

  @Test("list scrolling keeps the selection visible")
  func scrolling() {
    var list = ListView()
    var frame = Frame(size: TerminalSize(columns: 20, rows: 5))
    let area = frame.bounds
    list.render(into: &frame, area: area, count: 100) { ListRow("Row \($0)") }
    for _ in 0..<7 { _ = list.handle(.key(.down), count: 100) }
    #expect(list.selection == 7)
    #expect(list.offset == 3)
    _ = list.handle(.key(.end), count: 100)
    #expect(list.selection == 99)
    #expect(list.offset == 95)
    _ = list.handle(.key(.pageUp), count: 100)
    #expect(list.selection == 94)
    #expect(list.offset == 94)
    _ = list.handle(.key(.home), count: 100)
    #expect(list.selection == 0 && list.offset == 0)
    _ = list.handle(.key(.up), count: 100)
    #expect(list.selection == 0)
    var called: [Int] = []
    frame = Frame(size: TerminalSize(columns: 20, rows: 5))
    list.select(50_000, count: 100_000)
    list.render(into: &frame, area: area, count: 100_000) {
      called.append($0)
      return ListRow("Row \($0)")
    }
    #expect(called == Array(49_996...50_000), "only visible rows are built")
  }
}
