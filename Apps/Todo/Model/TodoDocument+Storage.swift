package import Core
package import Foundation

/// The stored form of the list: `todos.json` in the app's data folder.
///
/// ```
/// {"version":2,"value":{
/// "nextID":3,
/// "items":[
/// {"completed":null,"created":"2026-05-01T10:00:00Z","done":false,"due":null,"id":1,"note":null,"priority":null,"tags":[],"title":"Buy milk"}
/// ],
/// "undo":[
/// {"remove":[2],"restore":[],"summary":"rm 2"}
/// ]}}
/// ```
///
/// The envelope is Core's `Versioned` shape; items have the one JSON form of
/// ``TodoItem`` (the `--json` schema). Version 1 (timestamps as seconds, absent
/// fields left out, no notes) is read and rewritten as version 2 on the next change.
///
/// Reading is strict, so that no change ever writes back less than the file held:
/// invalid JSON, unknown or repeated keys, missing keys, values of the wrong type
/// or out of range, items out of id order and a `nextID` not above every id are
/// all refused as corrupt (exit 65, the file untouched); a newer version is refused
/// as unsupported.
extension TodoDocument {
  /// The store key: the file is `todos.json`.
  package static let storeKey = "todos"

  // MARK: - Reading

  /// Decodes stored bytes.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - location: The file's path, for errors.
  /// - Returns: The document, items in id order.
  /// - Throws: `PersistenceError.corrupted` naming the file, or `unsupportedVersion`.
  package static func decode(_ data: Data, location: String) throws(PersistenceError)
    -> TodoDocument
  {
    let version: Int
    let document: TodoDocument
    do {
      (version, document) = try JSONScanner.scan(data) { scanner in
        try readEnvelope(&scanner)
      }
    } catch let error as PersistenceError {
      throw error
    } catch let newer as NewerVersion {
      throw .unsupportedVersion(
        key: storeKey, path: location, found: newer.version, supported: currentVersion)
    } catch {
      throw .corrupted(key: storeKey, path: location, underlying: error)
    }
    do {
      return try document.checked(version: version)
    } catch {
      throw .corrupted(key: storeKey, path: location, underlying: error)
    }
  }

  /// `{"version": N, "value": …}` with exactly those two keys, in either order.
  private static func readEnvelope(_ scanner: inout JSONScanner) throws -> (Int, TodoDocument) {
    guard scanner.peek() == 0x7B else {
      throw scanner.fail("expected an object with 'version' and 'value'")
    }
    var version: Int?
    var valueOffset: Int?
    var document: TodoDocument?
    try scanner.object { scanner, key in
      switch key {
      case "version":
        guard version == nil else { throw scanner.fail("the key 'version' appears twice") }
        version = try scanner.int(in: 1...Int.max)
      case "value":
        guard valueOffset == nil else { throw scanner.fail("the key 'value' appears twice") }
        valueOffset = scanner.offset
        if let version, version <= currentVersion {
          document = try readDocument(&scanner, version: version)
        } else {
          try scanner.skipValue()
        }
      default:
        throw scanner.fail("unknown key '\(key)' (the file has 'version' and 'value')")
      }
    }
    guard scanner.isAtEnd() else { throw scanner.fail("unexpected text after the document") }
    guard let version, let valueOffset else {
      throw JSONScanner.Failure(reason: "the file lacks 'version' or 'value'", offset: 0)
    }
    // A newer version is refused only once the whole file is known to be JSON in the
    // envelope: a damaged file is corrupt, whatever version it claims.
    guard version <= currentVersion else { throw NewerVersion(version: version) }
    if let document { return (version, document) }
    var value = scanner.rewound(to: valueOffset)
    return (version, try readDocument(&value, version: version))
  }

  private static func readDocument(_ scanner: inout JSONScanner, version: Int) throws
    -> TodoDocument
  {
    var document = TodoDocument()
    var present: Set<String> = []
    let expectedItems = scanner.remainingCount / 200
    let readItem: (inout JSONScanner) throws -> TodoItem = { scanner in
      version == 1 ? try readVersion1Item(&scanner) : try TodoItem.readStored(&scanner)
    }
    try scanner.object { scanner, key in
      let name: String
      switch key {
      case "nextID":
        name = "nextID"
        document.nextID = try scanner.int(in: 1...(TodoItem.maximumID + 1))
      case "items":
        name = "items"
        document.items.reserveCapacity(expectedItems)
        try scanner.array { scanner in document.items.append(try readItem(&scanner)) }
      case "undo":
        name = "undo"
        try scanner.array { scanner in
          document.undo.append(try readUndo(&scanner, item: readItem))
        }
      default:
        throw scanner.fail("unknown key '\(key)' (the list has nextID, items and undo)")
      }
      guard present.insert(name).inserted else {
        throw scanner.fail("the key '\(name)' appears twice")
      }
    }
    let required = version == 1 ? ["items"] : ["items", "nextID", "undo"]
    for name in required where !present.contains(name) {
      throw scanner.fail("the list lacks '\(name)'")
    }
    return document
  }

  private static func readUndo(
    _ scanner: inout JSONScanner, item readItem: (inout JSONScanner) throws -> TodoItem
  ) throws -> UndoEntry {
    let start = scanner.offset
    var entry = UndoEntry(summary: "")
    var present: Set<String> = []
    try scanner.object { scanner, key in
      let name: String
      switch key {
      case "summary":
        name = "summary"
        entry.summary = try scanner.string()
      case "restore":
        name = "restore"
        try scanner.array { scanner in entry.restore.append(try readItem(&scanner)) }
      case "remove":
        name = "remove"
        try scanner.array { scanner in
          entry.remove.append(try scanner.int(in: 1...TodoItem.maximumID))
        }
      default:
        throw scanner.fail("unknown key '\(key)' (an undo entry has remove, restore, summary)")
      }
      guard present.insert(name).inserted else {
        throw scanner.fail("the key '\(name)' appears twice")
      }
    }
    guard present.count == 3 else {
      throw JSONScanner.Failure(
        reason: "an undo entry lacks remove, restore or summary", offset: start)
    }
    return entry
  }

  /// A version 1 item: `id`, `title`, `created` (seconds), optional `priority`,
  /// `due`, `tags`, `completed` (seconds).
  private static func readVersion1Item(_ scanner: inout JSONScanner) throws -> TodoItem {
    let start = scanner.offset
    var id: Int?
    var title: String?
    var created: Int?
    var item = TodoItem(id: 0, title: "", created: 0)
    var present: Set<String> = []
    try scanner.object { scanner, key in
      let name: String
      switch key {
      case "id":
        name = "id"
        id = try scanner.int(in: 1...TodoItem.maximumID)
      case "title":
        name = "title"
        title = try scanner.string()
      case "created":
        name = "created"
        created = try scanner.int(in: TodoItem.timestampRange)
      case "completed":
        name = "completed"
        if !scanner.null() { item.completed = try scanner.int(in: TodoItem.timestampRange) }
      case "priority":
        name = "priority"
        guard !scanner.null() else { break }
        let text = try scanner.string()
        guard let priority = Priority(storedName: text) else {
          throw scanner.fail("unknown priority '\(text)'")
        }
        item.priority = priority
      case "due":
        name = "due"
        guard !scanner.null() else { break }
        let text = try scanner.string()
        guard let day = Day(iso: text) else { throw scanner.fail("bad due date '\(text)'") }
        item.due = day
      case "tags":
        name = "tags"
        try scanner.array { scanner in item.tags.append(try scanner.string()) }
      default:
        throw scanner.fail("unknown key '\(key)' in a version 1 item")
      }
      guard present.insert(name).inserted else {
        throw scanner.fail("the key '\(name)' appears twice")
      }
    }
    guard let id, let title, let created else {
      throw JSONScanner.Failure(reason: "an item lacks id, title or created", offset: start)
    }
    item.id = id
    item.title = title
    item.created = created
    return item
  }

  /// The document when its ids are consistent: unique, ascending (version 1 files
  /// may be in any order), `nextID` above every id, kept or removed.
  private func checked(version: Int) throws -> TodoDocument {
    var copy = self
    if version == 1 { copy.items.sort { $0.id < $1.id } }
    for (a, b) in zip(copy.items, copy.items.dropFirst()) where a.id >= b.id {
      throw JSONScanner.Failure(
        reason: a.id == b.id ? "two items have id \(a.id)" : "items are not in id order",
        offset: 0)
    }
    let highest = Swift.max(
      copy.items.last?.id ?? 0,
      copy.undo.lazy.flatMap { $0.restore.map(\.id) + $0.remove }.max() ?? 0)
    if version == 1 {
      copy.nextID = Swift.max(copy.nextID, highest + 1)
    } else if copy.nextID <= highest {
      throw JSONScanner.Failure(reason: "nextID \(nextID) is not above id \(highest)", offset: 0)
    }
    return copy
  }

  // MARK: - Writing

  /// The stored bytes of the current version.
  package func encoded() -> Data {
    var writer = JSONWriter(capacity: 64 + items.count * 200)
    writer.raw("{\"version\":")
    writer.int(Self.currentVersion)
    writer.raw(",\"value\":{\n\"nextID\":")
    writer.int(nextID)
    writer.raw(",\n\"items\":[")
    Self.write(items, to: &writer)
    writer.raw("],\n\"undo\":[")
    for (index, entry) in undo.enumerated() {
      writer.raw(index == 0 ? "\n{\"remove\":[" : ",\n{\"remove\":[")
      for (position, id) in entry.remove.enumerated() {
        if position > 0 { writer.raw(",") }
        writer.int(id)
      }
      writer.raw("],\"restore\":[")
      Self.write(entry.restore, to: &writer)
      writer.raw("],\"summary\":")
      writer.string(entry.summary)
      writer.raw("}")
    }
    writer.raw(undo.isEmpty ? "]}}\n" : "\n]}}\n")
    return Data(writer.bytes)
  }

  private static func write(_ items: [TodoItem], to writer: inout JSONWriter) {
    for (index, item) in items.enumerated() {
      writer.raw(index == 0 ? "\n" : ",\n")
      item.writeJSON(to: &writer)
    }
    if !items.isEmpty { writer.raw("\n") }
  }
}

/// A stored file of a newer schema version than this build reads.
private struct NewerVersion: Error {
  var version: Int
}
