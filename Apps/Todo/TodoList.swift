import Core
import Foundation
import Observation

// MARK: - View model

/// The list screen's state: every item, what the filter shows, the selection.
@MainActor @Observable
final class TodoListModel: NavigableViewModel {
  /// Every stored item, in listing order (open first, then done).
  var todos: Loadable<[TodoItem]> = .idle
  /// The items the filter lets through, in listing order.
  var visible: [TodoItem] = []
  /// The filter typed after `/`; matched case-insensitively against titles and tags.
  var filter = ""
  /// Whether the filter field has the keyboard.
  var isFiltering = false
  /// The index of the selected row in ``visible``.
  var selection = 0
  /// Open, done and overdue counts for the header.
  var counts = Counts()
  /// A one-line status, e.g. `undid: add 12`.
  var status: String?
  /// The day overdue is measured against.
  var today: Day
  var navigation: NavigationIntent<TodoRoute>?

  /// The header's numbers.
  struct Counts: Hashable, Sendable {
    var open = 0
    var done = 0
    var overdue = 0
  }

  init(today: Day) { self.today = today }

  /// The selected item, if any.
  var selected: TodoItem? { visible.indices.contains(selection) ? visible[selection] : nil }
}

// MARK: - Interactor

/// The list screen's logic: loading, moving, toggling, adding, deleting, filtering, undo.
///
/// Every change is one store transaction; the list is reloaded from its result, so
/// the screen always shows what is on disk.
final class TodoListInteractor: Interactor<TodoListModel> {
  private let store: TodoStore
  private let now: @MainActor () -> Now

  /// Creates the interactor.
  ///
  /// - Parameters:
  ///   - store: Where the list lives.
  ///   - now: The current time and day (tests pass a fixed one).
  ///   - clock: For the interactor's timing.
  init(
    store: TodoStore, now: @escaping @MainActor () -> Now = { Now() },
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.store = store
    self.now = now
    super.init(viewModel: TodoListModel(today: now().today), clock: clock)
  }

  override func prepare() { reload() }

  /// Loads the list from the store.
  func reload() {
    load(\.todos, keepingPreviousValue: true) { [weak self, store] in
      let items = try store.load().items
      return self?.arrange(items) ?? items
    }
  }

  // MARK: Moving and filtering

  /// Moves the selection by `delta` rows, stopping at the ends.
  func moveSelection(by delta: Int) {
    let model = viewModel
    guard !model.visible.isEmpty else { return }
    model.selection = min(max(0, model.selection + delta), model.visible.count - 1)
  }

  /// Starts typing a filter.
  func beginFilter() { viewModel.isFiltering = true }

  /// Sets the filter and shows what matches, keeping the selection on the same item
  /// when it still shows.
  func setFilter(_ text: String) {
    viewModel.filter = text
    applyFilter()
  }

  /// Leaves the filter field; `clear` also removes the filter.
  func endFilter(clear: Bool) {
    viewModel.isFiltering = false
    if clear { setFilter("") }
  }

  // MARK: Changes

  /// Marks the selected item done, or open again.
  func toggleSelected() {
    guard let item = viewModel.selected else { return }
    change { document, now in
      try document.setDone([item.id], !item.isDone, now: now.seconds)
      return item.isDone ? "reopened \(item.id)" : "done \(item.id)"
    }
  }

  /// Adds an item with `title`; an empty title only reports an error.
  func add(title: String) {
    change { document, now in
      let title = try TodoDocument.validTitle(title)
      let id = document.add([TodoDocument.Draft(title: title, created: now.seconds)])[0]
      return "added \(id)"
    }
  }

  /// Asks for confirmation before deleting the selected item.
  func requestDelete() {
    guard let item = viewModel.selected else { return }
    navigate(
      to: .confirmDelete(id: item.id),
      presentation: .confirmationDialog(
        title: "Delete “\(item.title.terminalSafe)”?", message: "Undo with u.",
        actions: [
          IntentAction("Delete", role: .destructive) { [weak self] in self?.delete(id: item.id) },
          IntentAction("Cancel", role: .cancel),
        ]))
  }

  /// Deletes an item.
  func delete(id: Int) {
    change { document, _ in
      try document.remove([id])
      return "removed \(id)"
    }
  }

  /// Reverts the last change.
  func undo() {
    change { document, _ in "undid: " + (try document.undoLast()) }
  }

  /// Opens the selected item's detail screen.
  func openSelected() {
    guard let item = viewModel.selected else { return }
    navigate(to: .detail(id: item.id))
  }

  // MARK: Helpers

  private func change(_ body: (inout TodoDocument, Now) throws -> String) {
    let now = now()
    viewModel.today = now.today
    performThrowable {
      let (status, items) = try store.change { document in
        (try body(&document, now), document.items)
      }
      viewModel.status = status
      viewModel.todos = .loaded(arrange(items))
    }
  }

  /// Orders items (open in listing order, then done), counts them, applies the filter.
  private func arrange(_ items: [TodoItem]) -> [TodoItem] {
    let today = viewModel.today
    var counts = TodoListModel.Counts()
    for item in items {
      if item.isDone {
        counts.done += 1
      } else {
        counts.open += 1
        if item.isOverdue(today: today) { counts.overdue += 1 }
      }
    }
    viewModel.counts = counts
    let ordered =
      TodoItem.inListOrder(items.filter { !$0.isDone })
      + TodoItem.inListOrder(items.filter(\.isDone))
    viewModel.todos = .loaded(ordered)
    applyFilter(all: ordered, keepingItem: false)
    return ordered
  }

  /// Filters; keeps the selected item selected when `keepingItem`, else the row index.
  private func applyFilter(all: [TodoItem]? = nil, keepingItem: Bool = true) {
    let model = viewModel
    let items = all ?? model.todos.value ?? []
    let keptID = keepingItem ? model.selected?.id : nil
    let needle = model.filter.lowercased()
    model.visible =
      needle.isEmpty
      ? items
      : items.filter { item in
        item.title.lowercased().contains(needle) || item.tags.contains { $0.lowercased().contains(needle) }
      }
    if let keptID, let index = model.visible.firstIndex(where: { $0.id == keptID }) {
      model.selection = index
    } else {
      model.selection = min(model.selection, max(0, model.visible.count - 1))
    }
  }
}
