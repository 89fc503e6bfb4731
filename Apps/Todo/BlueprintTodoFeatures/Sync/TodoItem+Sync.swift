package import BlueprintTodoModel
internal import CoreBase
package import CoreSync
package import Foundation

/// The fields todo syncs, as the sync engine's record (one canonical text each).
///
/// | field | text | VTODO |
/// |---|---|---|
/// | `title` | the title | SUMMARY |
/// | `note` | the note | DESCRIPTION |
/// | `due` | `2026-12-01` | `DUE;VALUE=DATE:20261201` |
/// | `priority` | `high`, `medium`, `low` | PRIORITY 1–4, 5, 6–9 |
/// | `completed` | `2026-12-01T09:30:00Z` | STATUS:COMPLETED, COMPLETED, PERCENT-COMPLETE:100 |
/// | `tags` | one tag a line | CATEGORIES |
/// | `created` | `2026-05-01T10:00:00Z` | CREATED |
///
/// An unset field is absent from the record.
extension TodoItem {
  /// The record of this item's synced fields.
  package var syncRecord: SyncRecord {
    var record: SyncRecord = ["title": title, "created": Self.timestamp(created)]
    if let note { record["note"] = note }
    if let due { record["due"] = due.description }
    if let priority { record["priority"] = priority.name }
    if let completed { record["completed"] = Self.timestamp(completed) }
    if !tags.isEmpty { record["tags"] = tags.joined(separator: "\n") }
    return record
  }

  /// An item with id `id` holding `record`'s fields (a record read by
  /// ``TodoVTODO/record(from:timeZone:)`` is always valid).
  package init(id: Int, syncRecord record: SyncRecord) {
    self.init(id: id, title: record["title"] ?? TodoVTODO.untitled, created: 0)
    apply(syncRecord: record)
  }

  /// Sets the synced fields to `record`'s.
  package mutating func apply(syncRecord record: SyncRecord) {
    title = record["title"] ?? TodoVTODO.untitled
    note = record["note"]
    due = record["due"].flatMap(Day.init(iso:))
    priority = record["priority"].flatMap(Priority.init(storedName:))
    completed = record["completed"].flatMap(Self.seconds(storedTimestamp:))
    tags = record["tags"].map { $0.split(separator: "\n").map(String.init) } ?? []
    created = record["created"].flatMap(Self.seconds(storedTimestamp:)) ?? created
  }
}

/// todo's mapping between a VTODO and its synced fields (``TodoItem/syncRecord``).
///
/// Reading takes what other clients write (CALDAV.md's table in the docs): PRIORITY
/// 1–4 high, 5 medium, 6–9 low; done when STATUS is COMPLETED or CANCELLED or a
/// COMPLETED time is there; repeated CATEGORIES merged; a DUE with a time falls on
/// its local day. Writing changes only the properties of fields that changed, over
/// the body the server last sent, so everything else — VALARM, RRULE, RELATED-TO,
/// X- properties, parameters, other components — goes back as it came.
package enum TodoVTODO {
  /// The title of an item whose SUMMARY is missing or blank.
  package static let untitled = "(untitled)"

  /// The UID and synced fields of the first VTODO in `body`, or `nil` when it holds
  /// none (a VEVENT).
  ///
  /// - Parameters:
  ///   - body: An iCalendar object.
  ///   - timeZone: The zone in which a UTC due time falls on a day.
  /// - Returns: The UID, the record and LAST-MODIFIED, or `nil`.
  /// - Throws: ``ICalendarError`` for a malformed body.
  package static func record(from body: String, timeZone: TimeZone = LocalTimeZone.current)
    throws(ICalendarError) -> SyncRemoteRecord?
  {
    let calendar = try ICalendarComponent(parsing: body)
    guard let todo = calendar.isNamed("VTODO") ? calendar : calendar.component("VTODO"),
      let uid = todo.text("UID"), !uid.isEmpty
    else { return nil }
    var record: SyncRecord = [:]
    let title = (todo.text("SUMMARY") ?? "").replacingOccurrences(of: "\0", with: "")
    record["title"] =
      (try? TodoItem.validTitle(String(title.prefix(TodoItem.maximumTitleLength))))
      ?? untitled
    if let note = todo.text("DESCRIPTION")?.replacingOccurrences(of: "\0", with: ""),
      !note.isEmpty
    {
      record["note"] = note
    }
    if let due = todo.property("DUE").flatMap(ICalendarDateTime.init(property:)) {
      let (year, month, day) = due.day(in: timeZone)
      record["due"] = Day(year: year, month: month, day: day)?.description
    }
    if let priority = todo.property("PRIORITY").flatMap({ Int($0.value) }) {
      record["priority"] = Self.priority(reading: priority)?.name
    }
    let status = todo.property("STATUS")?.value.uppercased()
    let completedAt = todo.property("COMPLETED").flatMap(ICalendarDateTime.init(property:))
    if completedAt != nil || status == "COMPLETED" || status == "CANCELLED" {
      let moment =
        completedAt ?? todo.property("LAST-MODIFIED").flatMap(ICalendarDateTime.init(property:))
        ?? todo.property("DTSTAMP").flatMap(ICalendarDateTime.init(property:))
      record["completed"] = TodoItem.timestamp(seconds(moment))
    }
    var tags: [String] = []
    for category in todo.textList("CATEGORIES") {
      if let tag = TodoItem.tag(fromPhrase: category), !tags.contains(tag) { tags.append(tag) }
    }
    if !tags.isEmpty { record["tags"] = tags.joined(separator: "\n") }
    let created =
      todo.property("CREATED").flatMap(ICalendarDateTime.init(property:))
      ?? todo.property("DTSTAMP").flatMap(ICalendarDateTime.init(property:))
    record["created"] = TodoItem.timestamp(seconds(created))
    let modified = todo.property("LAST-MODIFIED").flatMap(ICalendarDateTime.init(property:))
    return SyncRemoteRecord(uid: uid, record: record, modified: modified?.instant())
  }

  /// The VTODO body for `record`, written over `lastBody` (a new VCALENDAR when `nil`).
  ///
  /// Only the properties of fields that differ from what `lastBody` holds are
  /// rewritten; UID is set, DTSTAMP and LAST-MODIFIED become `now`, SEQUENCE goes up by
  /// one (0 for a new item). A new VCALENDAR says `productID` as its PRODID.
  ///
  /// - Throws: ``ICalendarError`` when `lastBody` is malformed.
  package static func body(
    for record: SyncRecord, uid: String, over lastBody: String?, now: Date,
    timeZone: TimeZone = LocalTimeZone.current, productID: String = "-//Blueprint//todo//EN"
  ) throws(ICalendarError) -> String {
    var calendar: ICalendarComponent
    var old: SyncRecord = [:]
    if let lastBody {
      calendar = try ICalendarComponent(parsing: lastBody)
      old = try Self.record(from: lastBody, timeZone: timeZone)?.record ?? [:]
    } else {
      calendar = ICalendarComponent(
        name: "VCALENDAR",
        properties: [
          ICalendarProperty(name: "VERSION", value: "2.0"),
          ICalendarProperty(name: "PRODID", value: productID),
        ])
    }
    let isNew = calendar.component("VTODO") == nil
    var todo = calendar.component("VTODO") ?? ICalendarComponent(name: "VTODO")
    let stamp = ICalendarDateTime.utcText(now)
    todo.setText("UID", to: uid)
    todo.setValue("DTSTAMP", to: stamp)
    write(record, into: &todo) { field in isNew || old[field] != record[field] }
    todo.setValue("LAST-MODIFIED", to: stamp)
    let sequence = todo.property("SEQUENCE").flatMap { Int($0.value) }
    todo.setValue("SEQUENCE", to: String(isNew ? 0 : (sequence ?? 0) + 1))
    calendar.replaceFirstComponent(named: "VTODO", with: todo)
    return calendar.serialized()
  }

  /// Writes the properties of the fields `changed` says differ from the last body's.
  private static func write(
    _ record: SyncRecord, into todo: inout ICalendarComponent, changed: (String) -> Bool
  ) {
    if changed("title") { todo.setText("SUMMARY", to: record["title"]) }
    if changed("note") { todo.setText("DESCRIPTION", to: record["note"]) }
    if changed("due") {
      let due = record["due"].flatMap(Day.init(iso:)).map { day in
        let (year, month, dayOfMonth) = day.components
        return ICalendarProperty(
          name: "DUE", parameters: [ICalendarParameter(name: "VALUE", value: "DATE")],
          value: ICalendarDateTime.dateText(year: year, month: month, day: dayOfMonth))
      }
      todo.setProperty("DUE", to: due)
    }
    if changed("priority") {
      let current = todo.property("PRIORITY").flatMap { Int($0.value) }
      let wanted = record["priority"].flatMap(Priority.init(storedName:))
      todo.setValue(
        "PRIORITY", to: wanted.map { String(Self.priority(writing: $0, over: current)) })
    }
    if changed("completed") {
      if let completed = record["completed"].flatMap(TodoItem.seconds(storedTimestamp:)) {
        todo.setValue("STATUS", to: "COMPLETED")
        todo.setValue(
          "COMPLETED", to: ICalendarDateTime.utcText(Date(timeIntervalSince1970: Double(completed)))
        )
        todo.setValue("PERCENT-COMPLETE", to: "100")
      } else {
        todo.removeProperties("STATUS")
        todo.removeProperties("COMPLETED")
        todo.removeProperties("PERCENT-COMPLETE")
      }
    }
    if changed("tags") {
      let tags = record["tags"].map { $0.split(separator: "\n").map(String.init) } ?? []
      todo.removeProperties("CATEGORIES")
      if !tags.isEmpty {
        todo.properties.append(
          ICalendarProperty(name: "CATEGORIES", value: ICalendarText.joinList(tags)))
      }
    }
    if changed("created"),
      let created = record["created"].flatMap(TodoItem.seconds(storedTimestamp:))
    {
      todo.setValue(
        "CREATED", to: ICalendarDateTime.utcText(Date(timeIntervalSince1970: Double(created))))
    }
  }

  /// RFC 5545's reading: 1–4 high, 5 medium, 6–9 low, 0 (or anything else) none.
  package static func priority(reading value: Int) -> Priority? {
    switch value {
    case 1...4: .high
    case 5: .medium
    case 6...9: .low
    default: nil
    }
  }

  /// 1, 5 or 9 — or `current` when it already reads as `priority` (Tasks.org's 2 stays 2).
  package static func priority(writing priority: Priority, over current: Int?) -> Int {
    if let current, Self.priority(reading: current) == priority { return current }
    switch priority {
    case .high: return 1
    case .medium: return 5
    case .low: return 9
    }
  }

  private static func seconds(_ value: ICalendarDateTime?) -> Int {
    guard let value else { return 0 }
    let seconds = Int(value.instant().timeIntervalSince1970.rounded(.down))
    return min(max(seconds, TodoItem.timestampRange.lowerBound), TodoItem.timestampRange.upperBound)
  }
}
