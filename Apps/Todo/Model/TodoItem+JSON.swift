internal import Foundation

/// The one JSON form of an item: the stored file, `--json` output and `todo import`
/// all use it (schema in Docs/Apps/Todo.md).
///
/// ```json
/// {"completed":null,"created":"2026-05-01T10:00:00Z","done":false,"due":"2026-05-02","id":2,"note":null,"priority":"high","tags":["family"],"title":"Call mom"}
/// ```
///
/// Keys are sorted; `completed`, `due`, `note` and `priority` are null when unset;
/// timestamps are ISO 8601 in UTC with whole seconds.
extension TodoItem {
  /// One item as a JSON object.
  package func writeJSON(to writer: inout JSONWriter) {
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
    writer.raw(",\"note\":")
    writer.string(orNull: note)
    writer.raw(",\"priority\":")
    writer.string(orNull: priority?.name)
    writer.raw(",\"tags\":")
    writer.strings(tags)
    writer.raw(",\"title\":")
    writer.string(title)
    writer.raw("}")
  }

  /// Items as a JSON array, one item per line, with a final newline.
  package static func jsonArray(_ items: [TodoItem]) -> String {
    jsonArray(items, order: Array(items.indices))
  }

  /// The items at `order`'s indices as a JSON array, one item per line.
  package static func jsonArray(_ items: [TodoItem], order: [Int]) -> String {
    var writer = JSONWriter(textCapacity: 16 + order.count * 200)
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
  package var jsonObject: String {
    var writer = JSONWriter(capacity: 256)
    writeJSON(to: &writer)
    writer.raw("\n")
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  // MARK: - Reading

  /// How strictly an item object is read.
  package enum Reading: Sendable {
    /// From the stored file: every key present, timestamps exactly as written.
    case stored
    /// From `todo import`: only `title` is required, `id` is ignored, timestamps
    /// may carry an offset or a fraction.
    case imported
  }

  /// The members one item object had.
  package struct Fields: Sendable {
    package var id: Int?
    package var title: String?
    package var priority: Priority?
    package var due: Day?
    package var tags: [String]?
    package var note: String?
    package var created: Int?
    package var completed: Int?
    package var done: Bool?
    /// Which keys were present, nulls included: bit `n` for `keys[n]`.
    package var present: UInt16 = 0

    /// Whether `keys[index]` was present.
    package func has(_ index: Int) -> Bool { present & (1 << index) != 0 }
  }

  /// The keys of the item schema, sorted.
  package static let keys = [
    "completed", "created", "done", "due", "id", "note", "priority", "tags", "title",
  ]

  /// Reads one item object.
  ///
  /// Unknown and repeated keys, values of the wrong type, numbers out of range and
  /// malformed dates fail: nothing in the object is dropped in silence.
  ///
  /// - Parameters:
  ///   - scanner: Positioned at the object.
  ///   - reading: How strict to be.
  /// - Returns: The members found.
  /// - Throws: ``JSONScanner/Failure``.
  package static func readFields(_ scanner: inout JSONScanner, reading: Reading) throws -> Fields {
    var fields = Fields()
    try scanner.object { scanner, key in
      let index: Int
      switch key {
      case "completed":
        index = 0
        if !scanner.null() { fields.completed = try readTimestamp(&scanner, reading: reading) }
      case "created":
        index = 1
        if reading == .imported, scanner.null() { break }
        fields.created = try readTimestamp(&scanner, reading: reading)
      case "done":
        index = 2
        if reading == .imported, scanner.null() { break }
        fields.done = try scanner.bool()
      case "due":
        index = 3
        guard !scanner.null() else { break }
        let (text, day) = try scanner.string(parsing: Day.init(isoBytes:))
        guard let day else { throw scanner.fail("bad due date '\(text())'") }
        fields.due = day
      case "id":
        index = 4
        if reading == .imported {
          if !scanner.null() { _ = try scanner.int() }
        } else {
          fields.id = try scanner.int(in: 1...maximumID)
        }
      case "note":
        index = 5
        if !scanner.null() { fields.note = try scanner.string() }
      case "priority":
        index = 6
        guard !scanner.null() else { break }
        let text = try scanner.string()
        let priority =
          reading == .stored ? Priority(storedName: text) : Priority(name: text)
        guard let priority else {
          throw scanner.fail("unknown priority '\(text)' (low, medium or high)")
        }
        fields.priority = priority
      case "tags":
        index = 7
        if reading == .imported, scanner.null() { break }
        var tags: [String] = []
        try scanner.array { scanner in tags.append(try scanner.string()) }
        fields.tags = tags
      case "title":
        index = 8
        fields.title = try scanner.string()
      default:
        throw scanner.fail(
          "unknown key '\(key)' (an item has \(keys.joined(separator: ", ")))")
      }
      guard !fields.has(index) else { throw scanner.fail("the key '\(key)' appears twice") }
      fields.present |= 1 << index
    }
    return fields
  }

  /// Reads a stored item: every key present, `done` agreeing with `completed`.
  ///
  /// - Throws: ``JSONScanner/Failure``.
  package static func readStored(_ scanner: inout JSONScanner) throws -> TodoItem {
    let start = scanner.offset
    let fields = try readFields(&scanner, reading: .stored)
    guard fields.present == 0x1FF, let id = fields.id, let title = fields.title,
      let created = fields.created, let tags = fields.tags, let done = fields.done
    else {
      let missing = keys.indices.filter { !fields.has($0) }.map { keys[$0] }
      throw JSONScanner.Failure(
        reason: "an item lacks \(missing.joined(separator: ", "))", offset: start)
    }
    guard done == (fields.completed != nil) else {
      throw JSONScanner.Failure(
        reason: "item \(id): 'done' and 'completed' disagree", offset: start)
    }
    return TodoItem(
      id: id, title: title, priority: fields.priority, due: fields.due, tags: tags,
      note: fields.note, created: created, completed: fields.completed)
  }

  private static func readTimestamp(_ scanner: inout JSONScanner, reading: Reading) throws
    -> Int
  {
    let (text, stored) = try scanner.string(parsing: seconds(storedTimestampBytes:))
    let seconds = reading == .stored ? stored : stored ?? seconds(fromTimestamp: text())
    guard let seconds else {
      throw scanner.fail(
        "bad timestamp '\(text())' (ISO 8601 between years 1 and 9999, e.g. 2026-05-01T10:00:00Z)"
      )
    }
    return seconds
  }

  // MARK: - Timestamps

  /// The timestamps an item can hold: years 1 to 9999, in whole seconds since 1970.
  package static let timestampRange = -62_135_596_800...253_402_300_799

  /// `2026-05-01T10:00:00Z` for whole seconds since 1970.
  package static func timestamp(_ seconds: Int) -> String {
    var bytes: [UInt8] = []
    appendTimestamp(seconds, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `2026-05-01T10:00:00Z` as ASCII bytes.
  package static func appendTimestamp(_ seconds: Int, to bytes: inout [UInt8]) {
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

  /// Seconds since 1970 for exactly `YYYY-MM-DDTHH:MM:SSZ`, the form the file holds.
  package static func seconds(storedTimestamp text: String) -> Int? {
    guard text.utf8.count == 20 else { return nil }
    var text = text
    return text.withUTF8 { seconds(storedTimestampBytes: $0) }
  }

  /// ``seconds(storedTimestamp:)`` from UTF-8 bytes.
  package static func seconds(storedTimestampBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard bytes.count == 20, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
      bytes[19] == 0x5A,
      let day = Day(isoBytes: UnsafeBufferPointer(rebasing: bytes[0..<10])),
      let hour = twoDigits(bytes, 11), let minute = twoDigits(bytes, 14),
      let second = twoDigits(bytes, 17), hour < 24, minute < 60, second < 60
    else { return nil }
    return day.number * 86_400 + hour * 3600 + minute * 60 + second
  }

  private static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
    let high = bytes[index]
    let low = bytes[index + 1]
    guard (0x30...0x39).contains(high), (0x30...0x39).contains(low) else { return nil }
    return Int(high - 0x30) * 10 + Int(low - 0x30)
  }

  /// Seconds since 1970 for an ISO 8601 timestamp with a time zone
  /// (`2026-05-01T10:00:00Z`, `…+02:00`, fractional seconds allowed and dropped),
  /// nil when it is not one or lies outside ``timestampRange``.
  package static func seconds(fromTimestamp text: String) -> Int? {
    if let seconds = seconds(storedTimestamp: text) { return seconds }
    let plain = Date.ISO8601FormatStyle()
    let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    guard let date = (try? plain.parse(text)) ?? (try? fractional.parse(text)) else { return nil }
    let interval = date.timeIntervalSince1970.rounded(.down)
    guard interval >= Double(timestampRange.lowerBound),
      interval <= Double(timestampRange.upperBound)
    else { return nil }
    return Int(interval)
  }
}
