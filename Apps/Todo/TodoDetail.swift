import Core
import Foundation
import Observation

// MARK: - View model

/// The detail screen's state: the item and the fields being edited.
@MainActor @Observable
final class TodoDetailModel: ViewModel {
  /// The fields of the form, in order.
  enum Field: Int, CaseIterable, Sendable {
    case title, due, priority, tags

    /// The label shown before the field.
    var label: String {
      switch self {
      case .title: "Title"
      case .due: "Due"
      case .priority: "Priority"
      case .tags: "Tags"
      }
    }
  }

  /// The item as stored.
  var item: Loadable<TodoItem> = .idle
  /// The text of each field as typed.
  var text: [Field: String] = [:]
  /// The field with the keyboard.
  var focus: Field = .title
  /// Whether the focused field is being typed into.
  var isEditing = false
  /// A one-line status: saved, or what is wrong with the input.
  var status: String?
}

// MARK: - Interactor

/// The detail screen's logic: load one item, edit a field, save it as one change.
final class TodoDetailInteractor: Interactor<TodoDetailModel> {
  /// The item's id.
  let id: Int
  private let store: TodoStore
  private let now: @MainActor () -> Now
  /// Told after a change is saved, so the list can reload.
  var onChange: (() -> Void)?

  init(
    id: Int, store: TodoStore, now: @escaping @MainActor () -> Now = { Now() },
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.id = id
    self.store = store
    self.now = now
    super.init(viewModel: TodoDetailModel(), clock: clock)
  }

  override func prepare() { reload() }

  /// Loads the item and fills the fields from it.
  func reload() {
    load(\.item) { [weak self, store, id] in
      let item = try store.load().item(id)
      self?.fill(from: item)
      return item
    }
  }

  /// Moves the focus to the next (or previous) field.
  func moveFocus(by delta: Int) {
    let count = TodoDetailModel.Field.allCases.count
    let next = (viewModel.focus.rawValue + delta + count) % count
    viewModel.focus = TodoDetailModel.Field(rawValue: next) ?? .title
  }

  /// Starts typing into the focused field.
  func beginEditing() {
    viewModel.isEditing = true
    viewModel.status = nil
  }

  /// Replaces the focused field's text as the user types.
  func setText(_ text: String) { viewModel.text[viewModel.focus] = text }

  /// Stops typing; `save` stores the field, otherwise its text goes back.
  func endEditing(save: Bool) {
    viewModel.isEditing = false
    guard save else {
      if let item = viewModel.item.value { fill(from: item) }
      return
    }
    let field = viewModel.focus
    let text = viewModel.text[field] ?? ""
    let now = now()
    performThrowable {
      let edit = try Self.edit(field, text, today: now.today)
      let item = try store.change { document in
        try document.edit(id, edit)
        return try document.item(id)
      }
      viewModel.item = .loaded(item)
      fill(from: item)
      viewModel.status = "saved"
      onChange?()
    } onFailure: { [weak self] error in
      self?.viewModel.status = (error as? any AppErrorConvertible)?.appError.message ?? "\(error)"
    }
  }

  /// What typing `text` into `field` changes.
  static func edit(_ field: TodoDetailModel.Field, _ text: String, today: Day) throws
    -> TodoDocument.Edit
  {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    var edit = TodoDocument.Edit()
    switch field {
    case .title:
      edit.title = try TodoDocument.validTitle(text)
    case .due:
      if trimmed.isEmpty || trimmed.lowercased() == "none" {
        edit.due = .some(nil)
      } else if let day = Day.parse(trimmed, today: today) {
        edit.due = day
      } else {
        throw AppError("'\(trimmed)' is not \(Day.expectedInput)")
      }
    case .priority:
      if trimmed.isEmpty || trimmed.lowercased() == "none" {
        edit.priority = .some(nil)
      } else if let priority = Priority(name: trimmed) {
        edit.priority = priority
      } else {
        throw AppError("'\(trimmed)' is not low, medium, high or none")
      }
    case .tags:
      let tags = trimmed.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
      edit.addTags = TodoDocument.unique(tags)
      edit.removeTags = []
      edit.replaceTags = true
    }
    return edit
  }

  private func fill(from item: TodoItem) {
    viewModel.text = [
      .title: item.title,
      .due: item.due?.description ?? "",
      .priority: item.priority?.name ?? "",
      .tags: item.tags.joined(separator: " "),
    ]
  }
}
