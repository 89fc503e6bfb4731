package import BlueprintTodoModel
package import CoreBase
internal import CoreTerminal
package import Foundation
internal import Observation

// MARK: - View model

/// The list screen's state: every item, what the filter shows, the selection.
@MainActor @Observable
package final class TodoListModel: NavigableViewModel {
  /// Every stored item, in listing order (open first, then done).
  package var todos: Loadable<[TodoItem]> = .idle
  /// The items the filter lets through, in listing order.
  package var visible: [TodoItem] = []
  /// The search typed after `/`; matched case-insensitively against titles, tags
  /// and notes, as `todo list --search` does.
  package var filter = ""
  /// Whether the filter field has the keyboard.
  package var isFiltering = false
  /// The index of the selected row in ``visible``.
  package var selection = 0
  /// Open, done and overdue counts for the header.
  package var counts = TodoCounts()
  /// A one-line status, e.g. `undid: add 12`; cleared by the next action.
  package var status: String?
  /// The shared settings' display name, greeted in the header.
  package var displayName: String?
  /// The day overdue is measured against.
  package var today: Day
  /// When the list last synced with its server, shown in the header where it fits;
  /// `nil` when it never did (or sync is not set up).
  package var lastSync: Date?
  /// The local time zone's offset at ``lastSync``, for the header's clock time.
  package var lastSyncOffset = 0
  package var navigation: NavigationIntent<TodoRoute>?

  init(today: Day, displayName: String? = nil) {
    self.today = today
    self.displayName = displayName
  }

  /// The selected item, if any.
  package var selected: TodoItem? { visible.indices.contains(selection) ? visible[selection] : nil }
}

// MARK: - Interactor

/// The list screen's logic: loading, moving, toggling, adding, deleting, filtering,
/// undo, sync.
///
/// Every change is one store transaction, run off the main actor (``BlockingWork``)
/// while the screen shows busy: another `todo` holding the list's lock never freezes
/// the screen. The list is reloaded from the transaction's result, so the screen
/// always shows what is on disk.
///
/// The list is live: a commit by another process (`todo add` in another shell, a
/// sync, a second `todo` UI) reloads it with no key pressed (``reloadLive()``), keeping
/// the selection on the same item and the search.
package final class TodoListInteractor: Interactor<TodoListModel> {
  private let store: TodoStore
  /// One live reload at a time, and one more when a commit came meanwhile.
  private let live = LiveReload()
  private let now: @MainActor () -> Now
  private let sync: TodoListSync?
  /// Where the changes run; the app settles it when it quits.
  let work: BlockingWork

  /// Creates the interactor.
  ///
  /// - Parameters:
  ///   - store: Where the list lives.
  ///   - now: The current time and day (tests pass a fixed one).
  ///   - displayName: The name the header greets, if any.
  ///   - work: Where the changes run.
  ///   - clock: For the interactor's timing.
  ///   - sync: How to sync, when it is set up.
  package init(
    store: TodoStore, now: @escaping @MainActor () -> Now = { Now() },
    displayName: String? = nil, work: BlockingWork = BlockingWork(),
    clock: any Clock<Duration> = ContinuousClock(), sync: TodoListSync? = nil
  ) {
    self.store = store
    self.now = now
    self.work = work
    self.sync = sync
    super.init(
      viewModel: TodoListModel(today: now().today, displayName: displayName), clock: clock)
    viewModel.lastSync = sync?.lastSync
    viewModel.lastSyncOffset = now().offset
  }

  package override func prepare() {
    reload()
    observe(store.files.dataChanges(forKey: TodoDocument.storeKey)) { [weak self] _ in
      self?.reloadLive()
    }
    // Said once: the system cannot watch the folder, and the list is checked each second.
    observe(store.files.watchReports()) { [weak self] report in
      self?.viewModel.status = report.message
    }
  }

  /// Reads the list again after a commit, keeping the selected item selected and the
  /// search applied, without showing busy; a file that cannot be read keeps the list
  /// shown and says so on the status line.
  package func reloadLive() {
    live.request { [weak self] done in
      guard let self else { return done() }
      let started = asyncTask(gateKey: "live") { [weak self, store, work] in
        let items = try await work.read { try store.load().items }
        guard let self else { return }
        viewModel.today = now().today
        arrange(items, keepingItem: true)
      } onFailure: { [weak self] error in
        let reason = (error as? any AppErrorConvertible)?.appError.message ?? "\(error)"
        self?.viewModel.status = "not updated: " + reason
      } finally: { _ in
        done()
      }
      if started == nil { done() }
    }
  }

  /// Loads the list from the store.
  package func reload() {
    load(\.todos, keepingPreviousValue: true) { [weak self, store, work] in
      let items = try await work.read { try store.load().items }
      return self?.arrange(items) ?? items
    }
  }

  // MARK: Moving and filtering

  /// Selects the row at `index`, clamped to the rows.
  package func select(_ index: Int) {
    let model = viewModel
    model.status = nil
    model.selection = min(max(0, index), max(0, model.visible.count - 1))
  }

  /// Moves the selection by `delta` rows, stopping at the ends.
  package func moveSelection(by delta: Int) {
    let model = viewModel
    model.status = nil
    guard !model.visible.isEmpty else { return }
    model.selection = min(max(0, model.selection + delta), model.visible.count - 1)
  }

  /// Starts typing a filter.
  package func beginFilter() {
    viewModel.status = nil
    viewModel.isFiltering = true
  }

  /// Clears the status line; every action does, so a message never outlives the
  /// next key.
  package func clearStatus() { viewModel.status = nil }

  /// Sets the filter and shows what matches, keeping the selection on the same item
  /// when it still shows.
  package func setFilter(_ text: String) {
    viewModel.filter = text
    applyFilter()
  }

  /// Leaves the filter field; `clear` also removes the filter.
  package func endFilter(clear: Bool) {
    viewModel.isFiltering = false
    if clear { setFilter("") }
  }

  // MARK: Changes

  /// Marks the selected item done, or open again.
  package func toggleSelected() {
    guard let item = viewModel.selected else { return }
    let (id, isDone) = (item.id, item.isDone)
    change(isDone ? "reopen \(id)" : "mark \(id) done") { document, now in
      try document.setDone([id], !isDone, now: now.seconds)
      return Change(status: isDone ? "reopened \(id)" : "done \(id)")
    }
  }

  /// Adds an item from the quick syntax (`Buy milk due:tomorrow +shop !high`) and
  /// selects it; an empty title or a bad date only reports an error.
  ///
  /// - Returns: False when the text was refused (the error is reported), so the
  ///   screen keeps it for correcting, as the detail screen does.
  @discardableResult
  package func add(text: String) -> Bool {
    let today = now().today
    let draft: TodoDocument.Draft
    do {
      let entry = try QuickEntry(text, today: today)
      draft = TodoDocument.Draft(
        title: try TodoDocument.validTitle(entry.title), priority: entry.priority,
        due: entry.due, tags: entry.tags, created: 0)
    } catch {
      report(error)
      return false
    }
    change("add “\(draft.title)”") { document, now in
      var dated = draft
      dated.created = now.seconds
      let id = try document.add([dated])[0]
      return Change(status: "added \(id)", added: id)
    } then: { [weak self] change in
      self?.selectAdded(change)
    }
    return true
  }

  /// Selects the item a change added or brought back, clearing a search that hides it.
  private func selectAdded(_ change: Change) {
    guard let added = change.added else { return }
    if !viewModel.visible.contains(where: { $0.id == added }) { setFilter("") }
    if let index = viewModel.visible.firstIndex(where: { $0.id == added }) { select(index) }
    viewModel.status = change.status
  }

  /// Asks for confirmation before deleting the selected item; the view shows it.
  package func requestDelete() {
    guard let item = viewModel.selected else { return }
    navigate(to: .confirmDelete(id: item.id))
  }

  /// Deletes an item.
  package func delete(id: Int) {
    change("delete \(id)") { document, _ in
      try document.remove([id])
      return Change(status: "removed \(id)")
    }
  }

  /// Reverts the last change; an item it brings back (a delete undone) is selected.
  package func undo() {
    change("undo the last change") { document, _ in
      let before = Set(document.items.map(\.id))
      let summary = try document.undoLast()
      let restored = document.items.lazy.map(\.id).filter { !before.contains($0) }.min()
      return Change(status: "undid: " + summary, added: restored)
    } then: { [weak self] change in
      self?.selectAdded(change)
    }
  }

  /// Whether the list syncs: the build has the sync part.
  package var syncs: Bool { sync != nil }

  /// Syncs with the server, as `todo sync` does, then shows what it did and the
  /// list it left; the status says so while it runs.
  package func syncNow() {
    guard let sync else { return }
    if let unavailable = sync.unavailable {
      viewModel.status = unavailable
      return
    }
    viewModel.status = "syncing…"
    asyncTask { [weak self] in
      let status = try await sync.run()
      guard let self else { return }
      let now = now()
      viewModel.lastSync = Date(timeIntervalSince1970: Double(now.seconds))
      viewModel.lastSyncOffset = now.offset
      viewModel.status = status
      reload()
    } onFailure: { [weak self] error in
      self?.viewModel.status = sync.failure(error)
    }
  }

  /// The title of the item `id`, or its number when it is gone.
  package func title(of id: Int) -> String {
    viewModel.todos.value?.first { $0.id == id }?.title ?? "#\(id)"
  }

  /// Opens the selected item's detail screen.
  package func openSelected() {
    guard let item = viewModel.selected else { return }
    navigate(to: .detail(id: item.id))
  }

  // MARK: Helpers

  /// What a change did: its status line, and the id of an item it added.
  private struct Change: Sendable {
    var status: String
    var added: Int?
  }

  /// Runs one change as a store transaction off the main actor, shows its status and
  /// the list it left, then calls `then`; while another change runs, says so instead.
  private func change(
    _ label: String, _ body: @escaping @Sendable (inout TodoDocument, Now) throws -> Change,
    then: (@MainActor (Change) -> Void)? = nil
  ) {
    let now = now()
    viewModel.today = now.today
    viewModel.status = nil
    let started = blockingTask(label, on: work) { [store] commit in
      try store.change { document in
        let change = try body(&document, now)
        try commit()
        return (change, document.items)
      }
    } then: { [weak self] (change: Change, items: [TodoItem]) in
      guard let self else { return }
      viewModel.status = change.status
      viewModel.todos = .loaded(arrange(items))
      then?(change)
    }
    if started == nil { viewModel.status = "still saving the last change" }
  }

  /// Orders items as `todo list --all` does (open in listing order, then done:
  /// ``TodoOrder/standard``, overdue first),
  /// counts them, applies the filter; `keepingItem` keeps the selected item selected
  /// (a live reload), else the row.
  @discardableResult
  private func arrange(_ items: [TodoItem], keepingItem: Bool = false) -> [TodoItem] {
    let today = viewModel.today
    viewModel.counts = TodoCounts(items, today: today)
    let ordered = TodoItem.inListOrder(items, by: .standard, today: today)
    let kept = keepingItem ? viewModel.selected?.id : nil
    viewModel.todos = .loaded(ordered)
    applyFilter(all: ordered, keepingItem: false, keptID: kept)
    return ordered
  }

  /// Filters; keeps the selected item (or `keptID`) selected when `keepingItem`, else
  /// the row index.
  private func applyFilter(all: [TodoItem]? = nil, keepingItem: Bool = true, keptID: Int? = nil) {
    let model = viewModel
    let items = all ?? model.todos.value ?? []
    let keptID = keptID ?? (keepingItem ? model.selected?.id : nil)
    let needle = model.filter.lowercased()
    model.visible = needle.isEmpty ? items : items.filter { $0.matches(lowercased: needle) }
    if let keptID, let index = model.visible.firstIndex(where: { $0.id == keptID }) {
      model.selection = index
    } else {
      model.selection = min(model.selection, max(0, model.visible.count - 1))
    }
  }
}

// MARK: - Terminal view

/// The list screen in the terminal: a header with counts, the rows, and a text field
/// at the bottom while adding or filtering.
final class TodoListScreen: TerminalScreen {
  let interactor: TodoListInteractor
  private var list = ListView()
  private var field: TextField?
  private var isAdding = false
  /// Why the add field's text was refused (a bad date): shown whole, wrapped above
  /// the field, which keeps the text for correcting.
  private var refusal: String?
  /// Whether the add field's text is being submitted, so its refusal stays here.
  private var isSubmitting = false
  /// Where the keys that open a screen of their own push it.
  private weak var context: ScreenContext<TodoRoute>?

  init(context: ScreenContext<TodoRoute>, interactor: TodoListInteractor) {
    self.interactor = interactor
    self.context = context
    let onError: @MainActor (any Error) -> Bool = { [weak self] error in
      guard let self, isSubmitting else { return false }
      refusal = (error as? any AppErrorConvertible)?.appError.message ?? "\(error)"
      return true
    }
    context.bind(interactor, onError: onError) { destination in
      switch destination {
      case .confirmDelete(let id):
        .confirmationDialog(
          "Delete “\(interactor.title(of: id))”?", message: "Undo with u."
        ) {
          IntentAction("Delete", role: .destructive) { interactor.delete(id: id) }
          IntentAction("Cancel", role: .cancel)
        }
      // Every other route is a screen of its own, pushed over the list (a route added
      // later included).
      default: .push(destination)
      }
    }
  }

  var title: String { "Todos" }
  var isEditingText: Bool { field != nil }

  var keyBindings: [KeyBinding] {
    if field != nil {
      return [
        KeyBinding(.enter, isAdding ? "Add" : "Keep filter"),
        KeyBinding(.escape, "Cancel"),
      ]
    }
    // A search kept with Enter stays until Esc clears it (at the root, Esc has no other
    // use); first, so that a narrow footer still shows it.
    let clearSearch = interactor.viewModel.filter.isEmpty ? [] : [clearSearchKey]
    let sync = interactor.syncs ? [syncKey] : []
    return clearSearch + Self.moveKeys + itemKeys + sync + [reloadKey]
  }

  /// The list's keys (ListView's): only the arrows in the footer, which is short; the
  /// others in the help overlay.
  private static var moveKeys: [KeyBinding] {
    [
      KeyBinding(keys: [.up, .down], "Move", label: "↑↓"),
      KeyBinding(
        keys: [.character("k"), .character("j")], "Move up, down", label: "k j", isInFooter: false),
      KeyBinding(
        keys: [.pageUp, .pageDown], "Page up, down", label: "PgUp PgDn", isInFooter: false),
      KeyBinding(
        keys: [.home, .end, .character("g"), .character("G")], "First, last (g, G too)",
        label: "Home End", isInFooter: false),
    ]
  }

  /// What can be done to the selected item or the list: done, add, open, delete,
  /// search, undo.
  private var itemKeys: [KeyBinding] {
    [
      KeyBinding(.character(" "), "Done", label: "Space") { [unowned self] in
        interactor.toggleSelected()
      },
      KeyBinding(.character("a"), "Add") { [unowned self] in
        interactor.clearStatus()
        isAdding = true
        refusal = nil
        field = TextField()
      },
      KeyBinding(.enter, "Open") { [unowned self] in
        interactor.clearStatus()
        interactor.openSelected()
      },
      KeyBinding(.character("d"), "Delete") { [unowned self] in
        interactor.clearStatus()
        interactor.requestDelete()
      },
      KeyBinding(.character("/"), "Search") { [unowned self] in
        isAdding = false
        refusal = nil
        field = TextField(text: interactor.viewModel.filter)
        interactor.beginFilter()
      },
      KeyBinding(.character("u"), "Undo") { [unowned self] in interactor.undo() },
    ]
  }

  private var syncKey: KeyBinding {
    KeyBinding(.character("s"), "Sync") { [unowned self] in interactor.syncNow() }
  }

  private var reloadKey: KeyBinding {
    KeyBinding(LoadableView.retryKey, "Reload", isInFooter: false) { [unowned self] in
      interactor.reload()
    }
  }

  private var clearSearchKey: KeyBinding {
    KeyBinding(.escape, "Clear search") { [unowned self] in interactor.endFilter(clear: true) }
  }

  func render(into frame: inout Frame, area: Rect) {
    guard area.height > 0 else { return }
    // A refused add's message wraps, so a long one (every accepted date form) is read in
    // full, above the field; the list keeps a row while the window has one to spare.
    let refusalLines =
      field == nil
      ? [] : (refusal?.wrapped(toWidth: area.inset(leading: 1, trailing: 1).width) ?? [])
    let (header, content, refusalArea, fieldLine) = area.rows(
      .fixed(1), .minimum(1), .maximum(refusalLines.count), .fixed(field == nil ? 0 : 1))
    renderHeader(interactor.viewModel, into: &frame, in: header)
    renderList(interactor.viewModel, into: &frame, in: content)
    if var field {
      frame.draw(
        lines: refusalLines.suffix(refusalArea.height),
        in: refusalArea.inset(leading: 1, trailing: 1), style: .error)
      let label = isAdding ? "New todo: " : "Search: "
      let (labelCell, input) = fieldLine.inset(leading: 1, trailing: 1).columns(
        .fixed(label.count), .minimum(2))
      frame.draw(label, in: labelCell, style: .bold, sanitizing: false)
      field.render(into: &frame, in: input)
      self.field = field
    }
  }

  /// The first row: the header's text at the left; the interactor's status keeps its
  /// place at the right, at most half the row.
  private func renderHeader(_ model: TodoListModel, into frame: inout Frame, in row: Rect) {
    let statusWidth = model.status.map { min($0.terminalWidth, row.width / 2) } ?? 0
    let (text, status) = row.inset(leading: 1, trailing: 1).columns(
      .fill(), .fixed(statusWidth), spacing: statusWidth > 0 ? 1 : 0)
    if let message = model.status { frame.draw(message, in: status) }
    frame.draw(
      TodoListHeader.text(model, showsSearch: field == nil), in: text, style: .secondary)
  }

  /// The rows the filter lets through, their detail columns fitted to the width; a
  /// message instead while loading, on a failure, or when there are none.
  private func renderList(_ model: TodoListModel, into frame: inout Frame, in area: Rect) {
    let rows = model.visible
    let idWidth = String(model.todos.value?.lazy.map(\.id).max() ?? 0).count
    let columns = TodoField.listRow(today: model.today)
    let fitted = columns.fittedDetails(for: rows, width: ListView.detailWidth(in: area))
    list.select(model.selection, count: rows.count)
    LoadableView.render(
      model.todos, into: &frame, area: area, isEmpty: { _ in rows.isEmpty },
      emptyMessage: model.filter.isEmpty ? "Nothing to do. Press a to add." : "Nothing matches.",
      content: { [self] _, frame, area in
        list.render(into: &frame, area: area, count: rows.count) { index in
          ListRow(todo: rows[index], idWidth: idWidth, columns: columns, fitted: fitted)
        }
      })
  }

  /// Shows a screen of the app's routes over the list: what a key that opens a
  /// screen of its own does (`KeyBinding(.character("i"), "Summary") { push(.summary) }`).
  private func push(_ route: TodoRoute) { _ = context?.router.push(route) }

  func handle(_ event: InputEvent) -> Bool {
    if var editing = field {
      switch event {
      case .key(.enter):
        field = nil
        if isAdding {
          refusal = nil
          isSubmitting = true
          let isTaken = interactor.add(text: editing.text)
          isSubmitting = false
          // Refused (a bad date): the field stays open with what was typed.
          if !isTaken { field = editing }
        } else {
          interactor.endFilter(clear: false)
        }
      case .key(.escape):
        field = nil
        refusal = nil
        if !isAdding { interactor.endFilter(clear: true) }
      default:
        _ = editing.handle(event)
        field = editing
        if !isAdding { interactor.setFilter(editing.text) }
      }
      return true
    }
    let count = interactor.viewModel.visible.count
    interactor.clearStatus()
    guard list.handle(event, count: count) else { return false }
    interactor.select(list.selection)
    return true
  }
}
