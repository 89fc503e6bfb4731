internal import CoreBase
internal import Foundation

/// A feed's cached record that did not decode and was set aside.
package struct DamagedRecord: Sendable, Equatable {
  /// The feed's id.
  package var feedID: String
  /// Where the damaged bytes are now, byte for byte.
  package var setAsideAt: String
  /// How many read marks were recovered from the damaged bytes and kept; `nil` when
  /// the bytes are too damaged to tell (then the feed's read marks are lost).
  package var keptReadMarks: Int?
  /// Whether the kept marks are those of the version before the record's last change
  /// (the bytes too damaged to tell), so the last change's marks may be missing.
  package var marksFromLastGood = false

  /// What the user has now, and what was lost: the warning's message.
  ///
  /// `the cached items of feed 2 were damaged and are set aside. You have: the 3 read
  /// marks it had before its last change. Lost: that last change of read marks; the
  /// items come back at the next refresh.`
  package var notice: String {
    let lead = "the cached items of feed \(feedID) were damaged and are set aside. "
    let items = "the items come back at the next refresh"
    func marks(_ count: Int) -> String { "\(count) read mark\(count == 1 ? "" : "s")" }
    if marksFromLastGood, let count = keptReadMarks {
      return lead + "You have: the \(marks(count)) it had before its last change. "
        + "Lost: that last change of read marks; \(items)."
    }
    return switch keptReadMarks {
    case nil: lead + "You have: nothing of it. Lost: its read marks; \(items)."
    case 0?: lead + "Nothing else was lost (it had no read marks); \(items)."
    case let count?: lead + "You have: its \(marks(count)). Nothing else was lost; \(items)."
    }
  }
}

extension FeedStore {
  /// Reads a feed's record; a record that does not decode is set aside and read as empty.
  ///
  /// A damaged record costs only that feed's cached items: its bytes are moved beside
  /// it (never deleted), ``onDamage`` is told once, and the record read in its place
  /// (empty but for the read marks recovered from the bytes, when they still parse,
  /// else from the last good version beside the file)
  /// makes the next refresh fetch the feed again, the read items still read.
  func readRecord(_ id: String) throws -> FeedRecord {
    do {
      return try store.value(FeedRecord.self, forKey: Self.recordKey(id)) ?? FeedRecord()
    } catch PersistenceError.corrupted {
      try setAside(id)
      return try store.value(FeedRecord.self, forKey: Self.recordKey(id)) ?? FeedRecord()
    }
  }

  /// The read marks in a damaged record's bytes, read leniently (repeated keys, bad
  /// items and wrong values elsewhere do not matter); `nil` when the bytes are not JSON
  /// or hold no list of strings under `read`.
  static func readMarks(in bytes: Data) -> Set<String>? {
    guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
      return nil
    }
    guard let marks = object["read"] else { return [] }
    return (marks as? [String]).map(Set.init)
  }

  /// A record's fetch state without its items: what a refresh needs before it fetches.
  ///
  /// Decoding skips the cached items, so a refresh that ends in `304`s never builds
  /// them. A record whose state does not decode is read in full (and set aside when
  /// damaged).
  func readFetchState(_ id: String) throws -> FeedRecord {
    struct State: Decodable {
      var title: String?
      var validators: Validators
      var lastError: String?
      var retryNotBefore: Date?
    }
    guard let data = try store.data(forKey: Self.recordKey(id)) else { return FeedRecord() }
    guard let state = try? StrictJSON.decode(State.self, from: data),
      state.retryNotBefore.map(FeedRecord.plausibleDates.contains) ?? true
    else { return try readRecord(id) }
    var record = FeedRecord()
    record.title = state.title
    record.validators = state.validators
    record.lastError = state.lastError
    record.retryNotBefore = state.retryNotBefore
    return record
  }

  /// Moves a record that does not decode out of the way, under the store's lock.
  ///
  /// Another process may have set it aside (or rewritten it) first: the bytes are
  /// checked again under the lock, and only damaged bytes move.
  func setAside(_ id: String) throws {
    let key = Self.recordKey(id)
    let location = store.location(forKey: key)
    let isFile = FileManager.default.fileExists(atPath: location)
    var damaged: DamagedRecord?
    var inMemoryCopy: (key: String, bytes: Data)?
    var recovered: Set<String> = []
    try store.updateData(forKey: key) { data in
      // Damaged as the store reads it: strictly (a repeated key is damage too).
      guard let bytes = data, (try? StrictJSON.decode(FeedRecord.self, from: bytes)) == nil
      else { return }
      // Bytes too damaged to tell: the version an earlier change kept beside the file
      // may still hold marks (those of before that change).
      var marks = Self.readMarks(in: bytes)
      var fromLastGood = false
      if marks == nil,
        let older = FileKeyValueStore.lastGoodPath(for: location)
          .flatMap({ FileManager.default.contents(atPath: $0) }).flatMap(Self.readMarks(in:)),
        !older.isEmpty
      {
        marks = older
        fromLastGood = true
      }
      if isFile {
        let aside = try Self.freePath(beside: location)
        do {
          try FileManager.default.moveItem(atPath: location, toPath: aside)
        } catch {
          throw PersistenceError.cannotWrite(key: key, path: aside, underlying: error)
        }
        damaged = DamagedRecord(
          feedID: id, setAsideAt: aside, keptReadMarks: marks?.count,
          marksFromLastGood: fromLastGood)
      } else {
        let asideKey = "damaged-" + key + "-" + Self.stamp()
        inMemoryCopy = (asideKey, bytes)
        damaged = DamagedRecord(
          feedID: id, setAsideAt: store.location(forKey: asideKey), keptReadMarks: marks?.count,
          marksFromLastGood: fromLastGood)
      }
      data = nil
      recovered = marks ?? []
    }
    // The read marks stay, in an otherwise empty record (fetched again on refresh),
    // unless another process wrote a record meanwhile.
    if !recovered.isEmpty {
      try store.update(FeedRecord.self, forKey: key) { record in
        guard record == nil else { return }
        var kept = FeedRecord()
        kept.read = recovered
        record = kept
      }
    }
    // A store without files keeps the bytes under another key.
    if let inMemoryCopy { try store.setData(inMemoryCopy.bytes, forKey: inMemoryCopy.key) }
    if let damaged { onDamage(damaged) }
  }

  /// `<path>.damaged-<UTC time>`, with a counter when that name is taken.
  private static func freePath(beside path: String) throws -> String {
    let base = path + ".damaged-" + stamp()
    var candidate = base
    var counter = 2
    while FileManager.default.fileExists(atPath: candidate) {
      candidate = base + "-\(counter)"
      counter += 1
    }
    return candidate
  }

  private static func stamp() -> String {
    Date().formatted(
      Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().time(
        includingFractionalSeconds: false
      )
      .timeSeparator(.omitted).dateSeparator(.omitted))
  }
}
