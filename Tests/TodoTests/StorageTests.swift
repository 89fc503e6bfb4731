import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

@Suite("Stored file and JSON schema")
struct StorageTests {
  static let awkwardTitles = [
    "plain", "quote \" and backslash \\", "tab\tnewline\nCR\r", "esc \u{1B}[31mred\u{1B}[0m",
    "controls \u{1}\u{1F}", "emoji 👩‍👩‍👧 and 日本語", "slash / and del \u{7F}", "bell \u{7}",
    String(repeating: "long ", count: 199) + "end",
  ]

  static func sample() throws -> TodoDocument {
    var document = TodoDocument()
    let due = try #require(Day(iso: "2026-12-01"))
    try document.add(
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

  @Test("the codec round-trips; what it writes is JSON that Foundation reads the same")
  func roundTrip() throws {
    let document = try Self.sample()
    let data = try document.encoded()
    #expect(try TodoDocument.decode(data, location: "x") == document)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["version"] as? Int == TodoDocument.currentVersion)
    let value = try #require(object["value"] as? [String: Any])
    let items = try #require(value["items"] as? [[String: Any]])
    #expect(items.map { $0["title"] as? String } == document.items.map(\.title))
  }

  @Test("a newer version is refused, not reset")
  func newerVersion() throws {
    let data = Data(#"{"version":3,"value":{"items":[]}}"#.utf8)
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
      "", "{",
      #"{"version":0,"value":{"items":[]}}"#, #"{"version":"2","value":{"items":[]}}"#,
      // Invalid JSON the old scanner let through.
      #"{"version":2,"value":{"nextID":1-2-3,"items":[],"undo":[]}}"#,
      #"{"version":2,"value":{"nextID":01,"items":[],"undo":[]}}"#,
      // Numbers out of range.
      #"{"version":2,"value":{"nextID":99999999999999999999,"items":[],"undo":[]}}"#,
      #"{"version":2,"value":{"nextID":1,"items":[],"undo":[]}} "#
        + String(repeating: "[", count: 100_000),
      #"{"version":2,"value":{"nextID":1,"items":"# + String(repeating: "[", count: 100_000)
        + String(repeating: "]", count: 100_000) + "}}",
      // Version 2 consistency.
      #"{"version":2,"value":{"nextID":1,"items":[{"completed":null,"created":"2026-05-01T10:00:00Z","done":true,"due":null,"id":1,"note":null,"priority":null,"tags":[],"title":"a"}],"undo":[]}}"#,
      #"{"version":2,"value":{"nextID":5,"items":[{"completed":null,"created":"2026-05-01T10:00:00Z","done":false,"due":null,"id":1,"priority":null,"tags":[],"title":"a"}],"undo":[]}}"#,
      #"{"version":2,"value":{"nextID":5,"items":[{"completed":null,"created":"2026-05-01 10:00:00","done":false,"due":null,"id":1,"note":null,"priority":null,"tags":[],"title":"a"}],"undo":[]}}"#,
      // Items the command line refuses are refused from the file too: one rule.
      #"{"version":2,"value":{"nextID":5,"items":[{"completed":null,"created":"2026-05-01T10:00:00Z","done":false,"due":null,"id":1,"note":null,"priority":null,"tags":[],"title":""}],"undo":[]}}"#,
      #"{"version":2,"value":{"nextID":5,"items":[{"completed":null,"created":"2026-05-01T10:00:00Z","done":false,"due":null,"id":1,"note":null,"priority":null,"tags":[],"title":" \t "}],"undo":[]}}"#,
      #"{"version":2,"value":{"nextID":5,"items":[{"completed":null,"created":"2026-05-01T10:00:00Z","done":false,"due":null,"id":1,"note":null,"priority":null,"tags":[],"title":"a\u0000b"}],"undo":[]}}"#,
      #"{"version":2,"value":{"nextID":5,"items":[{"completed":null,"created":"2026-05-01T10:00:00Z","done":false,"due":null,"id":1,"note":null,"priority":null,"tags":["a b"],"title":"a"}],"undo":[]}}"#,
      #"{"version":2,"value":{"nextID":5,"items":[{"completed":null,"created":"2026-05-01T10:00:00Z","done":false,"due":null,"id":1,"note":null,"priority":null,"tags":[""],"title":"a"}],"undo":[]}}"#,
      // Repeated keys and trailing commas, which Foundation alone reads in silence.
      #"{"version":2,"value":{"nextID":1,"items":[],"undo":[],"undo":[]}}"#,
      #"{"version":2,"value":{"nextID":1,"items":[],"undo":[],}}"#,
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

  @Test("--json: sorted keys, nulls, ISO 8601 timestamps")
  func jsonSchema() throws {
    let document = try Self.sample()
    let text = try TodoItem.jsonArray(document.items)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    #expect(array.count == document.items.count)
    let first = try #require(array.first)
    #expect(Set(first.keys) == Set(TodoItem.keys))
    #expect(first["created"] as? String == "2026-05-01T10:00:00Z")
    #expect(first["completed"] as? String == "2026-05-03T09:20:00Z")
    #expect(first["done"] as? Bool == true)
    #expect(first["priority"] is NSNull)
    #expect(first["due"] as? String == "2026-12-01")
    #expect(first["tags"] as? [String] == ["work", "ta\"g"])
    #expect(array.map { $0["title"] as? String } == document.items.map(\.title))
    #expect(!text.contains("\u{1B}"))  // control characters are escaped in JSON
  }

  @Test("the store is opened with the supported size, so a larger file is never read or written")
  func supportedSize() throws {
    let folder = try TemporaryDirectory(prefix: "todo-size")
    let store = TodoStore(directory: folder.url)
    #expect(TodoStore.maximumFileSize == 128 << 20)
    #expect(store.files.maximumFileSize == TodoStore.readLimit)
    #expect(store.files.compactAbove == TodoStore.maximumFileSize)
  }

  @Test(
    "one item rule for the file, import and the command line",
    arguments: [
      ("", TodoError.emptyTitle), (" \t ", .emptyTitle), ("a\u{0}b", .containsNUL(field: "title")),
      (String(repeating: "é", count: 1_001), .titleTooLong(length: 1_001, maximum: 1_000)),
    ])
  func itemRule(title: String, error: TodoError) {
    #expect(throws: error) { try TodoItem.validTitle(title) }
    #expect(throws: error) {
      try TodoItem(id: 1, title: title, created: 0).validate()
    }
    #expect(throws: error) {
      var document = TodoDocument()
      try document.add([TodoDocument.Draft(title: title, created: 0)])
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
