internal import CoreBase
internal import Foundation

/// The one JSON form of an item: the stored file, `--json` output and `todo import`
/// all use it (schema in Docs/Apps/Todo.md), and this is the one place an item is
/// encoded and decoded (the version 1 file, which never changes, has its own reader
/// in `TodoDocument+Storage.swift`).
///
/// ```json
/// {"completed":null,"created":"2026-05-01T10:00:00Z","done":false,"due":"2026-05-02","id":2,"note":null,"priority":"high","tags":["family"],"title":"Call mom"}
/// ```
///
/// Keys are sorted; `completed`, `due`, `note` and `priority` are null when unset;
/// timestamps are ISO 8601 in UTC with whole seconds. Reading the stored form is
/// strict, so that no change ever writes back less than the file held: every key
/// present, no unknown key (Core's `strictContainer`), ids and timestamps in range,
/// `done` agreeing with `completed`, and the item valid (``validate()``). An import
/// (``Form/imported``) reads the same keys leniently: only `title` is required.
///
/// A key added after version 2 is listed in ``keysAddedLater``: an item may lack it
/// (files and `--json` output from before it read as they did), and it is written
/// only when set.
extension TodoItem: Codable {
  package enum CodingKeys: String, CodingKey, CaseIterable {
    case completed, created, done, due, id, modified, note, priority, tags, title, uid
  }

  /// Keys added after version 2: an item may lack them, and each is written only
  /// when set (`encodeIfPresent`).
  package static let keysAddedLater: Set<CodingKeys> = [.modified, .uid]

  /// The two ways an item is read.
  package enum Form: Sendable {
    /// As the list stores it and `--json` prints it: every key present, values exact.
    case stored
    /// As `todo import` takes it: only `title` required; nulls for absent values,
    /// any-case priorities, timestamps with an offset or a fraction, the id ignored.
    case imported
  }

  /// What an imported item said of the fields an import fills in itself.
  package struct Given: Sendable {
    /// Whether it gave `created` (else the import's time is used).
    package var created = true
    /// The `done` it gave, if any.
    package var done: Bool?

    package init() {}
  }

  package init(from decoder: any Decoder) throws {
    var given = Given()
    try self.init(from: decoder, form: .stored, given: &given)
  }

  /// Reads an item in `form`: every field of the item, each once.
  ///
  /// - Parameters:
  ///   - decoder: The decoder.
  ///   - form: Stored (strict) or imported (lenient).
  ///   - given: Set to what an imported item said of `created` and `done`.
  /// - Throws: `DecodingError` naming the key and the reason.
  package init(from decoder: any Decoder, form: Form, given: inout Given) throws {
    let reader = try Reader(decoder, form)
    id = try reader.id()
    title = try reader.title(.title)
    priority = try reader.priority(.priority)
    due = try reader.day(.due)
    tags = try reader.tags(.tags)
    note = try reader.text(.note)
    let created = try reader.timestamp(.created, required: true)
    self.created = created ?? 0
    given.created = created != nil
    completed = try reader.timestamp(.completed)
    given.done = try reader.done(completed: completed, id: id)
    modified = try reader.timestamp(.modified)
    uid = try reader.uid(.uid)
    try reader.check(self)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(completed.map(Self.timestamp), forKey: .completed)
    try container.encode(Self.timestamp(created), forKey: .created)
    try container.encode(isDone, forKey: .done)
    try container.encode(due?.description, forKey: .due)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(modified.map(Self.timestamp), forKey: .modified)
    try container.encode(note, forKey: .note)
    try container.encode(priority?.name, forKey: .priority)
    try container.encode(tags, forKey: .tags)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(uid, forKey: .uid)
  }

  /// Reads the values of one item's keys, strictly or leniently by its form.
  struct Reader {
    let container: KeyedDecodingContainer<CodingKeys>
    let isStored: Bool

    init(_ decoder: any Decoder, _ form: Form) throws {
      container = try decoder.strictContainer(keyedBy: CodingKeys.self)
      isStored = form == .stored
    }

    func corrupt(_ key: CodingKeys, _ reason: String) -> DecodingError {
      .dataCorruptedError(forKey: key, in: container, debugDescription: reason)
    }

    /// A key that may be null and, in an import or when added later, absent.
    /// (Through `decodeNil` and `decode(String.self)`: decoding `String?` as a
    /// generic value costs more.)
    func string(_ key: CodingKeys) throws -> String? {
      if !isStored || TodoItem.isAddedLater(key), !container.contains(key) { return nil }
      return try container.decodeNil(forKey: key) ? nil : container.decode(String.self, forKey: key)
    }

    /// The id: 1…``TodoItem/maximumID`` when stored; ignored in an import (0).
    func id() throws -> Int {
      guard isStored else {
        if (try? container.decodeNil(forKey: .id)) == false {
          _ = try container.decode(Double.self, forKey: .id)
        }
        return 0
      }
      let id = try container.decode(Int.self, forKey: .id)
      guard (1...TodoItem.maximumID).contains(id) else {
        throw corrupt(.id, "id \(id) is outside 1…\(TodoItem.maximumID)")
      }
      return id
    }

    /// A title: required; an import's is trimmed. (``check(_:)`` validates it.)
    func title(_ key: CodingKeys) throws -> String {
      if isStored { return try container.decode(String.self, forKey: key) }
      guard let title = try string(key) else { throw corrupt(key, "no title") }
      return title.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A priority or null: `low`, `medium`, `high` (in an import, any case or `l`, `m`, `h`).
    func priority(_ key: CodingKeys) throws -> Priority? {
      guard let name = try string(key) else { return nil }
      guard let priority = isStored ? Priority(storedName: name) : Priority(name: name) else {
        throw corrupt(key, "unknown priority '\(name.prefix(40))' (low, medium or high)")
      }
      return priority
    }

    /// A day (`YYYY-MM-DD`) or null.
    func day(_ key: CodingKeys) throws -> Day? {
      guard let text = try string(key) else { return nil }
      guard let day = Day(iso: text) else {
        throw corrupt(key, "bad \(key == .due ? "due " : "")date '\(text.prefix(40))'")
      }
      return day
    }

    /// A list of words (absent in an import: none).
    func tags(_ key: CodingKeys) throws -> [String] {
      if !isStored || TodoItem.isAddedLater(key), !container.contains(key) { return [] }
      if !isStored, try container.decodeNil(forKey: key) { return [] }
      return try container.decode([String].self, forKey: key)
    }

    /// A text or null (in an import, an empty one is none).
    func text(_ key: CodingKeys) throws -> String? {
      let text = try string(key)
      return isStored || text?.isEmpty == false ? text : nil
    }

    /// A timestamp in whole seconds since 1970, or null (stored: exactly
    /// `YYYY-MM-DDTHH:MM:SSZ`, and not null when `required`; imported: any ISO 8601
    /// form with a time zone).
    func timestamp(_ key: CodingKeys, required: Bool = false) throws -> Int? {
      guard let text = try string(key) else {
        if isStored, required { throw corrupt(key, "'\(key.stringValue)' is null") }
        return nil
      }
      if isStored {
        guard let seconds = TodoItem.seconds(storedTimestamp: text) else {
          throw corrupt(
            key, "bad timestamp '\(text)' (YYYY-MM-DDTHH:MM:SSZ between years 1 and 9999)")
        }
        return seconds
      }
      guard let seconds = TodoItem.seconds(fromTimestamp: text) else {
        throw corrupt(
          key,
          "bad timestamp '\(text.prefix(40))' (ISO 8601 between years 1 and 9999, "
            + "e.g. 2026-05-01T10:00:00Z)")
      }
      return seconds
    }

    /// A uid or null: one line of at most ``TodoItem/maximumUIDLength`` characters,
    /// not empty (in an import, an empty one is none).
    func uid(_ key: CodingKeys) throws -> String? {
      guard let uid = try text(key) else { return nil }
      guard !uid.isEmpty, uid.count <= TodoItem.maximumUIDLength,
        !uid.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      else {
        throw corrupt(
          key,
          "bad uid '\(uid.prefix(40))' (one line of 1 to \(TodoItem.maximumUIDLength) characters)")
      }
      return uid
    }

    /// `done`: stored, it must agree with `completed`; an import may leave it out.
    func done(completed: Int?, id: Int) throws -> Bool? {
      guard isStored else { return try container.decodeIfPresent(Bool.self, forKey: .done) }
      guard try container.decode(Bool.self, forKey: .done) == (completed != nil) else {
        throw corrupt(.done, "item \(id): 'done' and 'completed' disagree")
      }
      return nil
    }

    /// Refuses an item that is not valid (``TodoItem/validate()``, the one rule).
    func check(_ item: TodoItem) throws {
      do {
        try item.validate()
      } catch {
        throw corrupt(.title, (isStored ? "item \(item.id): " : "") + error.fileReason)
      }
    }
  }

  /// The keys every item has, sorted.
  package static let keys = CodingKeys.allCases.filter { !isAddedLater($0) }.map(\.stringValue)

  /// The most characters a uid may have.
  package static let maximumUIDLength = 255

  /// Whether `key` was added after version 2 (``keysAddedLater``).
  static func isAddedLater(_ key: CodingKeys) -> Bool {
    !keysAddedLater.isEmpty && keysAddedLater.contains(key)
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
    var scanner = DigitScanner(text.utf8)
    guard let day = Day(scanning: &scanner), scanner.skip(0x54),  // T
      let hour = scanner.number(width: 2), scanner.skip(0x3A),
      let minute = scanner.number(width: 2), scanner.skip(0x3A),
      let second = scanner.number(width: 2), scanner.skip(0x5A),  // Z
      scanner.isAtEnd(), hour < 24, minute < 60, second < 60
    else { return nil }
    return day.number * 86_400 + hour * 3600 + minute * 60 + second
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
