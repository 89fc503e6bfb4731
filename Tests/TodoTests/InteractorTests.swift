import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

@MainActor
@Suite("List and detail interactors, headless")
struct InteractorTests {
  let folder: TemporaryDirectory
  let store: TodoStore
  /// Wednesday 2026-05-06, 10:00 UTC.
  let now = Now(date: Date(timeIntervalSince1970: 1_778_061_600), timeZone: .gmt)

  init() throws {
    folder = try TemporaryDirectory(prefix: "todo-interactors")
    store = TodoStore(directory: folder.url)
    try store.change { document in
      try document.add([
        .init(title: "Buy milk", tags: ["shop"], created: 1),
        .init(title: "Pay rent", priority: .high, due: Day(iso: "2026-05-01"), created: 1),
        .init(title: "Call mom", priority: .low, created: 1),
      ])
    }
  }

  func makeList() async -> (TodoListInteractor, ScreenBinding<TodoListModel>, Errors) {
    let fixed = now
    let interactor = TodoListInteractor(store: store, now: { fixed })
    let errors = Errors()
    let binding = ScreenBinding(
      interactor,
      onError: {
        errors.messages.append("\($0)")
        errors.reported.append($0)
        return true
      })
    binding.appear()
    await interactor.waitForTasks()
    return (interactor, binding, errors)
  }

  @Test("loads, orders and counts; overdue is before today and open")
  func loads() async {
    let (list, _, _) = await makeList()
    let model = list.viewModel
    #expect(model.visible.map(\.title) == ["Pay rent", "Call mom", "Buy milk"])
    #expect(model.counts == .init(open: 3, done: 0, overdue: 1))
    #expect(model.selected?.title == "Pay rent")
  }

  @Test("space toggles done (done items sink), undo brings it back, both stored")
  func toggleAndUndo() async throws {
    let (list, _, errors) = await makeList()
    list.toggleSelected()
    await list.waitForTasks()
    #expect(list.viewModel.visible.map(\.title) == ["Call mom", "Buy milk", "Pay rent"])
    #expect(list.viewModel.counts == .init(open: 2, done: 1, overdue: 0))
    #expect(list.viewModel.status == "done 2")
    #expect(try store.load().item(2).completed == now.seconds)
    list.undo()
    await list.waitForTasks()
    #expect(list.viewModel.status == "undid: done 2")
    #expect(try store.load().item(2).completed == nil)
    #expect(errors.messages.isEmpty)
  }

  @Test("moving stops at the ends")
  func moving() async {
    let (list, _, _) = await makeList()
    list.moveSelection(by: -1)
    #expect(list.viewModel.selection == 0)
    list.moveSelection(by: 10)
    #expect(list.viewModel.selection == 2)
    #expect(list.viewModel.selected?.title == "Buy milk")
  }

  @Test("the filter matches titles and tags as you type and keeps the selected item")
  func filter() async {
    let (list, _, _) = await makeList()
    list.moveSelection(by: 2)  // Buy milk
    list.beginFilter()
    list.setFilter("SHOP")
    #expect(list.viewModel.visible.map(\.title) == ["Buy milk"])
    #expect(list.viewModel.selected?.title == "Buy milk")
    list.setFilter("m")
    #expect(list.viewModel.visible.map(\.title) == ["Call mom", "Buy milk"])
    #expect(list.viewModel.selected?.title == "Buy milk")
    list.endFilter(clear: true)
    #expect(list.viewModel.visible.count == 3)
    #expect(!list.viewModel.isFiltering)
  }

  @Test("adding: a new id; an empty title is an error and changes nothing")
  func adding() async throws {
    let (list, _, errors) = await makeList()
    list.add(text: "Water plants")
    await list.waitForTasks()
    #expect(list.viewModel.status == "added 4")
    #expect(try store.load().items.count == 4)
    let before = try store.load()
    list.add(text: "   ")
    await list.waitForTasks()
    #expect(errors.reported.count == 1)
    #expect(errors.reported.last as? TodoError == .emptyTitle)
    #expect(try store.load() == before)
  }

  @Test(
    "the add line takes the quick syntax; the new item is selected; the status clears on the next key"
  )
  func quickAdd() async throws {
    let (list, _, errors) = await makeList()
    list.add(text: "Buy eggs due:tomorrow +shop !high")
    await list.waitForTasks()
    let added = try store.load().item(4)
    #expect(added.title == "Buy eggs")
    #expect(added.due == now.today.adding(days: 1))
    #expect(added.tags == ["shop"])
    #expect(added.priority == .high)
    let selected = list.viewModel.selected?.id
    #expect(selected == 4)
    #expect(list.viewModel.status == "added 4")
    list.moveSelection(by: 1)
    #expect(list.viewModel.status == nil)
    list.add(text: "x due:someday")
    await list.waitForTasks()
    #expect(errors.reported.last as? TodoError == .invalidDate("someday"))
    #expect(try store.load().items.count == 4)
  }

  @Test("a new item hidden by the search clears the search so it can be selected")
  func quickAddWhileSearching() async throws {
    let (list, _, _) = await makeList()
    list.setFilter("milk")
    list.add(text: "Water plants")
    await list.waitForTasks()
    #expect(list.viewModel.filter.isEmpty)
    let selected = list.viewModel.selected?.title
    #expect(selected == "Water plants")
  }

  @Test("/ searches titles, tags and notes, any case")
  func searchNotes() async throws {
    try store.change { try $0.edit(3, .init(note: "ask about the LOAN")) }
    let (list, _, _) = await makeList()
    list.setFilter("loan")
    #expect(list.viewModel.visible.map(\.title) == ["Call mom"])
    list.setFilter("SHOP")
    #expect(list.viewModel.visible.map(\.title) == ["Buy milk"])
  }

  @Test("delete asks first (the view shows the question); deleting deletes")
  func deleteAsks() async throws {
    let (list, binding, _) = await makeList()
    list.requestDelete()
    let intent = try #require(binding.takeNavigation())
    #expect(intent.destination == .confirmDelete(id: 2))
    #expect(list.title(of: 2) == "Pay rent")
    #expect(try store.load().items.count == 3)  // nothing deleted yet
    list.delete(id: 2)
    await list.waitForTasks()
    #expect(try store.load().items.map(\.id) == [1, 3])
    #expect(list.viewModel.visible.count == 2)
  }

  @Test("Enter opens the detail screen of the selected item")
  func opens() async throws {
    let (list, binding, _) = await makeList()
    list.moveSelection(by: 1)
    list.openSelected()
    #expect(try #require(binding.takeNavigation()).destination == .detail(id: 3))
  }

  @Test("detail: edits each field as one change; bad input says why and keeps the item")
  func detail() async throws {
    let fixed = now
    let detail = TodoDetailInteractor(id: 1, store: store, now: { fixed })
    var changes = 0
    let binding = ScreenBinding(detail, setup: { $0.onChange = { changes += 1 } })
    binding.appear()
    await detail.waitForTasks()
    #expect(detail.viewModel.text[.title] == "Buy milk")

    detail.beginEditing()
    detail.setText("Buy oat milk")
    detail.endEditing(save: true)
    await detail.waitForTasks()
    detail.focus(on: .due)
    detail.beginEditing()
    detail.setText("friday")
    detail.endEditing(save: true)
    await detail.waitForTasks()
    detail.focus(on: .priority)
    detail.beginEditing()
    detail.setText("high")
    detail.endEditing(save: true)
    await detail.waitForTasks()
    detail.focus(on: .tags)
    detail.beginEditing()
    detail.setText("home, errands home")
    detail.endEditing(save: true)
    await detail.waitForTasks()
    let item = try store.load().item(1)
    #expect(item.title == "Buy oat milk")
    #expect(item.due == Day(iso: "2026-05-08"))
    #expect(item.priority == .high)
    #expect(item.tags == ["home", "errands"])
    #expect(changes == 4)

    // Down from the last field wraps around to the first, up from the first to the
    // last, whatever the fields are.
    let fields = TodoDetailModel.Field.allCases
    detail.focus(on: fields[fields.count - 1])
    detail.moveFocus(by: 1)
    #expect(detail.viewModel.focus == fields[0])
    detail.moveFocus(by: -1)
    #expect(detail.viewModel.focus == fields[fields.count - 1])
    detail.moveFocus(by: 1 + (fields.firstIndex(of: .due) ?? 0))  // around to the due date
    #expect(detail.viewModel.focus == .due)
    detail.beginEditing()
    detail.setText("someday")
    detail.endEditing(save: true)
    await detail.waitForTasks()
    #expect(detail.viewModel.status?.hasPrefix("'someday' is not a date") == true)
    #expect(try store.load().item(1) == item)
    // What was typed stays, still being edited, so it can be corrected.
    #expect(detail.viewModel.text[.due] == "someday")
    #expect(detail.viewModel.isEditing)
    detail.beginEditing()
    detail.setText("junk")
    detail.endEditing(save: false)
    #expect(detail.viewModel.text[.due] == "2026-05-08")

    // The note keeps its lines; a blank note removes it. `focus(on:)` is how a
    // pointer-driven shell (SwiftUI) picks the field.
    detail.focus(on: .note)
    detail.beginEditing()
    detail.setText("ask for oat milk\n  the big carton")
    detail.endEditing(save: true)
    await detail.waitForTasks()
    #expect(try store.load().item(1).note == "ask for oat milk\n  the big carton")
    #expect(detail.viewModel.text[.note] == "ask for oat milk\n  the big carton")
    detail.beginEditing()
    detail.setText("   ")
    detail.endEditing(save: true)
    await detail.waitForTasks()
    #expect(try store.load().item(1).note == nil)
    #expect(changes == 6)
  }
}

/// Collects reported errors.
@MainActor
final class Errors {
  var messages: [String] = []
  /// The errors themselves: the model's are domain errors (`TodoError`).
  var reported: [any Error] = []
}
