package import CoreBase
internal import Foundation

/// The stored form of the list: `todos.json` in the app's data folder, through
/// Core's `FileKeyValueStore` in a `Versioned` envelope.
///
/// ```
/// {
///   "value" : {
///     "items" : [
///       {"completed" : null, "created" : "2026-05-01T10:00:00Z", "done" : false, … "title" : "Buy milk"}
///     ],
///     "nextID" : 3,
///     "undo" : [ {"remove" : [2], "restore" : [], "summary" : "rm 2"} ]
///   },
///   "version" : 2
/// }
/// ```
///
/// Items have the one JSON form of ``TodoItem`` (the `--json` schema). Version 1
/// (timestamps as seconds, absent fields left out, no notes) migrates on read and
/// is written as version 2 on the next change.
///
/// Reading is strict, so that no change ever writes back less than the file held:
/// invalid JSON, repeated keys (Core's check), unknown or missing keys, values of
/// the wrong type or out of range, invalid items, items out of id order and a
/// `nextID` not above every id are all refused as corrupt (exit 65, the file
/// untouched); a newer version is refused as unsupported.
extension TodoDocument: Codable {
  /// The store key: the file is `todos.json`.
  package static let storeKey = "todos"

  /// The schema's versions and the step from version 1.
  package static let migrations = Migrations<TodoDocument>(currentVersion: currentVersion)
    .step(from: 1) { (old: Version1) in try old.migrated() }

  package enum CodingKeys: String, CodingKey, CaseIterable {
    case items, nextID, undo
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    items = try container.decode([TodoItem].self, forKey: .items)
    nextID = try container.decode(Int.self, forKey: .nextID)
    undo = try container.decode([UndoEntry].self, forKey: .undo)
    if let problem = idProblem {
      throw DecodingError.dataCorruptedError(
        forKey: .items, in: container, debugDescription: problem)
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encode(nextID, forKey: .nextID)
    try container.encode(undo, forKey: .undo)
  }

  /// Why the ids are inconsistent, or nil: unique and ascending, `nextID` above
  /// every id kept or removed, and no more than ``TodoItem/maximumID`` + 1.
  private var idProblem: String? {
    for (a, b) in zip(items, items.dropFirst()) where a.id >= b.id {
      return a.id == b.id ? "two items have id \(a.id)" : "items are not in id order"
    }
    guard (1...(TodoItem.maximumID + 1)).contains(nextID) else {
      return "nextID \(nextID) is outside 1…\(TodoItem.maximumID + 1)"
    }
    let highest = highestID
    guard nextID > highest else { return "nextID \(nextID) is not above id \(highest)" }
    return nil
  }

  /// The highest id in the items and the undo log, or 0.
  private var highestID: Int {
    Swift.max(
      items.last?.id ?? 0,
      undo.lazy.flatMap { $0.restore.map(\.id) + $0.remove }.max() ?? 0)
  }

  // MARK: - Version 1

  /// A version 1 list: `items`, optional `nextID` and `undo`.
  struct Version1: Decodable, Sendable {
    var items: [Item]
    var nextID: Int?
    var undo: [Undo]?

    enum CodingKeys: String, CodingKey, CaseIterable { case items, nextID, undo }

    init(from decoder: any Decoder) throws {
      let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
      items = try container.decode([Item].self, forKey: .items)
      nextID = try container.decodeIfPresent(Int.self, forKey: .nextID)
      undo = try container.decodeIfPresent([Undo].self, forKey: .undo)
      // Every number is in range before `migrated()` does arithmetic with it.
      if let nextID, !(1...(TodoItem.maximumID + 1)).contains(nextID) {
        throw DecodingError.dataCorruptedError(
          forKey: .nextID, in: container,
          debugDescription: "nextID \(nextID) is outside 1…\(TodoItem.maximumID + 1)")
      }
      var ids = Set<Int>()
      for item in items where !ids.insert(item.item.id).inserted {
        throw DecodingError.dataCorruptedError(
          forKey: .items, in: container, debugDescription: "two items have id \(item.item.id)")
      }
    }

    /// A version 1 item: `id`, `title`, `created` (seconds), optional `priority`,
    /// `due`, `tags`, `completed` (seconds).
    struct Item: Decodable, Sendable {
      var item: TodoItem

      enum CodingKeys: String, CodingKey, CaseIterable {
        case completed, created, due, id, priority, tags, title
      }

      init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        func corrupt(_ key: CodingKeys, _ reason: String) -> DecodingError {
          .dataCorruptedError(forKey: key, in: container, debugDescription: reason)
        }
        let id = try container.decode(Int.self, forKey: .id)
        let created = try container.decode(Int.self, forKey: .created)
        let completed = try container.decodeIfPresent(Int.self, forKey: .completed)
        guard (1...TodoItem.maximumID).contains(id) else {
          throw corrupt(.id, "id \(id) is outside 1…\(TodoItem.maximumID)")
        }
        for (key, seconds) in [(CodingKeys.created, created), (.completed, completed ?? 0)]
        where !TodoItem.timestampRange.contains(seconds) {
          throw corrupt(key, "timestamp \(seconds) is outside years 1 to 9999")
        }
        item = TodoItem(
          id: id, title: try container.decode(String.self, forKey: .title),
          tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [],
          created: created, completed: completed)
        if let name = try container.decodeIfPresent(String.self, forKey: .priority) {
          guard let priority = Priority(storedName: name) else {
            throw corrupt(.priority, "unknown priority '\(name)'")
          }
          item.priority = priority
        }
        if let text = try container.decodeIfPresent(String.self, forKey: .due) {
          guard let day = Day(iso: text) else { throw corrupt(.due, "bad due date '\(text)'") }
          item.due = day
        }
      }
    }

    /// A version 1 undo entry.
    struct Undo: Decodable, Sendable {
      var summary: String
      var remove: [Int]
      var restore: [Item]

      enum CodingKeys: String, CodingKey, CaseIterable { case summary, remove, restore }

      init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        summary = try container.decode(String.self, forKey: .summary)
        remove = try container.decode([Int].self, forKey: .remove)
        restore = try container.decode([Item].self, forKey: .restore)
        for id in remove where !(1...TodoItem.maximumID).contains(id) {
          throw DecodingError.dataCorruptedError(
            forKey: .remove, in: container,
            debugDescription: "id \(id) is outside 1…\(TodoItem.maximumID)")
        }
      }
    }

    /// The list in version 2: items in id order, `nextID` above every id.
    func migrated() throws -> TodoDocument {
      var document = TodoDocument()
      document.items = items.map(\.item).sorted { $0.id < $1.id }
      document.undo = (undo ?? []).map { entry in
        UndoEntry(summary: entry.summary, restore: entry.restore.map(\.item), remove: entry.remove)
      }
      document.nextID = Swift.max(nextID ?? 1, document.highestID + 1)
      return document
    }
  }
}

extension UndoEntry: Codable {
  package enum CodingKeys: String, CodingKey, CaseIterable {
    case remove, restore, summary
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    summary = try container.decode(String.self, forKey: .summary)
    restore = try container.decode([TodoItem].self, forKey: .restore)
    remove = try container.decode([Int].self, forKey: .remove)
    for id in remove where !(1...TodoItem.maximumID).contains(id) {
      throw DecodingError.dataCorruptedError(
        forKey: .remove, in: container,
        debugDescription: "id \(id) is outside 1…\(TodoItem.maximumID)")
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(remove, forKey: .remove)
    try container.encode(restore, forKey: .restore)
    try container.encode(summary, forKey: .summary)
  }
}
