/// The orders a listing can take; in each, done items come after open ones.
package enum TodoOrder: String, CaseIterable, Sendable {
  /// Priority (high first), then due date (soonest first, none last), then id.
  case priority
  /// Due date (soonest first, none last), then priority, then id.
  case due
  /// When added (oldest first), then id.
  case created
  /// Id only.
  case id
}

extension TodoItem {
  /// The items in listing order; sorts small keys, not the items themselves.
  package static func inListOrder(
    _ items: [TodoItem], by order: TodoOrder = .priority,
    where isIncluded: (TodoItem) -> Bool = { _ in true }
  ) -> [TodoItem] {
    listOrder(of: items, by: order, where: isIncluded).map { items[$0] }
  }

  /// The indices of the included items, in `order`.
  package static func listOrder(
    of items: [TodoItem], by order: TodoOrder = .priority, where isIncluded: (TodoItem) -> Bool
  ) -> [Int] {
    var keys: [SortKey] = []
    keys.reserveCapacity(items.count)
    for index in items.indices where isIncluded(items[index]) {
      keys.append(SortKey(items[index], order: order, index: index))
    }
    keys.sort(by: <)
    return keys.map(\.index)
  }

  /// What an order compares, packed into integers.
  private struct SortKey: Comparable {
    /// 0 open, 1 done: done items sink below open ones in every order, on the
    /// command line (`list --all`) as in the interactive list.
    var done: Int
    var first: Int
    var second: Int
    var id: Int
    var index: Int

    init(_ item: TodoItem, order: TodoOrder, index: Int) {
      let priority = -(item.priority?.rawValue ?? 0)
      let due = item.due?.number ?? Int.max
      switch order {
      case .priority: (first, second) = (priority, due)
      case .due: (first, second) = (due, priority)
      case .created: (first, second) = (item.created, 0)
      case .id: (first, second) = (0, 0)
      }
      done = item.isDone ? 1 : 0
      id = item.id
      self.index = index
    }

    static func < (lhs: SortKey, rhs: SortKey) -> Bool {
      (lhs.done, lhs.first, lhs.second, lhs.id) < (rhs.done, rhs.first, rhs.second, rhs.id)
    }
  }
}
