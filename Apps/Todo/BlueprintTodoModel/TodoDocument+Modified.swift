extension TodoDocument {
  /// Sets ``TodoItem/modified`` to `now` on every item whose fields differ from the
  /// item with its id in `before` (an item `undo` put back counts as changed). New
  /// items keep none (their `created` tells when they were made).
  ///
  /// One pass over both lists, which are in id order.
  ///
  /// - Parameters:
  ///   - before: The items before the change.
  ///   - now: The time of the change, in whole seconds since 1970.
  package mutating func stampChanges(since before: [TodoItem], now: Int) {
    var earlier = before.startIndex
    for index in items.indices {
      let id = items[index].id
      while earlier < before.endIndex, before[earlier].id < id { earlier += 1 }
      guard earlier < before.endIndex, before[earlier].id == id else { continue }
      var unstamped = items[index]
      unstamped.modified = before[earlier].modified
      if unstamped != before[earlier] { items[index].modified = now }
    }
  }
}
