package import BlueprintTodoModel
package import CoreBase
internal import CoreTerminal
internal import Foundation
internal import Observation

// MARK: - View model

/// The detail screen's state: the item and the fields being edited.
@MainActor @Observable
package final class TodoDetailModel: ViewModel {
  /// The fields of the form, in order: the model's one table of fields.
  package typealias Field = TodoField

  /// The item as stored.
  package var item: Loadable<TodoItem> = .idle
  /// The text of each field as typed.
  package var text: [Field: String] = [:]
  /// The field with the keyboard.
  package var focus: Field = .title
  /// Whether the focused field is being typed into.
  package var isEditing = false
  /// A one-line status: saved, or what is wrong with the input.
  package var status: String?
}

// MARK: - Interactor

/// The detail screen's logic: load one item, edit a field, save it as one change.
package final class TodoDetailInteractor: Interactor<TodoDetailModel> {
  /// The item's id.
  package let id: Int
  private let store: TodoStore
  private let now: @MainActor () -> Now
  /// Where saves run, off the main actor.
  private let work: BlockingWork
  /// Told after a change is saved, so the list can reload.
  package var onChange: (() -> Void)?
  /// One live reload at a time.
  private let live = LiveReload()

  package init(
    id: Int, store: TodoStore, now: @escaping @MainActor () -> Now = { Now() },
    work: BlockingWork = BlockingWork(), clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.id = id
    self.store = store
    self.now = now
    self.work = work
    super.init(viewModel: TodoDetailModel(), clock: clock)
  }

  package override func prepare() {
    reload()
    observe(store.files.dataChanges(forKey: TodoDocument.storeKey)) { [weak self] _ in
      self?.reloadLive()
    }
  }

  /// Reads the item again after a commit (another process's, usually): a change
  /// shows, with `changed elsewhere` on the status line; a deleted item stays shown,
  /// saying so. Text being typed is the screen's and is never replaced; saving it
  /// edits the item as it is stored then.
  package func reloadLive() {
    live.request { [weak self] done in
      guard let self else { return done() }
      let started = asyncTask(gateKey: "live") { [weak self, store, id, work] in
        let document = try await work.read { try store.load() }
        guard let self, let shown = viewModel.item.value else { return }
        guard let item = try? document.item(id) else {
          viewModel.status = "#\(id) was deleted elsewhere"
          return
        }
        guard item != shown else { return }
        // This screen's own save comes back stamped with its time only: not news.
        let isNews = item.isDone != shown.isDone || Self.texts(of: item) != Self.texts(of: shown)
        viewModel.item = .loaded(item)
        guard isNews else { return }
        fill(from: item)
        viewModel.status = "changed elsewhere"
      } onFailure: { [weak self] error in
        let reason = (error as? any AppErrorConvertible)?.appError.message ?? "\(error)"
        self?.viewModel.status = "not updated: " + reason
      } finally: { _ in
        done()
      }
      if started == nil { done() }
    }
  }

  /// Today, for the overdue color.
  package var today: Day { now().today }

  /// Loads the item and fills the fields from it.
  package func reload() {
    load(\.item) { [weak self, store, id, work] in
      let item = try await work.read { try store.load().item(id) }
      self?.fill(from: item)
      return item
    }
  }

  /// Moves the focus to the next (or previous) field.
  package func moveFocus(by delta: Int) {
    let fields = TodoDetailModel.Field.allCases
    let index = fields.firstIndex(of: viewModel.focus) ?? 0
    viewModel.focus = fields[(index + delta % fields.count + fields.count) % fields.count]
  }

  /// Gives `field` the focus (a pointer or a tap chose it).
  package func focus(on field: TodoDetailModel.Field) { viewModel.focus = field }

  /// Starts typing into the focused field.
  package func beginEditing() {
    viewModel.isEditing = true
    viewModel.status = nil
  }

  /// Replaces the focused field's text as the user types.
  package func setText(_ text: String) { viewModel.text[viewModel.focus] = text }

  /// Stops typing; `save` stores the field, otherwise its text goes back.
  ///
  /// Text the field cannot take (a date no form matches, an empty title) is kept as
  /// typed, still being edited, with what is wrong in the status, so it can be
  /// corrected rather than typed again.
  package func endEditing(save: Bool) {
    viewModel.isEditing = false
    guard save else {
      viewModel.status = nil
      if let item = viewModel.item.value { fill(from: item) }
      return
    }
    let field = viewModel.focus
    let text = viewModel.text[field] ?? ""
    let now = now()
    let message: (any Error) -> String = { error in
      (error as? any AppErrorConvertible)?.appError.message ?? "\(error)"
    }
    let edit: TodoDocument.Edit
    do {
      edit = try Self.edit(field, text, today: now.today)
    } catch {
      viewModel.isEditing = true
      viewModel.status = message(error)
      return
    }
    let showError: @MainActor (any Error) -> Void = { [weak self] error in
      guard let self else { return }
      viewModel.status = message(error)
      if let item = viewModel.item.value { fill(from: item) }
    }
    let started = blockingTask("edit the \(field.label.lowercased()) of \(id)", on: work) {
      [store, id] commit in
      try store.change { document in
        try document.edit(id, edit)
        let item = try document.item(id)
        try commit()
        return item
      }
    } then: { [weak self] item in
      guard let self else { return }
      viewModel.item = .loaded(item)
      fill(from: item)
      viewModel.status = "saved"
      onChange?()
    } onFailure: {
      showError($0)
    }
    if started == nil { viewModel.status = "still saving the last change" }
  }

  /// What typing `text` into `field` changes: the field's one rule, as the
  /// command line's options read their values.
  static func edit(_ field: TodoDetailModel.Field, _ text: String, today: Day) throws
    -> TodoDocument.Edit
  {
    var edit = TodoDocument.Edit()
    let value = try field.value(from: text, today: today)
    if case .tags(let tags) = value {
      edit.addTags = tags
      edit.replaceTags = true
    } else {
      edit.values[field] = value
    }
    return edit
  }

  /// What the fields show of `item`.
  private static func texts(of item: TodoItem) -> [String] {
    TodoDetailModel.Field.allCases.map { $0.text(of: item) }
  }

  private func fill(from item: TodoItem) {
    viewModel.text = Dictionary(
      uniqueKeysWithValues: TodoDetailModel.Field.allCases.map { ($0, $0.text(of: item)) })
  }
}

// MARK: - Terminal view

/// The detail screen in the terminal: one row per field; Enter edits the focused
/// field in place, Enter again saves it, Esc cancels (and, when not editing, goes back).
final class TodoDetailScreen: TerminalScreen {
  let interactor: TodoDetailInteractor
  private var field: TextField?
  private weak var context: ScreenContext<TodoRoute>?

  init(
    context: ScreenContext<TodoRoute>, interactor: TodoDetailInteractor,
    onChange: @escaping () -> Void
  ) {
    self.interactor = interactor
    self.context = context
    context.bind(interactor, setup: { $0.onChange = onChange })
  }

  var title: String { "#\(interactor.id)" }
  var isEditingText: Bool { field != nil }

  var keyBindings: [KeyBinding] {
    if field != nil {
      return [KeyBinding(.enter, "Save"), KeyBinding(.escape, "Cancel")]
    }
    return [
      KeyBinding(keys: [.up, .down, .character("k"), .character("j"), .tab], "Field", label: "↑↓"),
      KeyBinding(.enter, interactor.viewModel.focus.kind == .priority ? "Choose" : "Edit") {
        [unowned self] in
        // The priority is one of a few values: a picker, not a text field.
        guard interactor.viewModel.focus.kind != .priority else {
          _ = context?.router.push(.priority(id: interactor.id))
          return
        }
        interactor.beginEditing()
        field = TextField(text: interactor.viewModel.text[interactor.viewModel.focus] ?? "")
      },
    ]
  }

  func render(into frame: inout Frame, area: Rect) {
    let model = interactor.viewModel
    LoadableView.render(model.item, into: &frame, area: area) { item, frame, area in
      var stack = RowStack(area.inset(leading: 2, trailing: 1))
      stack.skip()
      for name in TodoDetailModel.Field.allCases {
        let (label, value) = stack.next().columns(.fixed(Self.labelWidth), .fill())
        let isFocused = name == model.focus
        frame.draw(
          name.label, in: label.inset(trailing: 1), style: isFocused ? .header : .secondary,
          sanitizing: false)
        if isFocused, var editing = field {
          editing.render(into: &frame, in: value)
          field = editing
          continue
        }
        let text = model.text[name] ?? ""
        var style: TextStyle = text.isEmpty ? .secondary : .plain
        if name == .due, item.isOverdue(today: interactor.today) {
          style = TextStyle(foreground: .role(.danger))
        }
        if isFocused { style = .selected }
        frame.draw(text.isEmpty ? "none" : text, in: value, style: style)
      }
      // The message wraps, so a long one (every accepted date form) is read in full: one
      // row under Status and Created when it fits, else in their place.
      let message = model.status.map { $0.wrapped(toWidth: stack.remaining.width - 1) } ?? []
      if stack.height >= message.count + 2 {
        let state = item.isDone ? "done " + TodoItem.timestamp(item.completed ?? 0) : "open"
        frame.draw(
          Self.labelled("Status", state), in: stack.next(), style: .secondary, sanitizing: false)
        frame.draw(
          Self.labelled("Created", TodoItem.timestamp(item.created)), in: stack.next(),
          style: .secondary, sanitizing: false)
        if stack.height > message.count { stack.skip() }
      }
      let style: TextStyle = model.status == "saved" ? .secondary : .error
      frame.draw(lines: message, in: stack.remaining.inset(trailing: 1), style: style)
    }
  }

  /// The width of a field's label, its column included.
  private static var labelWidth: Int { 10 }

  /// `Status    open`: a label padded to the labels' width, then the text.
  private static func labelled(_ label: String, _ text: String) -> String {
    label.padded(toWidth: labelWidth) + text
  }

  func handle(_ event: InputEvent) -> Bool {
    if var editing = field {
      switch event {
      case .key(.enter):
        interactor.setText(editing.text)
        field = nil
        interactor.endEditing(save: true)
        // Refused (a bad date): the field stays open with what was typed.
        if interactor.viewModel.isEditing { field = editing }
      case .key(.escape):
        field = nil
        interactor.endEditing(save: false)
      default:
        _ = editing.handle(event)
        field = editing
      }
      return true
    }
    switch event {
    case .key(.up), .key(.character("k")), .key(.backTab): interactor.moveFocus(by: -1)
    case .key(.down), .key(.character("j")), .key(.tab): interactor.moveFocus(by: 1)
    default: return false
    }
    return true
  }
}
