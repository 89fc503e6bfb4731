internal import Core
internal import Foundation

/// The one JSON form of an item: the stored file, `--json` output and `todo import`
/// all use it (schema in Docs/Apps/Todo.md).
///
/// ```json
/// {"completed":null,"created":"2026-05-01T10:00:00Z","done":false,"due":"2026-05-02","id":2,"note":null,"priority":"high","tags":["family"],"title":"Call mom"}
/// ```
///
/// Keys are sorted; `completed`, `due`, `note` and `priority` are null when unset;
/// timestamps are ISO 8601 in UTC with whole seconds. Reading is strict, so that
/// no change ever writes back less than the file held: every key present, no
/// unknown key (Core's `strictContainer`), ids and timestamps in range, `done`
/// agreeing with `completed`, and the item valid (``validate()``).
extension TodoItem: Codable {
  package enum CodingKeys: String, CodingKey, CaseIterable {
    case completed, created, done, due, id, note, priority, tags, title
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    func corrupt(_ key: CodingKeys, _ reason: String) -> DecodingError {
      .dataCorruptedError(forKey: key, in: container, debugDescription: reason)
    }
    // A key that must be present and may be null. (Through `decodeNil` and
    // `decode(String.self)`: decoding `String?` as a generic value costs more.)
    func optionalString(_ key: CodingKeys) throws -> String? {
      try container.decodeNil(forKey: key) ? nil : container.decode(String.self, forKey: key)
    }
    func timestamp(_ key: CodingKeys) throws -> Int? {
      guard let text = try optionalString(key) else { return nil }
      guard let seconds = Self.seconds(storedTimestamp: text) else {
        throw corrupt(
          key, "bad timestamp '\(text)' (YYYY-MM-DDTHH:MM:SSZ between years 1 and 9999)")
      }
      return seconds
    }
    id = try container.decode(Int.self, forKey: .id)
    guard (1...Self.maximumID).contains(id) else {
      throw corrupt(.id, "id \(id) is outside 1…\(Self.maximumID)")
    }
    title = try container.decode(String.self, forKey: .title)
    priority = try optionalString(.priority).map { name in
      guard let priority = Priority(storedName: name) else {
        throw corrupt(.priority, "unknown priority '\(name)' (low, medium or high)")
      }
      return priority
    }
    due = try optionalString(.due).map { text in
      guard let day = Day(iso: text) else { throw corrupt(.due, "bad due date '\(text)'") }
      return day
    }
    tags = try container.decode([String].self, forKey: .tags)
    note = try optionalString(.note)
    guard let created = try timestamp(.created) else {
      throw corrupt(.created, "'created' is null")
    }
    self.created = created
    completed = try timestamp(.completed)
    guard try container.decode(Bool.self, forKey: .done) == (completed != nil) else {
      throw corrupt(.done, "item \(id): 'done' and 'completed' disagree")
    }
    do {
      try validate()
    } catch {
      throw corrupt(.title, "item \(id): \(error.fileReason)")
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(completed.map(Self.timestamp), forKey: .completed)
    try container.encode(Self.timestamp(created), forKey: .created)
    try container.encode(isDone, forKey: .done)
    try container.encode(due?.description, forKey: .due)
    try container.encode(id, forKey: .id)
    try container.encode(note, forKey: .note)
    try container.encode(priority?.name, forKey: .priority)
    try container.encode(tags, forKey: .tags)
    try container.encode(title, forKey: .title)
  }

  /// The keys of the item schema, sorted.
  package static let keys = CodingKeys.allCases.map(\.stringValue)

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
