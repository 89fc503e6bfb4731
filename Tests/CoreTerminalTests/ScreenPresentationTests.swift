import Core
import CoreTerminal
import CoreTesting
import Foundation
import Observation
import Testing

/// Where the inbox screen can lead; not the stack's route type, so only a mapping
/// can show it.
enum InboxDestination {
  case message(Int)
  case compose
  case confirmDelete(Int)
  case help
  case quit
}

@MainActor @Observable
final class InboxModel: NavigableViewModel {
  var navigation: NavigationIntent<InboxDestination>?
  var deleted: [Int] = []
}

final class InboxInteractor: Interactor<InboxModel> {
  var quits = 0

  init() { super.init(viewModel: InboxModel()) }

  /// The interactor only says where to go; a presentation it passes is ignored when
  /// the screen maps destinations.
  @discardableResult
  func go(_ destination: InboxDestination) -> NavigationToken {
    navigate(to: destination, presentation: .sheet)
  }

  func delete(_ id: Int) { viewModel.deleted.append(id) }

  func fail(_ message: String) { asyncTask { throw ShelfError(description: message) } }
}

final class InboxScreen: TerminalScreen {
  let interactor: InboxInteractor

  init(context: ScreenContext<ShelfRoute>, interactor: InboxInteractor) {
    self.interactor = interactor
    context.bind(interactor) { destination in
      switch destination {
      case .message(let id): .push(.item(id))
      case .compose: .sheet { _ in ItemScreen(index: 41, title: "draft") }
      case .confirmDelete(let id):
        .confirmationDialog("Delete message \(id)?") {
          IntentAction("Delete", role: .destructive) { interactor.delete(id) }
        }
      case .help: .alert("Help", message: "Press q to quit.")
      case .quit: .perform { interactor.quits += 1 }
      }
    }
  }

  var title: String { "Inbox" }
  func render(into frame: inout Frame, area: Rect) {}
}

@MainActor
func makeInbox(_ interactor: InboxInteractor) -> ScreenStack<ShelfRoute> {
  ScreenStack(router: Router<ShelfRoute>()) { context in
    InboxScreen(context: context, interactor: interactor)
  } destination: { route, _ in
    switch route {
    case .item(let index): ItemScreen(index: index, title: "message")
    case .note: ItemScreen(index: 99, title: "note")
    }
  }
}

@Suite("Terminal binding: the screen maps destinations to presentations")
@MainActor
struct ScreenPresentationTests {
  @Test("push maps a destination to a route; the token follows the pushed screen")
  func push() async {
    let interactor = InboxInteractor()
    let stack = makeInbox(interactor)
    let harness = ScreenHarness(root: stack)
    let token = interactor.go(.message(2))
    await harness.settle()
    #expect(stack.router.path == [.item(2)])
    #expect(harness.text.contains("Inbox › Item 3"))
    #expect(token.isVisible)
    harness.press(.escape)
    await harness.settle()
    #expect(stack.router.path.isEmpty)
    #expect(!token.isVisible)
  }

  @Test("sheet shows the screen the mapping builds, whatever the interactor asked")
  func sheet() async {
    let interactor = InboxInteractor()
    let stack = makeInbox(interactor)
    let harness = ScreenHarness(root: stack)
    interactor.go(.compose)
    await harness.settle()
    #expect(stack.breadcrumb == ["Inbox", "Item 42"])
    #expect(stack.router.path.isEmpty)
  }

  @Test("a confirmation dialog runs the chosen action; Cancel is added; the token spans it")
  func confirmation() async {
    let interactor = InboxInteractor()
    let stack = makeInbox(interactor)
    let harness = ScreenHarness(root: stack)
    let token = interactor.go(.confirmDelete(5))
    await harness.settle()
    #expect(stack.isShowingPrompt)
    #expect(harness.text.contains("Delete message 5?"))
    #expect(harness.text.contains("[ Cancel ]"))
    #expect(token.isVisible)
    harness.press(.left, .enter)
    await harness.settle()
    #expect(!stack.isShowingPrompt)
    #expect(!token.isVisible)
    let deleted = interactor.viewModel.deleted
    #expect(deleted == [5])
  }

  @Test("an alert shows its message and one OK; perform runs the closure and shows nothing")
  func alertAndPerform() async {
    let interactor = InboxInteractor()
    let stack = makeInbox(interactor)
    let harness = ScreenHarness(root: stack)
    interactor.go(.help)
    await harness.settle()
    #expect(harness.text.contains("Press q to quit."))
    #expect(harness.text.contains("[ OK ]"))
    harness.press(.enter)
    interactor.go(.quit)
    await harness.settle()
    #expect(interactor.quits == 1)
    #expect(!stack.isShowingPrompt)
    #expect(stack.breadcrumb == ["Inbox"])
  }
}

@Suite("Terminal ambient handlers: the app's fallback for errors and busy state")
@MainActor
struct TerminalAmbientHandlerTests {
  @Test("onInteractorError and onInteractorBusy take over from the status line and spinner")
  func custom() async {
    let interactor = InboxInteractor()
    var errors: [String] = []
    var busy: [Bool] = []
    let stack = makeInbox(interactor)
      .onInteractorError { errors.append("\($0)") }
      .onInteractorBusy { busy.append($0) }
    let harness = ScreenHarness(root: stack)
    interactor.fail("disk full")
    #expect(!harness.text.contains("Working…"))
    await interactor.waitForTasks()
    await harness.settle()
    #expect(errors == ["disk full"])
    #expect(busy == [true, false])
    #expect(!harness.text.contains("Error"))
    #expect(interactor.droppedErrorCount == 0)
  }

  @Test("a screen's own onError still comes first")
  func screenFirst() async {
    let interactor = InboxInteractor()
    var ambient: [String] = []
    var own: [String] = []
    let stack = ScreenStack(router: Router<ShelfRoute>()) { context in
      context.bind(
        interactor,
        onError: { error in
          own.append("\(error)")
          return true
        },
        onNavigation: { destination in .alert("\(destination)") })
      return ItemScreen(index: 0, title: "")
    } destination: { _, _ in
      ItemScreen(index: 1, title: "")
    }
    stack.onInteractorError { ambient.append("\($0)") }
    _ = ScreenHarness(root: stack)
    interactor.fail("mine")
    await interactor.waitForTasks()
    #expect(own == ["mine"])
    #expect(ambient.isEmpty)
  }

  @Test("droppingUnhandledErrors drops and counts them, as CleanKit does without a handler")
  func dropped() async {
    let interactor = InboxInteractor()
    let stack = makeInbox(interactor).droppingUnhandledErrors()
    let harness = ScreenHarness(root: stack)
    interactor.fail("lost")
    await interactor.waitForTasks()
    await harness.settle()
    #expect(interactor.droppedErrorCount == 1)
    #expect(!harness.text.contains("lost"))
  }
}

@Suite("Terminal LoadableView: default and overridden renderings")
@MainActor
struct TerminalLoadableViewTests {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  static func draw(_ loadable: Loadable<[String]>, custom: Bool) -> String {
    var frame = Frame(size: TerminalSize(columns: 30, rows: 4))
    let content: ([String], inout Frame, Rect) -> Void = { items, frame, area in
      frame.draw(items.joined(separator: ","), row: area.row, column: area.column)
    }
    let view =
      custom
      ? LoadableView(
        loadable, content: content,
        loading: { frame, area in frame.draw("wait", row: area.row, column: area.column) },
        failed: { error, frame, area in frame.draw("E:\(error)", row: area.row, column: area.column)
        },
        empty: { frame, area in frame.draw("none", row: area.row, column: area.column) })
      : LoadableView(loadable, content: content)
    view.render(into: &frame, area: frame.bounds)
    return frame.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: "|")
  }

  @Test(
    "each state with the defaults and with overrides",
    arguments: [
      (Loadable<[String]>.loading(previous: nil), "⠋ Loading…", "wait"),
      (.loading(previous: ["a"]), "a|⠋ Refreshing…", "a|wait"),
      (.failed(Failure(), previous: nil), "✗ offline  (r to retry)", "E:offline"),
      (.failed(Failure(), previous: ["a"]), "a|✗ offline  (r to retry)", "a|E:offline"),
      (.loaded([]), "Nothing here yet.", "none"),
      (.loaded(["a", "b"]), "a,b", "a,b"),
    ])
  func states(loadable: Loadable<[String]>, standard: String, custom: String) {
    #expect(Self.draw(loadable, custom: false) == standard)
    #expect(Self.draw(loadable, custom: true) == custom)
  }
}

@Suite("Terminal binding: lifetime")
@MainActor
struct ScreenPresentationLifetimeTests {
  /// Holds the pushed screen's interactor weakly.
  final class Probe {
    weak var interactor: InboxInteractor?
  }

  @Test("a popped screen whose mapping captures its interactor lets it go")
  func noCycle() async {
    let probe = Probe()
    let stack = ScreenStack(router: Router<ShelfRoute>()) { _ in
      ItemScreen(index: 0, title: "root")
    } destination: { _, context in
      let interactor = InboxInteractor()
      probe.interactor = interactor
      return InboxScreen(context: context, interactor: interactor)
    }
    let harness = ScreenHarness(root: stack)
    stack.router.push(.note)
    await harness.settle()
    #expect(probe.interactor != nil)
    stack.router.pop()
    await harness.settle()
    #expect(probe.interactor == nil)
  }
}
