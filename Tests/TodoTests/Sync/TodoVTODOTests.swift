import Core
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

@Suite("VTODO mapping: items as other clients write them")
struct TodoVTODOTests {
  static let utc = TimeZone(secondsFromGMT: 0) ?? .current

  static func crlf(_ lines: [String]) -> String { lines.joined(separator: "\r\n") + "\r\n" }

  static let todoman = crlf([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todoman//NONSGML v4.7//EN", "BEGIN:VTODO",
    "UID:4f1c9b8e2d3a4e5f8a7b6c5d4e3f2a1b@laptop", "SUMMARY:Buy milk",
    "DESCRIPTION:two litres\\, semi-skimmed\\nfrom the farm", "DUE;VALUE=DATE:20261205",
    "PRIORITY:4", "STATUS:NEEDS-ACTION", "CATEGORIES:shop,home", "CREATED:20261201T100000Z",
    "DTSTAMP:20261201T100000Z", "LAST-MODIFIED:20261201T100000Z", "SEQUENCE:1", "END:VTODO",
    "END:VCALENDAR",
  ])

  static let tasksOrg = crlf([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-130500//EN",
    "BEGIN:VTODO", "DTSTAMP:20261201T120000Z", "UID:8203949188377281122",
    "CREATED:20261201T115500Z", "LAST-MODIFIED:20261201T120000Z", "SUMMARY:Call the plumber",
    "PRIORITY:2", "STATUS:COMPLETED", "COMPLETED:20261201T120000Z", "PERCENT-COMPLETE:100",
    "RELATED-TO;RELTYPE=PARENT:1234567", "X-APPLE-SORT-ORDER:5", "CATEGORIES:house",
    "CATEGORIES:urgent", "BEGIN:VALARM", "TRIGGER;RELATED=END:PT0S", "ACTION:DISPLAY",
    "DESCRIPTION:Default Tasks.org description", "END:VALARM", "END:VTODO", "END:VCALENDAR",
  ])

  static let apple = crlf([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 17.0//EN", "CALSCALE:GREGORIAN",
    "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000",
    "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE", "BEGIN:VTODO",
    "CREATED:20261130T080000Z", "DTSTAMP:20261130T080100Z",
    "DUE;TZID=Europe/Berlin:20261203T233000", "LAST-MODIFIED:20261130T080100Z", "PRIORITY:9",
    "SEQUENCE:0", "STATUS:NEEDS-ACTION", "SUMMARY:Renew passport",
    "UID:6C1D2F1E-AAAA-4B0B-9C4C-1234567890AB", "X-APPLE-SORT-ORDER:700000000",
    "RRULE:FREQ=YEARLY", "X-MOZ-LASTACK:20261130T080000Z", "END:VTODO", "END:VCALENDAR",
  ])

  @Test(
    "reads what todoman, Tasks.org and Apple write",
    arguments: [
      (
        todoman, "4f1c9b8e2d3a4e5f8a7b6c5d4e3f2a1b@laptop",
        [
          "title": "Buy milk", "note": "two litres, semi-skimmed\nfrom the farm",
          "due": "2026-12-05", "priority": "high", "tags": "shop\nhome",
          "created": "2026-12-01T10:00:00Z",
        ]
      ),
      (
        tasksOrg, "8203949188377281122",
        [
          "title": "Call the plumber", "priority": "high", "completed": "2026-12-01T12:00:00Z",
          "tags": "house\nurgent", "created": "2026-12-01T11:55:00Z",
        ]
      ),
      (
        apple, "6C1D2F1E-AAAA-4B0B-9C4C-1234567890AB",
        [
          "title": "Renew passport", "due": "2026-12-03", "priority": "low",
          "created": "2026-11-30T08:00:00Z",
        ]
      ),
    ] as [(String, String, SyncRecord)])
  func reads(body: String, uid: String, record: SyncRecord) throws {
    let read = try #require(try TodoVTODO.record(from: body, timeZone: Self.utc))
    #expect(read.uid == uid)
    #expect(read.record == record)
    #expect(read.modified != nil)
    let item = TodoItem(id: 1, syncRecord: read.record)
    #expect(item.syncRecord == record, "the item holds exactly the record")
    #expect(throws: Never.self) { try item.validate() }
  }

  @Test("an edit rewrites only its property and keeps everything else in place")
  func editKeepsTheRest() throws {
    let body = Self.apple
    var record = try #require(try TodoVTODO.record(from: body, timeZone: Self.utc)).record
    record["title"] = "Renew passport, both"
    let now = Date(timeIntervalSince1970: 1_796_169_600)  // 2026-12-02T00:00:00Z
    let written = try TodoVTODO.body(
      for: record, uid: "6C1D2F1E-AAAA-4B0B-9C4C-1234567890AB", over: body, now: now,
      timeZone: Self.utc)
    let expected = body.replacingOccurrences(
      of: "SUMMARY:Renew passport", with: "SUMMARY:Renew passport\\, both"
    )
    .replacingOccurrences(of: "DTSTAMP:20261130T080100Z", with: "DTSTAMP:20261202T000000Z")
    .replacingOccurrences(
      of: "LAST-MODIFIED:20261130T080100Z", with: "LAST-MODIFIED:20261202T000000Z"
    )
    .replacingOccurrences(of: "SEQUENCE:0", with: "SEQUENCE:1")
    #expect(written == expected, "DUE with its TZID, RRULE, X- properties, VTIMEZONE untouched")
  }

  @Test("reopening removes STATUS, COMPLETED and PERCENT-COMPLETE; VALARM and RELATED-TO stay")
  func reopen() throws {
    var record = try #require(try TodoVTODO.record(from: Self.tasksOrg, timeZone: Self.utc))
      .record
    record["completed"] = nil
    let written = try TodoVTODO.body(
      for: record, uid: "8203949188377281122", over: Self.tasksOrg,
      now: Date(timeIntervalSince1970: 1_796_169_600), timeZone: Self.utc)
    let calendar = try ICalendarComponent(parsing: written)
    let todo = try #require(calendar.component("VTODO"))
    #expect(todo.property("STATUS") == nil)
    #expect(todo.property("COMPLETED") == nil)
    #expect(todo.property("PERCENT-COMPLETE") == nil)
    #expect(todo.property("RELATED-TO")?.parameter("RELTYPE") == "PARENT")
    #expect(todo.component("VALARM")?.property("TRIGGER")?.value == "PT0S")
    #expect(todo.properties("CATEGORIES").count == 2, "tags unchanged: both lines stay")
    #expect(todo.property("PRIORITY")?.value == "2", "Tasks.org's high stays 2")
  }

  @Test(
    "priority: read 1-4 high, 5 medium, 6-9 low; written 1/5/9 unless already in range",
    arguments: [
      (0, nil, nil), (1, Priority.high, 1), (4, .high, 4), (5, .medium, 5), (6, .low, 6),
      (9, .low, 9), (10, nil, nil),
    ] as [(Int, Priority?, Int?)])
  func priorities(value: Int, reads: Priority?, keeps: Int?) {
    #expect(TodoVTODO.priority(reading: value) == reads)
    if let reads { #expect(TodoVTODO.priority(writing: reads, over: value) == keeps) }
    #expect(TodoVTODO.priority(writing: .high, over: 9) == 1)
    #expect(TodoVTODO.priority(writing: .medium, over: nil) == 5)
    #expect(TodoVTODO.priority(writing: .low, over: 2) == 9)
  }

  @Test("a new item's body holds every field, escaped, and reads back the same")
  func newItem() throws {
    let item = TodoItem(
      id: 3, title: "Pay rent; today, please", priority: .medium,
      due: Day(year: 2026, month: 12, day: 31), tags: ["bills", "a,b"], note: "line one\nline two",
      created: 1_796_000_000, completed: 1_796_100_000)
    let body = try TodoVTODO.body(
      for: item.syncRecord, uid: "u-1", over: nil, now: Date(timeIntervalSince1970: 1_796_169_600),
      timeZone: Self.utc)
    #expect(body.contains("SUMMARY:Pay rent\\; today\\, please\r\n"))
    #expect(body.contains("DUE;VALUE=DATE:20261231\r\n"))
    #expect(body.contains("PRIORITY:5\r\n"))
    #expect(body.contains("CATEGORIES:bills,a\\,b\r\n"))
    #expect(body.contains("STATUS:COMPLETED\r\n"))
    #expect(body.contains("PERCENT-COMPLETE:100\r\n"))
    #expect(body.contains("SEQUENCE:0\r\n"))
    #expect(body.contains("DTSTAMP:20261202T000000Z\r\n"))
    let read = try #require(try TodoVTODO.record(from: body, timeZone: Self.utc))
    #expect(read.uid == "u-1")
    #expect(read.record == item.syncRecord)
  }

  @Test("what todo cannot hold is made valid on the way in")
  func lenientReading() throws {
    let body = Self.crlf([
      "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:x", "SUMMARY:  ", "CATEGORIES:Work Stuff,work stuff",
      "CATEGORIES:Work-Stuff", "STATUS:CANCELLED", "DTSTAMP:20261201T000000Z", "END:VTODO",
      "END:VCALENDAR",
    ])
    let read = try #require(try TodoVTODO.record(from: body, timeZone: Self.utc))
    #expect(read.record["title"] == TodoVTODO.untitled)
    #expect(read.record["tags"] == "Work-Stuff\nwork-stuff")
    #expect(read.record["completed"] == "2026-12-01T00:00:00Z")
    #expect(
      try TodoVTODO.record(
        from: "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n") == nil)
  }
}
