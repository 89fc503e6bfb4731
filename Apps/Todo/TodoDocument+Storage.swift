import Core
import Foundation

/// The stored form of the list: `todos.json` in the app's data folder.
///
/// ```
/// {"version":1,"value":{
/// "nextID":3,
/// "items":[
/// {"id":1,"title":"Buy milk","created":1777629600},
/// {"id":2,"title":"Call mom","priority":"high","due":"2026-05-02","tags":["family"],"created":1777629660,"completed":1777633200}
/// ],
/// "undo":[
/// {"summary":"add 2","remove":[2],"restore":[]}
/// ]}}
/// ```
///
/// The envelope is Core's `Versioned` shape, read through `Migrations`. The current
/// version is read and written by hand (``JSONScanner``, ``JSONWriter``): one item
/// per line, timestamps as whole seconds since 1970, absent fields left out. Any
/// other version (an older one, or a file without an envelope) goes through
/// `Migrations` and the `Codable` conformance below.
extension TodoDocument {
  /// The store key: the file is `todos.json`.
  static let storeKey = "todos"

  /// How older stored versions become the current one.
  static let migrations = Migrations<TodoDocument>(currentVersion: currentVersion)

  // MARK: - Reading

  /// Decodes stored bytes.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - location: The file's path, for errors.
  ///   - includingUndo: Whether to read the undo log; a listing does not need it.
  /// - Returns: The document, items in id order.
  /// - Throws: `PersistenceError.corrupted` naming the file, or `unsupportedVersion`.
  static func decode(_ data: Data, location: String, includingUndo: Bool = true)
    throws(PersistenceError) -> TodoDocument
  {
    var document: TodoDocument
    do {
      let current = try JSONScanner.scan(data) { scanner in
        try decodeCurrent(&scanner, includingUndo: includingUndo)
      }
      guard let fast = current else {
        return try migrations.decode(data, forKey: storeKey, location: location).normalized()
      }
      document = fast
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .corrupted(key: storeKey, path: location, underlying: error)
    }
    do {
      return try document.normalized()
    } catch {
      throw .corrupted(key: storeKey, path: location, underlying: error)
    }
  }

  /// The document when the bytes are an envelope of the current version; nil for
  /// anything else that is JSON (left to `Migrations`).
  private static func decodeCurrent(_ scanner: inout JSONScanner, includingUndo: Bool) throws
    -> TodoDocument?
  {
    guard scanner.peek() == 0x7B else { return nil }
    var version: Int?
    var valueOffset: Int?
    var document: TodoDocument?
    var memberCount = 0
    try scanner.object { scanner, key in
      memberCount += 1
      switch key {
      case "version": version = try scanner.int()
      case "value" where version == currentVersion:
        document = try readDocument(&scanner, includingUndo: includingUndo)
      case "value":
        valueOffset = scanner.offset
        try scanner.skipValue()
      default: try scanner.skipValue()
      }
    }
    guard scanner.isAtEnd() else { throw scanner.fail("unexpected text after the document") }
    guard memberCount == 2, version == currentVersion else { return nil }
    if let document { return document }
    guard let valueOffset else { return nil }
    var value = scanner.rewound(to: valueOffset)
    return try readDocument(&value, includingUndo: includingUndo)
  }

  private static func readDocument(_ scanner: inout JSONScanner, includingUndo: Bool) throws
    -> TodoDocument
  {
    var document = TodoDocument()
    let expectedItems = scanner.remainingCount / 96
    try scanner.object { scanner, key in
      switch key {
      case "nextID": document.nextID = try scanner.int()
      case "items": document.items = try readItems(&scanner, expectedCount: expectedItems)
      case "undo" where includingUndo:
        try scanner.array { scanner in document.undo.append(try readUndo(&scanner)) }
      default: try scanner.skipValue()
      }
    }
    return document
  }

  private static func readItems(_ scanner: inout JSONScanner, expectedCount: Int = 0) throws
    -> [TodoItem]
  {
    var items: [TodoItem] = []
    items.reserveCapacity(expectedCount)
    try scanner.array { scanner in items.append(try readItem(&scanner)) }
    return items
  }

  private static func readUndo(_ scanner: inout JSONScanner) throws -> UndoEntry {
    var entry = UndoEntry(summary: "")
    try scanner.object { scanner, key in
      switch key {
      case "summary": entry.summary = try scanner.string()
      case "restore": entry.restore = try readItems(&scanner)
      case "remove":
        try scanner.array { scanner in entry.remove.append(try scanner.int()) }
      default: try scanner.skipValue()
      }
    }
    return entry
  }

  private static func readItem(_ scanner: inout JSONScanner) throws -> TodoItem {
    let start = scanner.offset
    var id: Int?
    var title: String?
    var created: Int?
    var completed: Int?
    var priority: Priority?
    var due: Day?
    var tags: [String] = []
    try scanner.object { scanner, key in
      switch key {
      case "id": id = try scanner.int()
      case "title": title = try scanner.string()
      case "created": created = try scanner.int()
      case "completed": completed = scanner.null() ? nil : try scanner.int()
      case "priority":
        guard !scanner.null() else { return }
        let name = try scanner.string()
        guard let value = Priority(name: name) else {
          throw scanner.fail("unknown priority '\(name)'")
        }
        priority = value
      case "due":
        guard !scanner.null() else { return }
        let text = try scanner.string()
        guard let day = Day(iso: text) else { throw scanner.fail("bad due date '\(text)'") }
        due = day
      case "tags":
        try scanner.array { scanner in tags.append(try scanner.string()) }
      default: try scanner.skipValue()
      }
    }
    guard let id, let title, let created else {
      throw JSONScanner.Failure(reason: "an item lacks id, title or created", offset: start)
    }
    return TodoItem(
      id: id, title: title, priority: priority, due: due, tags: tags, created: created,
      completed: completed)
  }

  /// Items sorted by id, ids unique, `nextID` above every id.
  private func normalized() throws -> TodoDocument {
    var copy = self
    if !zip(items, items.dropFirst()).allSatisfy({ $0.id < $1.id }) {
      copy.items.sort { $0.id < $1.id }
      for (a, b) in zip(copy.items, copy.items.dropFirst()) where a.id == b.id {
        throw JSONScanner.Failure(reason: "two items have id \(a.id)", offset: 0)
      }
    }
    let highest = copy.items.last?.id ?? 0
    let restored = copy.undo.flatMap { $0.restore.map(\.id) + $0.remove }.max() ?? 0
    copy.nextID = Swift.max(copy.nextID, highest + 1, restored + 1)
    return copy
  }

  // MARK: - Writing

  /// The stored bytes of the current version.
  func encoded() -> Data {
    var writer = JSONWriter(capacity: 64 + items.count * 96)
    writer.raw("{\"version\":")
    writer.int(Self.currentVersion)
    writer.raw(",\"value\":{\n\"nextID\":")
    writer.int(nextID)
    writer.raw(",\n\"items\":[")
    Self.write(items, to: &writer)
    writer.raw("],\n\"undo\":[")
    for (index, entry) in undo.enumerated() {
      writer.raw(index == 0 ? "\n{\"summary\":" : ",\n{\"summary\":")
      writer.string(entry.summary)
      writer.raw(",\"remove\":[")
      for (position, id) in entry.remove.enumerated() {
        if position > 0 { writer.raw(",") }
        writer.int(id)
      }
      writer.raw("],\"restore\":[")
      Self.write(entry.restore, to: &writer)
      writer.raw("]}")
    }
    writer.raw(undo.isEmpty ? "]}}\n" : "\n]}}\n")
    return Data(writer.bytes)
  }

  private static func write(_ items: [TodoItem], to writer: inout JSONWriter) {
    for (index, item) in items.enumerated() {
      writer.raw(index == 0 ? "\n{\"id\":" : ",\n{\"id\":")
      writer.int(item.id)
      writer.raw(",\"title\":")
      writer.string(item.title)
      if let priority = item.priority {
        writer.raw(",\"priority\":")
        writer.string(priority.name)
      }
      if let due = item.due {
        writer.raw(",\"due\":")
        writer.day(due)
      }
      if !item.tags.isEmpty {
        writer.raw(",\"tags\":")
        writer.strings(item.tags)
      }
      writer.raw(",\"created\":")
      writer.int(item.created)
      if let completed = item.completed {
        writer.raw(",\"completed\":")
        writer.int(completed)
      }
      writer.raw("}")
    }
    if !items.isEmpty { writer.raw("\n") }
  }
}

// MARK: - Codable, for Migrations

extension TodoDocument: Codable {
  private enum CodingKeys: String, CodingKey {
    case items, nextID, undo
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    items = try container.decodeIfPresent([TodoItem].self, forKey: .items) ?? []
    nextID = try container.decodeIfPresent(Int.self, forKey: .nextID) ?? 1
    undo = try container.decodeIfPresent([UndoEntry].self, forKey: .undo) ?? []
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encode(nextID, forKey: .nextID)
    try container.encode(undo, forKey: .undo)
  }
}

extension TodoItem: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, title, priority, due, tags, created, completed
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    created = try container.decode(Int.self, forKey: .created)
    completed = try container.decodeIfPresent(Int.self, forKey: .completed)
    tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    if let name = try container.decodeIfPresent(String.self, forKey: .priority) {
      guard let priority = Priority(name: name) else {
        throw DecodingError.dataCorruptedError(
          forKey: .priority, in: container, debugDescription: "unknown priority '\(name)'")
      }
      self.priority = priority
    }
    if let text = try container.decodeIfPresent(String.self, forKey: .due) {
      guard let day = Day(iso: text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .due, in: container, debugDescription: "bad due date '\(text)'")
      }
      due = day
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(priority?.name, forKey: .priority)
    try container.encodeIfPresent(due?.description, forKey: .due)
    if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
    try container.encode(created, forKey: .created)
    try container.encodeIfPresent(completed, forKey: .completed)
  }
}
