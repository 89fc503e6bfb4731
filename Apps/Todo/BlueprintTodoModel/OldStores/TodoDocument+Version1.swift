internal import CoreBase
internal import Foundation

/// Version 1 of the stored list, read so that a list written by todo before version 2
/// migrates on read (``TodoDocument/migrations``) and is written as version 2 on the next
/// change: timestamps as seconds, absent fields left out, no notes.
extension TodoDocument {
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
