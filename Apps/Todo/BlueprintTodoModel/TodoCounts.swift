/// How many items are open, done and overdue: the numbers in a listing's header.
package struct TodoCounts: Hashable, Sendable {
  /// Items not done.
  package var open = 0
  /// Items done.
  package var done = 0
  /// Open items due before today.
  package var overdue = 0

  /// Counts as given.
  package init(open: Int = 0, done: Int = 0, overdue: Int = 0) {
    self.open = open
    self.done = done
    self.overdue = overdue
  }

  /// Counts `items` against `today`.
  package init(_ items: [TodoItem], today: Day) {
    for item in items {
      if item.isDone {
        done += 1
      } else {
        open += 1
        if item.isOverdue(today: today) { overdue += 1 }
      }
    }
  }

  /// `3 open · 1 done · 1 overdue` (overdue only when there are some).
  package var summary: String {
    var text = "\(open) open · \(done) done"
    if overdue > 0 { text += " · \(overdue) overdue" }
    return text
  }
}
