package import BlueprintTodoModel
internal import CoreBase
package import Foundation

/// What `task export` prints (Taskwarrior 2.6), read into drafts.
///
/// ```json
/// [{"description":"Buy milk","due":"20261205T000000Z","entry":"20261202T051152Z",
///   "priority":"H","project":"Home","status":"pending","tags":["shop"],
///   "annotations":[{"entry":"20261202T051152Z","description":"first thought"}]}]
/// ```
///
/// | Taskwarrior | todo |
/// |---|---|
/// | `description` | title |
/// | `status` `pending`, `waiting` / `completed` | open / done (`deleted` and `recurring` templates are skipped) |
/// | `due` | due date, the day in the local time zone |
/// | `priority` `H`, `M`, `L` | high, medium, low |
/// | `tags`, `project` | tags (the project as one more tag, its words joined by `-`) |
/// | `annotations` | the note, one line each |
/// | `entry`, `end` | created, completed |
/// | `uuid` | uid (a task already imported is skipped) |
///
/// Other fields (`urgency`, user-defined attributes…) are not kept.
/// Older versions print one object per line without the brackets; that is read too.
package struct TaskwarriorImport: Sendable {
  /// The drafts, in file order.
  package var drafts: [TodoDocument.Draft] = []
  /// How many deleted tasks and recurrence templates were left out.
  package var skipped = 0

  /// Reads a Taskwarrior export.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - source: The file's name for messages.
  ///   - now: Whole seconds since 1970, for a task without `entry`.
  ///   - timeZone: The zone whose day a `due` time falls on.
  /// - Throws: ``TodoError/invalidImport(source:reason:)`` with the task's position
  ///   and the reason; nothing is read from a file with one bad task.
  package init(_ data: Data, source: String, now: Int, timeZone: TimeZone) throws(TodoError) {
    let tasks: [Task]
    do {
      tasks = try StrictJSON.decode([Task].self, from: Self.array(data))
    } catch let problem as Task.Problem {
      throw .invalidImport(source: source, reason: problem.reason)
    } catch let problem as StrictJSON.Problem {
      throw .invalidImport(source: source, reason: "not what 'task export' prints: \(problem)")
    } catch {
      throw .invalidImport(
        source: source, reason: "not what 'task export' prints (a JSON array of tasks)")
    }
    for task in tasks {
      guard task.status != "deleted", task.status != "recurring" else {
        skipped += 1
        continue
      }
      var draft = TodoDocument.Draft(
        title: task.description, priority: task.priority, tags: task.tags,
        note: task.annotations.isEmpty ? nil : task.annotations.joined(separator: "\n"),
        created: task.entry ?? now)
      if let due = task.due {
        draft.due = Day.today(in: timeZone, now: Date(timeIntervalSince1970: Double(due)))
      }
      if task.status == "completed" { draft.completed = task.end ?? task.entry ?? now }
      draft.uid = task.uuid
      drafts.append(draft)
    }
  }

  /// The bytes as a JSON array: one object per line (older exports) gets brackets.
  private static func array(_ data: Data) -> Data {
    guard let first = data.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }), first == 0x7B
    else { return data }
    let lines = data.split(separator: 0x0A).filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x0D } }
    var joined = Data("[".utf8)
    for (index, line) in lines.enumerated() {
      if index > 0 { joined.append(0x2C) }
      var line = Data(line)
      while line.last == 0x2C || line.last == 0x0D || line.last == 0x20 { line.removeLast() }
      joined.append(line)
    }
    joined.append(0x5D)
    return joined
  }

  /// `20261202T051152Z` as seconds since 1970.
  static func seconds(compact text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard bytes.count == 16, bytes[8] == 0x54, bytes[15] == 0x5A,
      bytes.enumerated().allSatisfy({
        $0.offset == 8 || $0.offset == 15 || (0x30...0x39).contains($0.element)
      })
    else { return nil }
    func number(_ range: Range<Int>) -> Int {
      bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    let (hour, minute, second) = (number(9..<11), number(11..<13), number(13..<15))
    guard let day = Day(year: number(0..<4), month: number(4..<6), day: number(6..<8)),
      hour < 24, minute < 60, second < 61
    else { return nil }
    return day.number * 86_400 + hour * 3_600 + minute * 60 + min(second, 59)
  }
}

/// One task of the export; unknown fields are ignored, known ones must be right.
private struct Task: Decodable {
  struct Problem: Error {
    var reason: String
  }

  enum Keys: String, CodingKey {
    case description, status, due, priority, tags, project, annotations, entry, end, uuid
  }

  struct Annotation: Decodable {
    var description: String
  }

  var description: String
  var status: String
  var due: Int?
  var priority: Priority?
  var tags: [String]
  var annotations: [String]
  var entry: Int?
  var end: Int?
  var uuid: String?

  /// Taskwarrior's priority letters.
  private static let priorities: [String: Priority] = ["H": .high, "M": .medium, "L": .low]

  init(from decoder: any Decoder) throws {
    let position = (decoder.codingPath.last?.intValue ?? 0) + 1
    func fail(_ reason: String) -> Problem { Problem(reason: "task \(position): \(reason)") }
    do {
      let container = try decoder.container(keyedBy: Keys.self)
      guard let description = try container.decodeIfPresent(String.self, forKey: .description)
      else { throw fail("no description") }
      self.description = description.trimmingCharacters(in: .whitespacesAndNewlines)
      status = try container.decodeIfPresent(String.self, forKey: .status) ?? "pending"
      guard ["pending", "waiting", "completed", "deleted", "recurring"].contains(status) else {
        throw fail("unknown status '\(status.prefix(40))'")
      }
      func time(_ key: Keys) throws -> Int? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let seconds = TaskwarriorImport.seconds(compact: text) else {
          throw fail("bad \(key.rawValue) time '\(text.prefix(40))' (e.g. 20261202T051152Z)")
        }
        return seconds
      }
      (due, entry, end) = (try time(.due), try time(.entry), try time(.end))
      priority = try container.decodeIfPresent(String.self, forKey: .priority).map { letter in
        guard let priority = Self.priorities[letter] else {
          throw fail("unknown priority '\(letter.prefix(40))' (H, M or L)")
        }
        return priority
      }
      tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
      // Taskwarrior allows spaces in a project, not in a tag.
      if let project = try container.decodeIfPresent(String.self, forKey: .project)
        .flatMap(TodoItem.tag(fromPhrase:)), !tags.contains(project)
      {
        tags.append(project)
      }
      uuid = try container.decodeIfPresent(String.self, forKey: .uuid).flatMap {
        let uuid = $0.trimmingCharacters(in: .whitespaces)
        return uuid.isEmpty || uuid.count > TodoItem.maximumUIDLength ? nil : uuid
      }
      annotations =
        try container.decodeIfPresent([Annotation].self, forKey: .annotations)?.map(\.description)
        ?? []
      do {
        try TodoItem(
          id: 1, title: self.description, tags: tags, note: annotations.joined(separator: "\n"),
          created: 0
        ).validate()
      } catch {
        throw fail(error.fileReason)
      }
    } catch let problem as Problem {
      throw problem
    } catch let DecodingError.typeMismatch(_, context) {
      let key = context.codingPath.dropFirst(decoder.codingPath.count).first?.stringValue ?? "?"
      throw fail("'\(key)' has the wrong type")
    } catch let DecodingError.keyNotFound(key, _) {
      throw fail("an annotation without '\(key.stringValue)'")
    } catch {
      throw fail("\(error)")
    }
  }
}
