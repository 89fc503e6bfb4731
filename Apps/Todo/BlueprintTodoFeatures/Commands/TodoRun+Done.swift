internal import BlueprintTodoModel
internal import CoreTerminal

/// `done` and `reopen`: one change of the list, then what it did in a person's words.
extension TodoRun {
  /// Marks `ids` done (or open) in one change and writes what changed.
  func setDone(_ isDone: Bool, ids: [Int]) throws {
    let already = try store.change { document in
      let already = try ids.filter { try document.item($0).isDone == isDone }
      try document.setDone(ids, isDone, now: clock.seconds)
      return already
    }
    context.write(Self.doneReport(ids: ids, already: already, isDone: isDone) + "\n")
  }

  /// What `done` or `reopen` did, as a person would say it: `marked todo 1 as
  /// done`, `todos 2 and 3 were already done`, `reopened todo 4`.
  ///
  /// - Parameters:
  ///   - ids: The ids as given (repeats are said once).
  ///   - already: Those that were already in the state asked for.
  ///   - isDone: Whether the command was `done` (else `reopen`).
  /// - Returns: One line, without its newline.
  static func doneReport(ids: [Int], already: [Int], isDone: Bool) -> String {
    var seen = Set<Int>()
    let unique = ids.filter { seen.insert($0).inserted }
    let alreadySet = Set(already)
    let changed = unique.filter { !alreadySet.contains($0) }
    let unchanged = unique.filter { alreadySet.contains($0) }
    var parts: [String] = []
    if !changed.isEmpty {
      parts.append(isDone ? "marked \(todos(changed)) as done" : "reopened \(todos(changed))")
    }
    if !unchanged.isEmpty {
      let verb = unchanged.count == 1 ? "was" : "were"
      parts.append("\(todos(unchanged)) \(verb) already \(isDone ? "done" : "open")")
    }
    return parts.joined(separator: "; ")
  }

  /// `todo 1`, `todos 1 and 3`, `todos 1, 3 and 5`.
  private static func todos(_ ids: [Int]) -> String {
    let numbers = ids.map(String.init)
    let list =
      numbers.count == 1
      ? numbers[0]
      : numbers.dropLast().joined(separator: ", ") + " and " + numbers[numbers.count - 1]
    return (ids.count == 1 ? "todo " : "todos ") + list
  }
}
