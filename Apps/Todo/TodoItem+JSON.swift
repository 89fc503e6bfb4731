import Core
import CoreTerminal
import Foundation

/// The documented `--json` schema (see Docs/Apps/Todo.md), written and read by hand
/// so that 10,000 items print in milliseconds.
///
/// ```json
/// {"completed":null,"created":"2026-05-01T10:00:00Z","done":false,"due":"2026-05-02","id":2,"priority":"high","tags":["family"],"title":"Call mom"}
/// ```
///
/// Keys are sorted; `priority`, `due` and `completed` are null when unset;
/// timestamps are ISO 8601 in UTC with whole seconds.
extension TodoItem {
  /// One item as a JSON object.
  func writeJSON(to writer: inout JSONWriter) {
    writer.raw("{\"completed\":")
    if let completed { writer.timestamp(completed) } else { writer.raw("null") }
    writer.raw(",\"created\":")
    writer.timestamp(created)
    writer.raw(",\"done\":")
    writer.bool(isDone)
    writer.raw(",\"due\":")
    if let due { writer.day(due) } else { writer.raw("null") }
    writer.raw(",\"id\":")
    writer.int(id)
    writer.raw(",\"priority\":")
    writer.string(orNull: priority?.name)
    writer.raw(",\"tags\":")
    writer.strings(tags)
    writer.raw(",\"title\":")
    writer.string(title)
    writer.raw("}")
  }

  /// Items as a JSON array, one item per line, with a final newline.
  static func jsonArray(_ items: [TodoItem]) -> String {
    jsonArray(items, order: Array(items.indices))
  }

  /// The items at `order`'s indices as a JSON array, one item per line.
  static func jsonArray(_ items: [TodoItem], order: [Int]) -> String {
    var writer = JSONWriter(textCapacity: 16 + order.count * 180)
    writer.raw("[")
    items.withUnsafeBufferPointer { items in
      for (position, index) in order.enumerated() {
        writer.raw(position == 0 ? "\n  " : ",\n  ")
        items[index].writeJSON(to: &writer)
        writer.flush()
      }
    }
    writer.raw(order.isEmpty ? "]\n" : "\n]\n")
    return writer.finishText()
  }

  /// One item as a JSON object with a final newline.
  var jsonObject: String {
    var writer = JSONWriter(capacity: 256)
    writeJSON(to: &writer)
    writer.raw("\n")
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  // MARK: - Timestamps

  /// `2026-05-01T10:00:00Z` for whole seconds since 1970.
  static func timestamp(_ seconds: Int) -> String {
    var bytes: [UInt8] = []
    appendTimestamp(seconds, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `2026-05-01T10:00:00Z` as ASCII bytes.
  static func appendTimestamp(_ seconds: Int, to bytes: inout [UInt8]) {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let rest = seconds - days * 86_400
    Day(number: days).appendISO(to: &bytes)
    bytes.append(0x54)  // T
    Day.appendDigits(rest / 3600, width: 2, to: &bytes)
    bytes.append(0x3A)
    Day.appendDigits(rest / 60 % 60, width: 2, to: &bytes)
    bytes.append(0x3A)
    Day.appendDigits(rest % 60, width: 2, to: &bytes)
    bytes.append(0x5A)  // Z
  }

  /// Seconds since 1970 for an ISO 8601 timestamp with a time zone
  /// (`2026-05-01T10:00:00Z`, `…+02:00`, fractional seconds allowed and dropped).
  static func seconds(fromTimestamp text: String) -> Int? {
    let plain = Date.ISO8601FormatStyle()
    let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    guard let date = (try? plain.parse(text)) ?? (try? fractional.parse(text)) else { return nil }
    return Int(date.timeIntervalSince1970.rounded(.down))
  }
}

// MARK: - Import

extension TodoDocument.Draft {
  /// Reads a JSON array in the `--json` schema; ids are ignored (new ones are given).
  ///
  /// Only `title` is required. `done: true` without `completed` counts as completed
  /// at `now`; `created` defaults to `now`. Unknown keys are ignored.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - source: The file's name for messages (`-` for standard input).
  ///   - now: The current time in whole seconds since 1970.
  /// - Returns: The drafts, in file order.
  /// - Throws: ``AppError`` with exit 65 naming the file and the problem.
  static func importing(_ data: Data, source: String, now: Int) throws(AppError)
    -> [TodoDocument.Draft]
  {
    var drafts: [TodoDocument.Draft] = []
    do {
      try JSONScanner.scan(data) { scanner in
        guard scanner.peek() == 0x5B else { throw scanner.fail("expected a JSON array of todos") }
        try scanner.array { scanner in
          drafts.append(try readDraft(&scanner, now: now, position: drafts.count + 1))
        }
        guard scanner.isAtEnd() else { throw scanner.fail("unexpected text after the array") }
      }
    } catch let failure as JSONScanner.Failure {
      throw AppError(
        "cannot import \(source): \(failure)",
        hint: "expected the schema of '\(appIdentity.name) list --json'",
        exitCode: .dataError)
    } catch let error as AppError {
      throw AppError(
        "cannot import \(source): \(error.message)", hint: error.hint, exitCode: .dataError)
    } catch {
      throw AppError("cannot import \(source): \(error)", exitCode: .dataError)
    }
    return drafts
  }

  private static func readDraft(_ scanner: inout JSONScanner, now: Int, position: Int) throws
    -> TodoDocument.Draft
  {
    var draft = TodoDocument.Draft(title: "", created: now)
    var title: String?
    var done: Bool?
    let item = "item \(position)"
    try scanner.object { scanner, key in
      switch key {
      case "title": title = try scanner.string()
      case "done": done = try scanner.bool()
      case "priority":
        guard !scanner.null() else { return }
        let name = try scanner.string()
        guard let priority = Priority(name: name) else {
          throw AppError("\(item): unknown priority '\(name)'", hint: "use low, medium or high")
        }
        draft.priority = priority
      case "due":
        guard !scanner.null() else { return }
        let text = try scanner.string()
        guard let day = Day(iso: text) else {
          throw AppError("\(item): bad due date '\(text)'", hint: "use YYYY-MM-DD")
        }
        draft.due = day
      case "tags":
        guard !scanner.null() else { return }
        try scanner.array { scanner in
          let tag = try scanner.string()
          guard !tag.isEmpty, !tag.contains(where: \.isWhitespace) else {
            throw AppError("\(item): invalid tag '\(tag)'", hint: "a tag is one word")
          }
          draft.tags.append(tag)
        }
      case "created", "completed":
        guard !scanner.null() else { return }
        let text = try scanner.string()
        guard let seconds = TodoItem.seconds(fromTimestamp: text) else {
          throw AppError(
            "\(item): bad timestamp '\(text)'", hint: "use ISO 8601, e.g. 2026-05-01T10:00:00Z")
        }
        if "created" ~= key { draft.created = seconds } else { draft.completed = seconds }
      default: try scanner.skipValue()
      }
    }
    guard let title else { throw AppError("\(item) has no title") }
    do {
      draft.title = try TodoDocument.validTitle(title)
    } catch {
      throw AppError("\(item): the title is empty")
    }
    switch done {
    case true?: draft.completed = draft.completed ?? now
    case false?: draft.completed = nil
    case nil: break
    }
    return draft
  }
}
