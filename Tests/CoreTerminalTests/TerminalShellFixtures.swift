import Core
import CoreTerminal
import CoreTesting
import Observation

/// Routes of the fixture app.
enum ShelfRoute: Hashable, Sendable {
  case item(Int)
  case note
}

struct ShelfError: Error, CustomStringConvertible {
  var description: String
}

@MainActor @Observable
final class ShelfModel: NavigableViewModel {
  var items: Loadable<[String]> = .idle
  var deleted: [String] = []
  var navigation: NavigationIntent<ShelfRoute>?
}

/// Loads after one second of a manual clock, or fails with `failure`.
final class ShelfInteractor: Interactor<ShelfModel> {
  let titles: [String]
  var failure: ShelfError?
  let delayClock: ManualClock

  init(titles: [String], clock: ManualClock, failure: ShelfError? = nil) {
    self.titles = titles
    self.failure = failure
    delayClock = clock
    super.init(viewModel: ShelfModel(), clock: clock)
  }

  override func prepare() { reload() }

  func reload() {
    load(\.items) { [titles, delayClock, failure] in
      try await delayClock.sleep(for: .seconds(1))
      if let failure { throw failure }
      return titles
    }
  }

  func open(_ index: Int) { navigate(to: .item(index)) }

  func confirmDelete(_ index: Int) {
    let title = titles[index]
    navigate(
      to: .item(index),
      presentation: .confirmationDialog(
        title: "Delete \(title)?", message: "This cannot be undone.",
        actions: [
          IntentAction("Delete", role: .destructive) { [weak self] in
            self?.viewModel.deleted.append(title)
          }
        ]))
  }

  func failLoudly() {
    asyncTask { throw ShelfError(description: "disk \u{1b}[31mfull\u{1b}[0m") }
  }
}

final class ShelfScreen: TerminalScreen {
  let interactor: ShelfInteractor
  var list = ListView()

  init(context: ScreenContext<ShelfRoute>, interactor: ShelfInteractor) {
    self.interactor = interactor
    context.bind(interactor)
  }

  var title: String { "Shelf" }

  var keyBindings: [KeyBinding] {
    [
      KeyBinding(keys: [.up, .down], "Move", label: "↑↓"),
      KeyBinding(.enter, "Open") { [unowned self] in interactor.open(list.selection) },
      KeyBinding(.character("d"), "Delete") { [unowned self] in
        interactor.confirmDelete(list.selection)
      },
      KeyBinding(.character("x"), "Fail", isInFooter: false) { [unowned self] in
        interactor.failLoudly()
      },
      KeyBinding(LoadableView.retryKey, "Retry", isInFooter: false) { [unowned self] in
        interactor.reload()
      },
    ]
  }

  func render(into frame: inout Frame, area: Rect) {
    let isEmpty: ([String]) -> Bool = { $0.isEmpty }
    LoadableView.render(
      interactor.viewModel.items, into: &frame, area: area, isEmpty: isEmpty,
      emptyMessage: "The shelf is empty."
    ) { items, frame, area in
      list.render(into: &frame, area: area, count: items.count) {
        ListRow(items[$0], detail: "#\($0 + 1)")
      }
    }
  }

  func handle(_ event: InputEvent) -> Bool {
    list.handle(event, count: interactor.viewModel.items.value?.count ?? 0)
  }
}

/// A pushed screen with a text field.
final class ItemScreen: TerminalScreen {
  let index: Int
  var field: TextField

  init(index: Int, title: String) {
    self.index = index
    field = TextField(text: title)
  }

  var title: String { "Item \(index + 1)" }
  var isEditingText: Bool { true }
  var keyBindings: [KeyBinding] { [KeyBinding(.escape, "Back")] }

  func render(into frame: inout Frame, area: Rect) {
    frame.draw("Name:", row: area.row + 1, column: 2, style: .secondary)
    field.render(into: &frame, row: area.row + 1, column: 8, width: area.width - 10)
  }

  func handle(_ event: InputEvent) -> Bool { field.handle(event) }
}

@MainActor
func makeShelf(
  titles: [String], clock: ManualClock, failure: ShelfError? = nil
) -> (ScreenStack<ShelfRoute>, ShelfInteractor) {
  let interactor = ShelfInteractor(titles: titles, clock: clock, failure: failure)
  let stack = ScreenStack(
    router: Router<ShelfRoute>(),
    root: { ShelfScreen(context: $0, interactor: interactor) },
    destination: { route, _ in
      switch route {
      case .item(let index): ItemScreen(index: index, title: titles[index])
      case .note: ItemScreen(index: 99, title: "note")
      }
    })
  return (stack, interactor)
}
