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
/// is written as version 2 on the next change (`OldStores/`).
///
/// Reading is strict, so that no change ever writes back less than the file held:
/// invalid JSON, repeated keys (Core's check), unknown or missing keys, values of
/// the wrong type or out of range, invalid items, items out of id order and a
/// `nextID` not above every id are all refused as corrupt (exit 65, the file
/// untouched); a newer version is refused as unsupported.
extension TodoDocument: Codable {
  /// The store key: the file is `todos.json`.
  package static let storeKey = "todos"

  /// The schema's versions and the step from version 1 (`OldStores/`: a copy without
  /// that folder deletes the step's line, and refuses a version 1 file as unsupported).
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
  var highestID: Int {
    Swift.max(
      items.last?.id ?? 0,
      undo.lazy.flatMap { $0.restore.map(\.id) + $0.remove }.max() ?? 0)
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
