import Core
import CoreTerminal
import Foundation
import Testing

@testable import BlueprintTodo

@Suite("Stored file and JSON schema")
struct StorageTests {
  static let awkwardTitles = [
    "plain", "quote \" and backslash \\", "tab\tnewline\nCR\r", "esc \u{1B}[31mred\u{1B}[0m",
    "nul \u{0}", "emoji 👩‍👩‍👧 and 日本語", "slash / and del \u{7F}", "bell \u{7}",
    String(repeating: "long ", count: 2000) + "end",
  ]

  static func sample() throws -> TodoDocument {
    var document = TodoDocument()
    let due = try #require(Day(iso: "2026-12-01"))
    document.add(
      awkwardTitles.enumerated().map { index, title in
        TodoDocument.Draft(
          title: title, priority: Priority(rawValue: index % 4), due: index % 2 == 0 ? due : nil,
          tags: index % 3 == 0 ? ["work", "ta\"g"] : [], created: 1_777_629_600 + index,
          completed: index % 2 == 1 ? 1_777_700_000 : nil)
      })
    try document.remove([3])
    try document.setDone([1], true, now: 1_777_800_000)
    return document
  }

  @Test("the hand-written codec round-trips and agrees with JSONDecoder")
  func roundTrip() throws {
    let document = try Self.sample()
    let data = document.encoded()
    #expect(try TodoDocument.decode(data, location: "x") == document)
    let viaFoundation = try JSONDecoder().decode(Versioned<TodoDocument>.self, from: data)
    #expect(viaFoundation.version == TodoDocument.currentVersion)
    #expect(viaFoundation.value == document)
  }

  @Test("a value stored by Core's Versioned envelope (sorted keys) or without one still reads")
  func otherShapes() throws {
    let document = try Self.sample()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    let enveloped = try encoder.encode(Versioned(version: 1, value: document))
    #expect(try TodoDocument.decode(enveloped, location: "x") == document)
    let bare = try encoder.encode(document)
    #expect(try TodoDocument.decode(bare, location: "x") == document)
  }

  @Test("a newer version is refused, not reset")
  func newerVersion() throws {
    let data = Data(#"{"version":2,"value":{"items":[]}}"#.utf8)
    #expect {
      try TodoDocument.decode(data, location: "/x/todos.json")
    } throws: { error in
      guard case .unsupportedVersion = error as? PersistenceError else { return false }
      return true
    }
  }

  @Test(
    "damaged files are corrupt, naming the file",
    arguments: [
      "", "{", "[]", "null", #"{"version":1,"value":{"items":[{"id":1}]}}"#,
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":1,"priority":"urgent"}]}}"#,
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":1,"due":"2026-02-30"}]}}"#,
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":1},{"id":1,"title":"b","created":1}]}}"#,
      #"{"version":1,"value":{"items":[{"id":1.5,"title":"a","created":1}]}}"#,
      #"{"version":1,"value":{"items":[]}} trailing"#,
      "{\"version\":1,\"value\":{\"items\":[{\"id\":1,\"title\":\"\u{FF}\",\"created\":1}]}}",
    ])
  func corrupt(text: String) throws {
    var data = Data(text.utf8)
    if text.contains("\u{FF}") {
      data = Data(text.utf8.map { $0 == 0xC3 ? 0xFF : $0 }.filter { $0 != 0xBF })
    }
    #expect {
      try TodoDocument.decode(data, location: "/x/todos.json")
    } throws: { error in
      guard let error = error as? PersistenceError, case .corrupted = error else { return false }
      return error.message.contains("/x/todos.json") && error.exitCode == 65
    }
  }

  @Test("--json: sorted keys, nulls, ISO 8601 timestamps; parses back into the same items")
  func jsonSchema() throws {
    let document = try Self.sample()
    let text = TodoItem.jsonArray(document.items)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    #expect(array.count == document.items.count)
    let first = try #require(array.first)
    #expect(
      Set(first.keys) == ["completed", "created", "done", "due", "id", "priority", "tags", "title"])
    #expect(first["created"] as? String == "2026-05-01T10:00:00Z")
    #expect(first["completed"] as? String == "2026-05-03T09:20:00Z")
    #expect(first["done"] as? Bool == true)
    #expect(first["priority"] is NSNull)
    #expect(first["due"] as? String == "2026-12-01")
    #expect(first["tags"] as? [String] == ["work", "ta\"g"])
    #expect(array.map { $0["title"] as? String } == document.items.map(\.title))
    #expect(!text.contains("\u{1B}"))  // control characters are escaped in JSON

    let drafts = try TodoDocument.Draft.importing(Data(text.utf8), source: "x", now: 5)
    var copy = TodoDocument()
    copy.add(drafts)
    #expect(copy.items.map(\.title) == document.items.map(\.title))
    #expect(copy.items.map(\.completed) == document.items.map(\.completed))
    #expect(copy.items.map(\.created) == document.items.map(\.created))
    #expect(copy.items.map(\.tags) == document.items.map(\.tags))
    #expect(copy.items.map(\.due) == document.items.map(\.due))
  }

  @Test(
    "imports that are invalid add nothing and say why",
    arguments: [
      ("{}", "expected a JSON array"),
      (#"[{"title":"a"},{"done":true}]"#, "item 2 has no title"),
      (#"[{"title":"  "}]"#, "item 1: the title is empty"),
      (#"[{"title":"a","priority":"urgent"}]"#, "unknown priority 'urgent'"),
      (#"[{"title":"a","due":"tomorrow"}]"#, "bad due date 'tomorrow'"),
      (#"[{"title":"a","created":"yesterday"}]"#, "bad timestamp 'yesterday'"),
      (#"[{"title":"a","tags":"work"}]"#, "expected '['"),
      // Tags follow the command line's rule (one word), so a list never shows "+a b".
      (#"[{"title":"a","tags":["a b"]}]"#, "item 1: invalid tag 'a b'"),
      (#"[{"title":"a","tags":["ok",""]}]"#, "item 1: invalid tag ''"),
      (#"[{"title":"a"}"#, "expected ',' or ']'"),
    ])
  func badImports(text: String, message: String) {
    #expect {
      try TodoDocument.Draft.importing(Data(text.utf8), source: "f.json", now: 1)
    } throws: { error in
      guard let error = error as? AppError else { return false }
      return error.exitCode == .dataError && error.message.contains("f.json")
        && error.message.contains(message)
    }
  }

  @Test(
    "timestamps",
    arguments: [
      (0, "1970-01-01T00:00:00Z"), (1_777_629_601, "2026-05-01T10:00:01Z"),
      (-1, "1969-12-31T23:59:59Z"),
    ])
  func timestamps(seconds: Int, text: String) {
    #expect(TodoItem.timestamp(seconds) == text)
    #expect(TodoItem.seconds(fromTimestamp: text) == seconds)
  }
}
