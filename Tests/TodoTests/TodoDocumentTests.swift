import Core
import CoreTerminal
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

@Suite("Changes to the list")
struct TodoDocumentTests {
  static func draft(_ title: String, priority: Priority? = nil, due: Day? = nil)
    -> TodoDocument.Draft
  {
    TodoDocument.Draft(title: title, priority: priority, due: due, created: 100)
  }

  @Test("ids grow and are never reused, even after rm, clear and undo")
  func idsNeverReused() throws {
    var document = TodoDocument()
    #expect(try document.add([Self.draft("a"), Self.draft("b")]) == [1, 2])
    try document.remove([2])
    #expect(try document.add([Self.draft("c")]) == [3])
    _ = try document.undoLast()  // removes 3
    try document.setDone([1], true, now: 200)
    document.clearDone()
    #expect(document.items.isEmpty)
    #expect(try document.add([Self.draft("d")]) == [4])
  }

  @Test("undo reverts several levels, newest first")
  func undoLevels() throws {
    var document = TodoDocument()
    try document.add([Self.draft("milk")])
    try document.setDone([1], true, now: 200)
    try document.edit(1, .init(title: "oat milk", addTags: ["shop"]))
    try document.remove([1])
    #expect(document.items.isEmpty)
    #expect(try document.undoLast() == "rm 1")
    #expect(document.items.map(\.title) == ["oat milk"])
    #expect(try document.undoLast() == "edit 1")
    #expect(
      document.items == [TodoItem(id: 1, title: "milk", tags: [], created: 100, completed: 200)])
    #expect(try document.undoLast() == "done 1")
    #expect(document.items[0].completed == nil)
    #expect(try document.undoLast() == "add 1")
    #expect(document.items.isEmpty)
    #expect(throws: TodoError.nothingToUndo(limit: TodoDocument.undoLimit)) {
      try document.undoLast()
    }
  }

  @Test("undo stores inverse changes and keeps a bounded log")
  func boundedLog() throws {
    var document = TodoDocument()
    try document.add((1...1000).map { Self.draft("item \($0)") })
    for id in 1...30 { try document.setDone([id], true, now: 300) }
    #expect(document.undo.count == TodoDocument.undoLimit)
    // Each level holds only what changed, not the whole list.
    #expect(document.undo.allSatisfy { $0.restore.count <= 1 && $0.remove.isEmpty })
    #expect(try document.undoLast() == "done 30")
  }

  @Test("undoing a clear puts items back in id order")
  func undoClear() throws {
    var document = TodoDocument()
    try document.add((1...6).map { Self.draft("item \($0)") })
    try document.setDone([2, 5, 6], true, now: 300)
    #expect(document.clearDone() == 3)
    #expect(document.items.map(\.id) == [1, 3, 4])
    _ = try document.undoLast()
    #expect(document.items.map(\.id) == [1, 2, 3, 4, 5, 6])
    #expect(document.index(of: 5) == 4)
  }

  @Test("an unknown id changes nothing")
  func unknownID() throws {
    var document = TodoDocument()
    try document.add([Self.draft("a"), Self.draft("b")])
    let before = document
    #expect(throws: TodoError.notFound(id: 9)) { try document.setDone([1, 9], true, now: 1) }
    #expect(throws: TodoError.notFound(id: 7)) { try document.remove([2, 7]) }
    #expect(throws: TodoError.notFound(id: 3)) { try document.edit(3, .init(title: "x")) }
    #expect(throws: TodoError.emptyTitle) { try document.edit(1, .init(title: "  ")) }
    #expect(document == before)
  }

  @Test("edit sets and removes priority, due date and tags")
  func edit() throws {
    var document = TodoDocument()
    let due = try #require(Day(iso: "2026-12-01"))
    try document.add([
      TodoDocument.Draft(title: "x", priority: .low, due: due, tags: ["a", "b"], created: 1)
    ])
    try document.edit(
      1, .init(priority: .some(nil), due: .some(nil), addTags: ["c", "a"], removeTags: ["b"]))
    #expect(document.items[0] == TodoItem(id: 1, title: "x", tags: ["a", "c"], created: 1))
    let undoCount = document.undo.count
    try document.edit(1, .init(title: "x"))  // no change: no undo level
    #expect(document.undo.count == undoCount)
  }

  @Test("list order: priority, then due date (none last), then id")
  func order() throws {
    let early = try #require(Day(iso: "2026-01-01"))
    let late = try #require(Day(iso: "2026-02-01"))
    let items = [
      TodoItem(id: 1, title: "", tags: [], created: 0),
      TodoItem(id: 2, title: "", priority: .low, tags: [], created: 0),
      TodoItem(id: 3, title: "", priority: .high, due: late, tags: [], created: 0),
      TodoItem(id: 4, title: "", priority: .high, tags: [], created: 0),
      TodoItem(id: 5, title: "", priority: .high, due: early, tags: [], created: 0),
      TodoItem(id: 6, title: "", due: early, tags: [], created: 0),
      TodoItem(id: 7, title: "", priority: .high, due: early, tags: [], created: 0),
    ]
    #expect(TodoItem.inListOrder(items).map(\.id) == [5, 7, 3, 4, 2, 6, 1])
  }

  @Test("done items come after open ones in every order", arguments: TodoOrder.allCases)
  func doneSink(order: TodoOrder) {
    let items = [
      TodoItem(id: 1, title: "a", priority: .high, tags: [], created: 0, completed: 5),
      TodoItem(id: 2, title: "b", tags: [], created: 9),
      TodoItem(id: 3, title: "c", priority: .low, tags: [], created: 1, completed: 5),
      TodoItem(id: 4, title: "d", priority: .medium, tags: [], created: 3),
    ]
    let ids = TodoItem.inListOrder(items, by: order).map(\.id)
    #expect(Set(ids.prefix(2)) == [2, 4], "\(order): \(ids)")
    #expect(Set(ids.suffix(2)) == [1, 3], "\(order): \(ids)")
  }
}
