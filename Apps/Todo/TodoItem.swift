import Foundation

/// How important a todo is.
enum Priority: Int, Comparable, CaseIterable, Sendable {
  case low = 1
  case medium = 2
  case high = 3

  /// The name used on the command line, in JSON and in the stored file.
  var name: String {
    switch self {
    case .low: "low"
    case .medium: "medium"
    case .high: "high"
    }
  }

  /// Parses `low`, `medium` or `high` (any case).
  init?(name: String) {
    switch name.lowercased() {
    case "low", "l": self = .low
    case "medium", "m", "med": self = .medium
    case "high", "h": self = .high
    default: return nil
    }
  }

  static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One thing to do.
///
/// Titles and tags are stored exactly as given (control characters included);
/// they are sanitized only when written to a terminal.
struct TodoItem: Hashable, Sendable {
  /// A short number that never changes and is never reused.
  var id: Int
  /// What to do; never empty.
  var title: String
  /// How important it is, if said.
  var priority: Priority?
  /// When it is due, if said.
  var due: Day?
  /// Tags, in the order they were added, without duplicates.
  var tags: [String]
  /// When it was added, in whole seconds since 1970.
  var created: Int
  /// When it was marked done, in whole seconds since 1970; nil while open.
  var completed: Int?

  /// Whether it is done.
  var isDone: Bool { completed != nil }

  /// Whether it is open and due before `today`.
  func isOverdue(today: Day) -> Bool {
    guard completed == nil, let due else { return false }
    return due < today
  }

  /// The listing order: priority (high first), then due date (soonest first, none
  /// last), then id.
  static func listOrder(_ lhs: TodoItem, _ rhs: TodoItem) -> Bool {
    SortKey(lhs) < SortKey(rhs)
  }

  /// The items in listing order; sorts small keys, not the items themselves.
  static func inListOrder(
    _ items: [TodoItem], where isIncluded: (TodoItem) -> Bool = { _ in true }
  ) -> [TodoItem] {
    listOrder(of: items, where: isIncluded).map { items[$0] }
  }

  /// The indices of the included items, in listing order.
  static func listOrder(of items: [TodoItem], where isIncluded: (TodoItem) -> Bool) -> [Int] {
    var keys: [SortKey] = []
    keys.reserveCapacity(items.count)
    for index in items.indices where isIncluded(items[index]) {
      keys.append(SortKey(items[index], index: index))
    }
    keys.sort(by: <)
    return keys.map(\.index)
  }

  /// What the listing order compares, packed into integers.
  private struct SortKey: Comparable {
    var priority: Int
    var due: Int
    var id: Int
    var index = 0

    init(_ item: TodoItem, index: Int = 0) {
      priority = -(item.priority?.rawValue ?? 0)
      due = item.due?.number ?? Int.max
      id = item.id
      self.index = index
    }

    static func < (lhs: SortKey, rhs: SortKey) -> Bool {
      (lhs.priority, lhs.due, lhs.id) < (rhs.priority, rhs.due, rhs.id)
    }
  }
}

/// The whole stored list: the items, the next id and the undo log.
struct TodoDocument: Hashable, Sendable {
  /// The schema version this build reads and writes.
  static let currentVersion = 1
  /// How many changes `todo undo` can revert.
  static let undoLimit = 20

  /// The items, in id order.
  var items: [TodoItem] = []
  /// The id the next new item gets; only ever grows.
  var nextID = 1
  /// Inverse changes, oldest first.
  var undo: [UndoEntry] = []
}

/// How to revert one change: items to put back as they were, ids to remove.
struct UndoEntry: Hashable, Sendable, Codable {
  /// What the change was, e.g. `add 12`, shown by `todo undo`.
  var summary: String
  /// Items to restore in their earlier state (replacing or re-inserting by id).
  var restore: [TodoItem] = []
  /// Ids of items the change created, removed on undo.
  var remove: [Int] = []
}
