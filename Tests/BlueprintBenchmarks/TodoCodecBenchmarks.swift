import BlueprintTodoModel
import Core
import Foundation

/// Rows for the todo store's path through Core (`Migrations` on `StrictJSON` and
/// `JSONDecoder`; `StrictJSON.encode`, pretty-printed as the store writes) against a
/// bare `JSONDecoder` / `JSONEncoder` on a Codable mirror of the same bytes, both
/// ending in the same `TodoItem` values. The ratio is what Core's strictness and the
/// model's checks cost over Foundation alone. The `store-json` and `strict-json` rows
/// compare Core's encoder and decoder with what the stores used before them
/// (`JSONEncoder` and the escape pass; `StrictJSON.check` and `JSONDecoder`) on the
/// same envelope and types: Core keeps them only while they are at least twice as
/// fast (goal 0.5); see Docs/Benchmarks.md, "todo".
enum TodoCodecBenchmarks {
  static let suite = BenchmarkSuite(name: "todo") {
    var rows: [BenchmarkRow] = []
    for count in [100, 1_000, 10_000] {
      let document = try sampleDocument(count: count)
      let store = InMemoryKeyValueStore()
      try store.set(document, forKey: TodoDocument.storeKey, migrations: TodoDocument.migrations)
      let data = try store.data(forKey: TodoDocument.storeKey) ?? Data()
      let iterations = max(3, 30_000 / count)
      rows.append(
        BenchmarkRow(
          "todo/decode-\(count)", iterations: iterations, goal: 1.5,
          ours: {
            _ = try TodoDocument.migrations.decode(
              data, forKey: TodoDocument.storeKey, location: "bench")
          },
          baselineName: "JSONDecoder (Codable mirror) + the same conversion to TodoItem",
          baseline: {
            let envelope = try JSONDecoder().decode(Envelope.self, from: data)
            _ = try envelope.value.items.map { try $0.item() }
          }))
      rows.append(
        BenchmarkRow(
          "todo/encode-\(count)", iterations: iterations, goal: 1.2,
          ours: {
            try store.set(
              document, forKey: TodoDocument.storeKey, migrations: TodoDocument.migrations)
          },
          baselineName: "the same conversion + JSONEncoder (pretty, sorted keys)",
          baseline: {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            _ = try encoder.encode(Envelope(document))
          }))
      let envelope = Versioned(version: TodoDocument.currentVersion, value: document)
      rows.append(
        BenchmarkRow(
          "todo/store-json-\(count)", iterations: iterations, goal: 0.5,
          ours: { _ = try StrictJSON.encode(envelope) },
          baselineName: "JSONEncoder (pretty, sorted keys) + the escape of invisibles, as before",
          baseline: { _ = try StrictJSON.encodeWithFoundation(envelope) }))
      rows.append(
        BenchmarkRow(
          "todo/strict-json-\(count)", iterations: iterations, goal: 0.5,
          ours: { _ = try StrictJSON.decode(Versioned<TodoDocument>.self, from: data) },
          baselineName: "StrictJSON.check + JSONDecoder, as the stores read before",
          baseline: {
            try StrictJSON.check(data)
            _ = try JSONDecoder().decode(Versioned<TodoDocument>.self, from: data)
          }))
    }
    return rows
  }

  /// A list like the Taskwarrior comparison's: a third high priority, a fifth due, a
  /// quarter tagged, every tenth done.
  static func sampleDocument(count: Int) throws -> TodoDocument {
    var document = TodoDocument()
    let start = Day(year: 2026, month: 1, day: 1) ?? Day(number: 0)
    try document.add(
      (0..<count).map { index in
        TodoDocument.Draft(
          title: "Task number \(index) buy milk and eggs",
          priority: index % 3 == 0 ? .high : nil,
          due: index % 5 == 0 ? start.adding(days: index % 60) : nil,
          tags: index % 4 == 0 ? ["work"] : [], created: 1_767_261_600 + index,
          completed: index % 10 == 0 ? 1_767_300_000 : nil)
      })
    document.undo = []
    return document
  }

  // MARK: - The Codable mirror of the stored form

  struct Envelope: Codable {
    var version: Int
    var value: Value

    init(_ document: TodoDocument) {
      version = TodoDocument.currentVersion
      value = Value(
        nextID: document.nextID, items: document.items.map(Item.init), undo: [])
    }
  }

  struct Value: Codable {
    var nextID: Int
    var items: [Item]
    var undo: [Undo]
  }

  struct Undo: Codable {
    var remove: [Int]
    var restore: [Item]
    var summary: String
  }

  struct Item: Codable {
    var completed: String?
    var created: String
    var done: Bool
    var due: String?
    var id: Int
    var note: String?
    var priority: String?
    var tags: [String]
    var title: String

    init(_ item: TodoItem) {
      completed = item.completed.map(TodoItem.timestamp)
      created = TodoItem.timestamp(item.created)
      done = item.isDone
      due = item.due?.description
      id = item.id
      note = item.note
      priority = item.priority?.name
      tags = item.tags
      title = item.title
    }

    func item() throws -> TodoItem {
      struct Invalid: Error {}
      guard let created = TodoItem.seconds(storedTimestamp: created) else { throw Invalid() }
      return TodoItem(
        id: id, title: title, priority: priority.flatMap(Priority.init(storedName:)),
        due: due.flatMap { Day(iso: $0) }, tags: tags, note: note, created: created,
        completed: completed.flatMap(TodoItem.seconds(storedTimestamp:)))
    }

    // Nulls are written, as the stored form has them.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(completed, forKey: .completed)
      try container.encode(created, forKey: .created)
      try container.encode(done, forKey: .done)
      try container.encode(due, forKey: .due)
      try container.encode(id, forKey: .id)
      try container.encode(note, forKey: .note)
      try container.encode(priority, forKey: .priority)
      try container.encode(tags, forKey: .tags)
      try container.encode(title, forKey: .title)
    }
  }
}
