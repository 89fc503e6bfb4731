package import BlueprintTodoModel
internal import CoreBase
package import Foundation

extension TodoDocument.Draft {
  /// Reads a JSON array of items in the `--json` schema; ids are ignored (new ones
  /// are given).
  ///
  /// Only `title` is required. `done: true` without `completed` counts as completed
  /// at `now`, `done: false` with a `completed` time is refused; `created` defaults
  /// to `now`. Invalid JSON, repeated keys (Core's
  /// `StrictJSON`), unknown keys, values out of range and invalid items (the one
  /// rule of ``TodoItem/validate()``, the 1,000-character title included) are refused.
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
    let imported: [Imported]
    do {
      imported = try StrictJSON.decode([Imported].self, from: data)
    } catch let problem as Imported.Problem {
      throw .invalidImport(source: source, reason: problem.reason)
    } catch let problem as StrictJSON.Problem {
      throw .invalidImport(source: source, reason: "\(problem)")
    } catch {
      throw .invalidImport(source: source, reason: "expected a JSON array of todos")
    }
    return imported.map { imported in
      var draft = TodoDocument.Draft(imported.item)
      if !imported.given.created { draft.created = now }
      switch imported.given.done {
      case true?: draft.completed = draft.completed ?? now
      case false?: draft.completed = nil
      case nil: break
      }
      return draft
    }
  }
}

/// One imported item: the `--json` schema, read leniently (only `title` required,
/// nulls for absent values, timestamps with an offset or a fraction), but never
/// loosely: unknown keys and invalid items are refused.
private struct Imported: Decodable {
  struct Problem: Error {
    var reason: String
  }

  var item: TodoItem
  var given = TodoItem.Given()

  init(from decoder: any Decoder) throws {
    let position = (decoder.codingPath.last?.intValue ?? 0) + 1
    func fail(_ reason: String) -> Problem { Problem(reason: "item \(position): \(reason)") }
    do {
      // The item's one reader (TodoItem+Codable.swift), in its lenient form.
      item = try TodoItem(from: decoder, form: .imported, given: &given)
    } catch let DecodingError.dataCorrupted(context) {
      throw fail(context.debugDescription)
    } catch let DecodingError.typeMismatch(type, context) {
      let key = context.codingPath.dropFirst(decoder.codingPath.count).first?.stringValue ?? "?"
      throw fail("'\(key)' is not \(type == Bool.self ? "true or false" : "a \(type)")")
    } catch {
      throw fail("\(error)")
    }
    if given.done == false, item.completed != nil {
      throw fail("'done' is false but 'completed' gives a time (drop one of the two)")
    }
  }
}
