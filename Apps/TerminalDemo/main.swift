// A small demo of the terminal shell: `swift run terminal-demo`.
// A list of 100,000 rows (↑↓ PgUp PgDn Home End), Enter pushes a detail with a text
// field, d asks for confirmation, the list loads slowly (a spinner first), Esc goes
// back, ? shows the keys, q or Ctrl-C quits. NO_COLOR=1 turns colors off.
import CoreBase
import CoreTerminal
import Foundation
import Observation

enum DemoRoute: Hashable, Sendable { case row(Int) }

/// Where the list can lead; the screen decides how each is shown.
enum RowsDestination {
  case open(Int)
  case remove(Int)
}

@MainActor @Observable
final class RowsModel: NavigableViewModel {
  var count: Loadable<Int> = .idle
  var removed: Set<Int> = []
  var navigation: NavigationIntent<RowsDestination>?
}

final class RowsInteractor: Interactor<RowsModel> {
  override func prepare() { reload() }

  func reload() {
    load(\.count) {
      try await Task.sleep(for: .seconds(1.5))
      return 100_000
    }
  }

  func open(_ index: Int) { navigate(to: .open(index)) }

  func remove(_ index: Int) { navigate(to: .remove(index)) }

  func markRemoved(_ index: Int) { viewModel.removed.insert(index) }
}

final class RowsScreen: TerminalScreen {
  let interactor = RowsInteractor(viewModel: RowsModel())
  var list = ListView()

  init(context: ScreenContext<DemoRoute>) {
    context.bind(interactor) { [interactor] destination in
      switch destination {
      case .open(let index): .push(.row(index))
      case .remove(let index):
        .confirmationDialog(
          "Remove row \(index + 1)?", message: "It is only marked, not really removed."
        ) {
          IntentAction("Remove", role: .destructive) { interactor.markRemoved(index) }
        }
      }
    }
  }

  var title: String { "Rows" }
  var keyBindings: [KeyBinding] {
    [
      KeyBinding(keys: [.up, .down], "Move", label: "↑↓"),
      KeyBinding(.enter, "Open") { [unowned self] in interactor.open(list.selection) },
      KeyBinding(.character("d"), "Remove") { [unowned self] in interactor.remove(list.selection) },
      KeyBinding(LoadableView.retryKey, "Reload", isInFooter: false) { [unowned self] in
        interactor.reload()
      },
    ]
  }

  func render(into frame: inout Frame, area: Rect) {
    let removed = interactor.viewModel.removed
    LoadableView.render(interactor.viewModel.count, into: &frame, area: area) {
      count, frame, area in
      list.render(into: &frame, area: area, count: count) { index in
        removed.contains(index)
          ? ListRow("Row \(index + 1) (removed)", style: .secondary)
          : ListRow("Row \(index + 1)", detail: index % 7 == 0 ? "日本語 🙂" : nil)
      }
    }
  }

  func handle(_ event: InputEvent) -> Bool {
    list.handle(event, count: interactor.viewModel.count.value ?? 0)
  }
}

final class DetailScreen: TerminalScreen {
  let index: Int
  var field: TextField

  init(index: Int) {
    self.index = index
    field = TextField(text: "Row \(index + 1)")
  }

  var title: String { "Row \(index + 1)" }
  var isEditingText: Bool { true }
  var keyBindings: [KeyBinding] { [KeyBinding(.escape, "Back")] }

  func render(into frame: inout Frame, area: Rect) {
    var stack = RowStack(area.inset(leading: 2))
    stack.skip()
    let name = Layout.columns(.fixed(6), .maximum(40)).split(stack.next().inset(trailing: 2))
    frame.draw("Name:", in: name[0], style: .secondary)
    field.render(into: &frame, in: name[1])
    stack.skip()
    frame.draw("You typed: " + field.text, in: stack.next())
  }

  func handle(_ event: InputEvent) -> Bool { field.handle(event) }
}

let environment = ProcessInfo.processInfo.environment
let capability = ColorCapability.detect(
  environment: environment, isTerminal: SystemTerminal.isAvailable, choice: .auto)
let stack = ScreenStack(
  router: Router<DemoRoute>(), root: { RowsScreen(context: $0) },
  destination: { route, _ in
    switch route {
    case .row(let index): DetailScreen(index: index)
    }
  })
let runtime = TerminalRuntime(
  terminal: SystemTerminal(), root: stack, capability: capability,
  appearance: Appearance.system.resolved(environment: environment))
do {
  try await runtime.run()
} catch {
  FileHandle.standardError.write(Data("terminal-demo: error: \(error)\n".utf8))
  exit(1)
}
