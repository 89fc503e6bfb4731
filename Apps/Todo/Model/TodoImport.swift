internal import Core
package import Foundation

extension TodoDocument.Draft {
  /// Reads a JSON array of items in the `--json` schema; ids are ignored (new ones
  /// are given).
  ///
  /// Only `title` is required. `done: true` without `completed` counts as completed
  /// at `now`; `created` defaults to `now`. Invalid JSON, repeated keys (Core's
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
    return imported.map { item in
      var draft = item.draft
      draft.created = item.created ?? now
      switch item.done {
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

  var draft: TodoDocument.Draft
  var created: Int?
  var done: Bool?

  init(from decoder: any Decoder) throws {
    let position = (decoder.codingPath.last?.intValue ?? 0) + 1
    func fail(_ reason: String) -> Problem { Problem(reason: "item \(position): \(reason)") }
    do {
      let container = try decoder.strictContainer(keyedBy: TodoItem.CodingKeys.self)
      guard let title = try container.decodeIfPresent(String.self, forKey: .title) else {
        throw fail("no title")
      }
      let tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
      draft = TodoDocument.Draft(
        title: title.trimmingCharacters(in: .whitespacesAndNewlines), tags: tags,
        note: try container.decodeIfPresent(String.self, forKey: .note).flatMap {
          $0.isEmpty ? nil : $0
        },
        created: 0)
      // The one rule for an item, as the command line and the stored file apply it.
      do {
        try TodoItem(id: 1, title: title, tags: tags, note: draft.note, created: 0).validate()
      } catch {
        throw fail(error.fileReason)
      }
      if let name = try container.decodeIfPresent(String.self, forKey: .priority) {
        guard let priority = Priority(name: name) else {
          throw fail("unknown priority '\(name.prefix(40))' (low, medium or high)")
        }
        draft.priority = priority
      }
      if let text = try container.decodeIfPresent(String.self, forKey: .due) {
        guard let day = Day(iso: text) else { throw fail("bad due date '\(text.prefix(40))'") }
        draft.due = day
      }
      for key in [TodoItem.CodingKeys.created, .completed] {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { continue }
        guard let seconds = TodoItem.seconds(fromTimestamp: text) else {
          throw fail(
            "bad timestamp '\(text.prefix(40))' (ISO 8601 between years 1 and 9999, "
              + "e.g. 2026-05-01T10:00:00Z)")
        }
        if key == .created { created = seconds } else { draft.completed = seconds }
      }
      done = try container.decodeIfPresent(Bool.self, forKey: .done)
      if (try? container.decodeNil(forKey: .id)) == false {
        _ = try container.decode(Double.self, forKey: .id)
      }
    } catch let problem as Problem {
      throw problem
    } catch let DecodingError.dataCorrupted(context) {
      throw fail(context.debugDescription)
    } catch let DecodingError.typeMismatch(type, context) {
      let key = context.codingPath.dropFirst(decoder.codingPath.count).first?.stringValue ?? "?"
      throw fail("'\(key)' is not \(type == Bool.self ? "true or false" : "a \(type)")")
    } catch {
      throw fail("\(error)")
    }
  }
}
