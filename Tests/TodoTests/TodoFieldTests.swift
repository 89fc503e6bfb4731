import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// The one rule of an optional field, whatever its kind: a field added later gets it.
@Suite("TodoField: empty or none removes any optional field")
struct TodoFieldTests {
  static let optional = TodoField.allCases.filter(\.isRemovable)

  @Test("empty, white space or none in any case gives no value", arguments: optional)
  func removes(field: TodoField) throws {
    let today = try #require(Day(iso: "2026-05-06"))
    for text in ["", "  ", "none", "NONE", " None "] {
      #expect(try field.value(from: text, today: today) == field.noValue)
      #expect(field.removes(text))
    }
    var item = TodoItem(
      id: 1, title: "t", priority: .high, due: today, tags: ["a"],
      note: "n", created: 0)
    field.set(field.noValue, on: &item)
    #expect(field.text(of: item).isEmpty, "an unset field edits empty")
  }

  @Test("the title is never removed: none is a title")
  func title() throws {
    #expect(!TodoField.title.removes("none"))
    let today = try #require(Day(iso: "2026-05-06"))
    #expect(try TodoField.title.value(from: "none", today: today) == .text("none"))
  }
}
