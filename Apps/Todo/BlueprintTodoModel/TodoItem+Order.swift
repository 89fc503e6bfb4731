/// The orders a listing can take; in each, done items come after open ones.
package enum TodoOrder: String, CaseIterable, Sendable {
  /// Overdue items first, then those due today, then the rest; within each, by
  /// urgency as Taskwarrior weighs it (``TodoItem/urgency(today:)``): a near due date
  /// counts for more than a low priority. The order `todo list` and the interactive
  /// list use by default.
  case urgent
  /// Priority (high first), then due date (soonest first, none last), then id.
  case priority
  /// Due date (soonest first, none last), then priority, then id.
  case due
  /// When added (oldest first), then id.
  case created
  /// Id only.
  case id
}

extension TodoOrder {
  /// The order of `todo list` without `--sort` and of the interactive list: one
  /// rule for both.
  package static let standard = TodoOrder.urgent

  /// The order a word names, in any case: a raw value, or `urgency` (Taskwarrior's
  /// word) for ``urgent``.
  ///
  /// - Parameter name: The word, as typed after `--sort`.
  package init?(name: String) {
    let lowered = name.lowercased()
    if lowered == "urgency" {
      self = .urgent
    } else if let order = TodoOrder.allCases.first(where: { $0.rawValue == lowered }) {
      self = order
    } else {
      return nil
    }
  }

  /// How the order reads in a listing's header, e.g. `overdue first, then today,
  /// then by urgency`.
  package var summary: String {
    switch self {
    case .urgent: "overdue first, then due today, then by urgency"
    case .priority: "by priority"
    case .due: "by due date"
    case .created: "by when added"
    case .id: "by id"
    }
  }
}

extension TodoItem {
  /// The items in listing order; sorts small keys, not the items themselves.
  ///
  /// - Parameters:
  ///   - items: The items.
  ///   - order: The order.
  ///   - today: The day ``TodoOrder/urgent`` measures overdue against.
  ///   - isIncluded: Which items to keep.
  /// - Returns: The included items, in `order`.
  package static func inListOrder(
    _ items: [TodoItem], by order: TodoOrder = .priority, today: Day = Day(number: 0),
    where isIncluded: (TodoItem) -> Bool = { _ in true }
  ) -> [TodoItem] {
    listOrder(of: items, by: order, today: today, where: isIncluded).map { items[$0] }
  }

  /// The indices of the included items, in `order`.
  package static func listOrder(
    of items: [TodoItem], by order: TodoOrder = .priority, today: Day = Day(number: 0),
    where isIncluded: (TodoItem) -> Bool
  ) -> [Int] {
    var keys: [SortKey] = []
    keys.reserveCapacity(items.count)
    for index in items.indices where isIncluded(items[index]) {
      keys.append(SortKey(items[index], order: order, today: today.number, index: index))
    }
    keys.sort(by: <)
    return keys.map(\.index)
  }

  /// How urgent the item is, in thousandths, weighed as Taskwarrior's urgency weighs
  /// priority and due date: priority high 6.0, medium 3.9, low 1.8; a due date 12.0
  /// times a factor that grows from 0.2 (due in 14 days or more) to 1.0 (overdue by
  /// 7 days or more), linearly in between. A low priority due in five weeks (1.8 +
  /// 2.4 = 4.2) comes after no priority due in three days (12 × 0.62 = 7.4).
  ///
  /// - Parameter today: The day due dates are measured from.
  /// - Returns: The urgency × 1000.
  package func urgency(today: Day) -> Int {
    let priority =
      switch self.priority {
      case .high?: 6000
      case .medium?: 3900
      case .low?: 1800
      case nil: 0
      }
    guard let due else { return priority }
    // Days until due (negative: overdue), clamped to Taskwarrior's three weeks.
    let days = min(max(due.number - today.number, -7), 14)
    // 0.2 + 0.8 × (14 − days) / 21, times 12, in thousandths.
    return priority + 12 * (200 + 800 * (14 - days) / 21)
  }

  /// What an order compares, packed into integers.
  private struct SortKey: Comparable {
    /// 0 open, 1 done: done items sink below open ones in every order, on the
    /// command line (`list --all`) as in the interactive list.
    var done: Int
    /// For ``TodoOrder/urgent``: 0 overdue, 1 due today, 2 the rest; else 0.
    var group: Int
    var first: Int
    var second: Int
    var id: Int
    var index: Int

    init(_ item: TodoItem, order: TodoOrder, today: Int, index: Int) {
      let priority = -(item.priority?.rawValue ?? 0)
      let due = item.due?.number ?? Int.max
      group = 0
      switch order {
      case .urgent:
        group = due < today ? 0 : due == today ? 1 : 2
        (first, second) = (-item.urgency(today: Day(number: today)), due)
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
      (lhs.done, lhs.group, lhs.first, lhs.second, lhs.id)
        < (rhs.done, rhs.group, rhs.first, rhs.second, rhs.id)
    }
  }
}
