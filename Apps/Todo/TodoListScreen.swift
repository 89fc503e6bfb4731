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

/// How the list screen syncs (the `s` key): given by the sync part (Sync/,
/// ``TodoPart/listSync``), so that the screen knows no sync engine; `nil` in a build
/// without it, and the screen has no `s` key.
package struct TodoListSync: Sendable {
  /// Runs one sync and returns the status that says what it did.
  package var run: @Sendable () async throws -> String
  /// The status after a sync that failed.
  package var failure: @Sendable (any Error) -> String
  /// When the last sync finished, read once as the screen opens.
  package var lastSync: Date?
  /// Why `s` cannot sync (e.g. it is not set up), said instead; `nil` when it can.
  package var unavailable: String?

  /// Creates the screen's sync.
  package init(
    lastSync: Date?, unavailable: String? = nil,
    run: @escaping @Sendable () async throws -> String,
    failure: @escaping @Sendable (any Error) -> String
  ) {
    self.lastSync = lastSync
    self.unavailable = unavailable
    self.run = run
    self.failure = failure
  }
}

/// The list screen's logic: loading, moving, toggling, adding, deleting, filtering,
/// undo, sync.
///
/// Every change is one store transaction, run off the main actor (``BlockingWork``)
/// while the screen shows busy: another `todo` holding the list's lock never freezes
/// the screen. The list is reloaded from the transaction's result, so the screen
/// always shows what is on disk.
package final class TodoListInteractor: Interactor<TodoListModel> {
  private let store: TodoStore
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

  package override func prepare() { reload() }

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
  /// counts them, applies the filter.
  private func arrange(_ items: [TodoItem]) -> [TodoItem] {
    let today = viewModel.today
    viewModel.counts = TodoCounts(items, today: today)
    let ordered = TodoItem.inListOrder(items, by: .standard, today: today)
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

  init(context: ScreenContext<TodoRoute>, interactor: TodoListInteractor) {
    self.interactor = interactor
    let onError: @MainActor (any Error) -> Bool = { [weak self] error in
      guard let self, isSubmitting else { return false }
      refusal = (error as? any AppErrorConvertible)?.appError.message ?? "\(error)"
      return true
    }
    context.bind(interactor, onError: onError) { destination in
      switch destination {
      case .detail(let id): .push(.detail(id: id))
      case .priority(let id): .push(.priority(id: id))
      case .confirmDelete(let id):
        .confirmationDialog(
          "Delete “\(interactor.title(of: id))”?", message: "Undo with u."
        ) {
          IntentAction("Delete", role: .destructive) { interactor.delete(id: id) }
          IntentAction("Cancel", role: .cancel)
        }
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
    var bindings = [
      KeyBinding(keys: [.up, .down], "Move", label: "↑↓"),
      // The list's other keys (ListView's), in the help overlay only: the footer is short.
      KeyBinding(
        keys: [.character("k"), .character("j")], "Move up, down", label: "k j", isInFooter: false),
      KeyBinding(
        keys: [.pageUp, .pageDown], "Page up, down", label: "PgUp PgDn", isInFooter: false),
      KeyBinding(
        keys: [.home, .end, .character("g"), .character("G")], "First, last (g, G too)",
        label: "Home End", isInFooter: false),
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
    if interactor.syncs {
      bindings.append(
        KeyBinding(.character("s"), "Sync") { [unowned self] in interactor.syncNow() })
    }
    bindings += [
      KeyBinding(LoadableView.retryKey, "Reload", isInFooter: false) { [unowned self] in
        interactor.reload()
      }
    ]
    // A search kept with Enter stays until Esc clears it (at the root, Esc has no other
    // use); first, so that a narrow footer still shows it.
    if !interactor.viewModel.filter.isEmpty {
      bindings.insert(
        KeyBinding(.escape, "Clear search") { [unowned self] in interactor.endFilter(clear: true) },
        at: 0)
    }
    return bindings
  }

  func render(into frame: inout Frame, area: Rect) {
    let model = interactor.viewModel
    guard area.height > 0 else { return }
    var header = PlainListing.greeting(model.displayName) + model.counts.summary
    if !model.filter.isEmpty, field == nil { header += " · search: " + model.filter }
    if let lastSync = model.lastSync {
      // The sync time comes last, so a narrow header loses it first.
      header += " · synced " + Self.clockTime(lastSync, offset: model.lastSyncOffset)
    }
    // The status keeps its place at the right; the header gets the rest, one column apart.
    var statusWidth = 0
    if let status = model.status {
      statusWidth = min(status.terminalWidth, area.width / 2)
      frame.draw(
        status, row: area.row, column: area.column + area.width - statusWidth - 1,
        width: statusWidth)
    }
    let headerWidth = area.width - 2 - (statusWidth > 0 ? statusWidth + 1 : 0)
    if headerWidth > 0 {
      frame.draw(
        header, row: area.row, column: area.column + 1, width: headerWidth, style: .secondary)
    }
    // A refused add's message wraps, so a long one (every accepted date form) is read in full.
    let refusalLines =
      field == nil ? [] : (refusal?.wrapped(toWidth: max(1, area.width - 2)) ?? [])
    let fieldRows = field == nil ? 0 : 1 + min(refusalLines.count, max(0, area.height - 3))
    let body = Rect(
      row: area.row + 1, column: area.column, width: area.width,
      height: max(0, area.height - 1 - fieldRows))
    let rows = model.visible
    let today = model.today
    let idWidth = String(model.todos.value?.lazy.map(\.id).max() ?? 0).count
    // ListView gives the detail at most half the row (less its scroll bar).
    let columns = DetailColumns(rows, width: max(0, (area.width - 1) / 2 - 1))
    list.select(model.selection, count: rows.count)
    LoadableView.render(
      model.todos, into: &frame, area: body, isEmpty: { _ in rows.isEmpty },
      emptyMessage: model.filter.isEmpty ? "Nothing to do. Press a to add." : "Nothing matches.",
      content: { [self] _, frame, area in
        list.render(into: &frame, area: area, count: rows.count) { index in
          Self.row(rows[index], today: today, idWidth: idWidth, columns: columns)
        }
      })
    if var field {
      let label = isAdding ? "New todo: " : "Search: "
      let row = area.row + area.height - 1
      for (offset, line) in refusalLines.suffix(fieldRows - 1).enumerated() {
        frame.draw(
          line, row: row - (fieldRows - 1) + offset, column: 1, width: area.width - 2,
          style: .error)
      }
      frame.draw(label, row: row, column: 1, style: .bold, sanitizing: false)
      field.render(
        into: &frame, row: row, column: 1 + label.count, width: max(2, area.width - label.count - 2)
      )
      self.field = field
    }
  }

  /// `HH:MM` of `date` in a zone `offset` seconds from UTC.
  static func clockTime(_ date: Date, offset: Int) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
    let minutes = ((seconds % 86_400) + 86_400) % 86_400 / 60
    let hours = String(minutes / 60)
    let rest = String(minutes % 60)
    return (hours.count < 2 ? "0" : "") + hours + ":" + (rest.count < 2 ? "0" : "") + rest
  }

  /// The widths of the detail's columns — tags, priority, due date — the same for
  /// every row, so that they line up. When the detail has too little room, the tags
  /// go first, then the priority, so the due date is the last thing cut.
  struct DetailColumns {
    var tags = 0
    var priority = 0
    var due = 0

    /// The columns the rows need, within `width`.
    init(_ rows: [TodoItem], width: Int) {
      if rows.contains(where: { $0.due != nil }) { due = 10 }
      if rows.contains(where: { $0.priority != nil }) { priority = 6 }
      let tagWidth = rows.lazy.map { DetailColumns.tagText($0).terminalWidth }.max() ?? 0
      if due + priority + (due > 0 && priority > 0 ? 2 : 0) > width { priority = 0 }
      let used = due + priority + (due > 0 && priority > 0 ? 2 : 0)
      let room = width - used - (used > 0 ? 2 : 0)
      tags = room >= 6 ? min(tagWidth, room) : 0
    }

    init() {}

    /// `+home  +money`.
    static func tagText(_ item: TodoItem) -> String {
      item.tags.map { "+" + $0 }.joined(separator: "  ")
    }
  }

  /// One row: check box, id (padded to `idWidth`) and title; tags, priority and due
  /// date at the right, each in its column of `columns`.
  static func row(
    _ item: TodoItem, today: Day, idWidth: Int = 0, columns: DetailColumns = DetailColumns()
  ) -> ListRow {
    var parts: [String] = []
    if columns.tags > 0 {
      var tags = DetailColumns.tagText(item).terminalSafe
      if tags.terminalWidth > columns.tags {
        tags = String(tags.prefix(max(0, columns.tags - 1))) + "…"
      }
      parts.append(tags + String(repeating: " ", count: max(0, columns.tags - tags.terminalWidth)))
    }
    if columns.priority > 0 {
      let name = item.priority?.name ?? ""
      parts.append(name + String(repeating: " ", count: columns.priority - name.count))
    }
    if columns.due > 0 { parts.append(item.due?.description ?? String(repeating: " ", count: 10)) }
    let detail = parts.joined(separator: "  ")
    let style: TextStyle =
      item.isDone
      ? .secondary : item.isOverdue(today: today) ? TextStyle(foreground: .role(.danger)) : .plain
    let id = String(item.id)
    let padding = String(repeating: " ", count: max(0, idWidth - id.count))
    return ListRow(
      (item.isDone ? "[x] " : "[ ] ") + padding + id + "  " + item.title,
      detail: detail.allSatisfy { $0 == " " } ? nil : detail, style: style)
  }

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
