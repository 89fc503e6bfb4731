package import Foundation

extension TodoDocument.Draft {
  /// Reads a JSON array of items in the `--json` schema; ids are ignored (new ones
  /// are given).
  ///
  /// Only `title` is required. `done: true` without `completed` counts as completed
  /// at `now`; `created` defaults to `now`. Unknown keys, invalid JSON, nesting
  /// deeper than ``JSONScanner/maximumDepth`` and values out of range are refused.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - source: The file's name for messages (`standard input` for `-`).
  ///   - now: The current time in whole seconds since 1970.
  /// - Returns: The drafts, in file order.
  /// - Throws: ``TodoError/invalidImport(source:reason:)`` naming the file and the
  ///   problem.
  package static func importing(_ data: Data, source: String, now: Int) throws(TodoError)
    -> [TodoDocument.Draft]
  {
    var drafts: [TodoDocument.Draft] = []
    do {
      try JSONScanner.scan(data) { scanner in
        guard scanner.peek() == 0x5B else { throw scanner.fail("expected a JSON array of todos") }
        try scanner.array { scanner in
          let position = drafts.count + 1
          do {
            drafts.append(try readDraft(&scanner, now: now))
          } catch let failure as JSONScanner.Failure {
            throw JSONScanner.Failure(
              reason: "item \(position): \(failure.reason)", offset: failure.offset)
          }
        }
        guard scanner.isAtEnd() else { throw scanner.fail("unexpected text after the array") }
      }
    } catch {
      throw .invalidImport(source: source, reason: "\(error)")
    }
    return drafts
  }

  private static func readDraft(_ scanner: inout JSONScanner, now: Int) throws
    -> TodoDocument.Draft
  {
    let start = scanner.offset
    let fields = try TodoItem.readFields(&scanner, reading: .imported)
    func fail(_ reason: String) -> JSONScanner.Failure {
      JSONScanner.Failure(reason: reason, offset: start)
    }
    guard let title = fields.title else { throw fail("no title") }
    let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw fail("the title is empty") }
    let tags = fields.tags ?? []
    for tag in tags where tag.isEmpty || tag.contains(where: \.isWhitespace) {
      throw fail("invalid tag '\(tag)' (a tag is one word)")
    }
    var draft = TodoDocument.Draft(
      title: trimmed, priority: fields.priority, due: fields.due, tags: tags,
      note: fields.note.flatMap { $0.isEmpty ? nil : $0 }, created: fields.created ?? now,
      completed: fields.completed)
    switch fields.done {
    case true?: draft.completed = draft.completed ?? now
    case false?: draft.completed = nil
    case nil: break
    }
    return draft
  }
}
