import Core
import CoreTesting
import Foundation
import Testing

@Suite("iCalendar reader and writer")
struct ICalendarTests {
  @Test(
    "TEXT escaping round-trips",
    arguments: [
      ("plain", "plain"), ("a,b", "a\\,b"), ("a;b", "a\\;b"), ("back\\slash", "back\\\\slash"),
      ("two\nlines", "two\\nlines"), ("crlf\r\nline", "crlf\\nline"), ("", ""),
      ("ümlaut, 日本", "ümlaut\\, 日本"),
    ])
  func textEscaping(text: String, escaped: String) {
    #expect(ICalendarText.escape(text) == escaped)
    #expect(ICalendarText.unescape(escaped) == text.replacingOccurrences(of: "\r\n", with: "\n"))
  }

  @Test("unescaping reads \\N and keeps an unknown escape")
  func unescapeEdges() {
    #expect(ICalendarText.unescape("a\\Nb") == "a\nb")
    #expect(ICalendarText.unescape("a\\xb") == "a\\xb")
    #expect(ICalendarText.unescape("end\\") == "end\\")
  }

  @Test(
    "lists split at unescaped commas",
    arguments: [
      ("home,work", ["home", "work"]), ("a\\,b,c", ["a,b", "c"]), ("", [String]()),
      ("one", ["one"]), ("x\\\\,y", ["x\\", "y"]),
    ])
  func lists(value: String, items: [String]) {
    #expect(ICalendarText.list(value) == items)
    if !items.isEmpty { #expect(ICalendarText.list(ICalendarText.joinList(items)) == items) }
  }

  @Test("repeated CATEGORIES merge in order")
  func repeatedCategories() throws {
    let calendar = try ICalendarComponent(
      parsing: "BEGIN:VTODO\nCATEGORIES:a,b\nSUMMARY:x\nCATEGORIES:c\\,d\nEND:VTODO\n")
    #expect(calendar.textList("categories") == ["a", "b", "c,d"])
  }

  @Test("content lines: names, parameters (quoted, multi-valued), raw values")
  func contentLines() throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n"
      + "ATTENDEE;ROLE=CHAIR;DELEGATED-FROM=\"mailto:a@x\",\"mailto:b@x\":mailto:c@x\r\n"
      + "DUE;VALUE=DATE:20261201\r\nX-EMPTY:\r\nDESCRIPTION;LANGUAGE=en:a\\, b\r\n"
      + "END:VTODO\r\nEND:VCALENDAR\r\n"
    let calendar = try ICalendarComponent(parsing: text)
    let todo = try #require(calendar.component("vtodo"))
    let attendee = try #require(todo.property("ATTENDEE"))
    #expect(attendee.parameters.map(\.name) == ["ROLE", "DELEGATED-FROM"])
    #expect(attendee.parameters[1].values == ["mailto:a@x", "mailto:b@x"])
    #expect(attendee.value == "mailto:c@x")
    #expect(todo.property("X-EMPTY")?.value == "")
    #expect(todo.text("DESCRIPTION") == "a, b")
    #expect(calendar.serialized() == text, "written back byte for byte")
  }

  @Test("bare LF is read, CRLF written; folds of a space or a tab are undone")
  func unfolding() throws {
    let text = "BEGIN:VTODO\nSUMMARY:Buy mi\n lk and\n\t eggs\nEND:VTODO\n"
    let todo = try ICalendarComponent(parsing: text)
    #expect(todo.text("SUMMARY") == "Buy milk and eggs")
    #expect(todo.serialized() == "BEGIN:VTODO\r\nSUMMARY:Buy milk and eggs\r\nEND:VTODO\r\n")
  }

  @Test("a fold that split a UTF-8 character is joined again")
  func foldInsideCharacter() throws {
    let bytes: [UInt8] =
      Array("BEGIN:VTODO\r\nSUMMARY:caf".utf8) + [0xC3] + Array("\r\n ".utf8)
      + [0xA9] + Array("\r\nEND:VTODO\r\n".utf8)
    let todo = try ICalendarComponent(parsing: String(decoding: bytes, as: UTF8.self))
    // String(decoding:) replaces the lone bytes; read them through the byte API instead.
    _ = todo
    let roots = try bytes.withUnsafeBufferPointer { try ICalendarReader.components(in: $0) }
    #expect(roots.first?.text("SUMMARY") == "café")
  }

  @Test(
    "malformed input is refused with the line at fault",
    arguments: [
      ("BEGIN:VTODO\nno colon here\nEND:VTODO\n", ICalendarError.missingColon(line: 2)),
      ("BEGIN:VTODO\nEND:VEVENT\n", .unbalancedEnd(line: 2, expected: "VTODO", found: "VEVENT")),
      ("END:VTODO\n", .unbalancedEnd(line: 1, expected: nil, found: "VTODO")),
      ("BEGIN:VCALENDAR\nBEGIN:VTODO\nEND:VTODO\n", .unterminated(component: "VCALENDAR")),
      ("SUMMARY:x\n", .propertyOutsideComponent(line: 1)),
      (
        "BEGIN:VTODO\nX;P:v\nEND:VTODO\n",
        .malformedLine(line: 2, reason: "a parameter has no '=' after its name")
      ),
      (
        "BEGIN:VTODO\nX;P=\"open:v\nEND:VTODO\n",
        .malformedLine(line: 2, reason: "a quoted parameter value is not closed")
      ),
      ("BEGIN:VTODO\n:v\nEND:VTODO\n", .malformedLine(line: 2, reason: "the name is empty")),
      ("", .expectedOneComponent(found: 0)),
      ("BEGIN:A\nEND:A\nBEGIN:B\nEND:B\n", .expectedOneComponent(found: 2)),
    ])
  func malformed(text: String, error: ICalendarError) {
    #expect(throws: error) { try ICalendarComponent(parsing: text) }
  }

  @Test("the size and depth caps hold")
  func caps() {
    #expect(throws: ICalendarError.tooLarge(limit: 10)) {
      try ICalendarComponent(parsing: "BEGIN:VTODO\nEND:VTODO\n", maximumSize: 10)
    }
    let deep = String(repeating: "BEGIN:X\n", count: 17) + String(repeating: "END:X\n", count: 17)
    #expect(throws: ICalendarError.tooDeep(line: 17, limit: 16)) {
      try ICalendarComponent(parsing: deep)
    }
    #expect(
      ICalendarError.missingColon(line: 3).description
        == "line 3 has no ':' between its name and value")
  }

  @Test("folding: every line at most 75 octets, no character split, unfolded back (generated)")
  func foldingProperty() throws {
    var random = SeededRandom(seed: 29)
    let pieces = ["a", "é", "日", "🙂", "👩‍👩‍👧", " ", ",", ";", "\\", "\n", "x\u{301}", "Ω"]
    for _ in 0..<300 {
      let length = random.below(120)
      let text = (0..<length).map { _ in random.pick(pieces) }.joined()
      var todo = ICalendarComponent(name: "VTODO")
      todo.setText("SUMMARY", to: text)
      todo.properties.append(
        ICalendarProperty(
          name: "X-P",
          parameters: [
            ICalendarParameter(name: "K", values: [text.replacingOccurrences(of: "\n", with: "")])
          ],
          value: "v"))
      let written = todo.serialized()
      let bytes = Array(written.utf8)
      var lines: [[UInt8]] = []
      var current: [UInt8] = []
      var index = 0
      while index < bytes.count {
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
          lines.append(current)
          current = []
          index += 2
          continue
        }
        #expect(bytes[index] != 0x0A, "no bare LF")
        current.append(bytes[index])
        index += 1
      }
      #expect(current.isEmpty, "ends with CRLF")
      for line in lines {
        #expect(line.count <= 75)
        #expect(String(validating: line, as: UTF8.self) != nil, "a fold splits no character")
      }
      let read = try ICalendarComponent(parsing: written)
      #expect(read == todo)
      #expect(read.text("SUMMARY") == text.replacingOccurrences(of: "\r\n", with: "\n"))
    }
  }

  @Test(
    "DATE and DATE-TIME values",
    arguments: [
      ("20261201", nil, ICalendarDateTime.date(year: 2026, month: 12, day: 1)),
      ("20261201T093000Z", nil, .utc(Date(timeIntervalSince1970: 1_796_117_400))),
      (
        "20261201T093000", nil,
        .floating(year: 2026, month: 12, day: 1, hour: 9, minute: 30, second: 0)
      ),
      (
        "20261201T233000", "Europe/Berlin",
        .zoned(
          tzid: "Europe/Berlin", year: 2026, month: 12, day: 1, hour: 23, minute: 30, second: 0)
      ),
    ] as [(String, String?, ICalendarDateTime)])
  func dates(value: String, tzid: String?, expected: ICalendarDateTime) {
    #expect(ICalendarDateTime(value: value, tzid: tzid) == expected)
    #expect(expected.day(in: TimeZone(identifier: "UTC")!) == (2026, 12, 1))
  }

  @Test(
    "invalid dates are refused",
    arguments: ["2026130", "20261301", "20260230", "20261201T250000Z", "20261201T0930", "x"])
  func invalidDates(value: String) {
    #expect(ICalendarDateTime(value: value) == nil)
  }

  @Test("a UTC instant falls on the local day; utcText writes whole seconds")
  func localDay() {
    // 2026-12-01T23:00Z
    let late = ICalendarDateTime.utc(Date(timeIntervalSince1970: 1_796_166_000))
    #expect(late.day(in: TimeZone(identifier: "Europe/Berlin")!) == (2026, 12, 2))
    #expect(late.day(in: TimeZone(identifier: "America/New_York")!) == (2026, 12, 1))
    #expect(
      ICalendarDateTime.utcText(Date(timeIntervalSince1970: 1_796_117_400.9)) == "20261201T093000Z")
    #expect(ICalendarDateTime.dateText(year: 2026, month: 3, day: 9) == "20260309")
  }

  @Test("setProperty keeps the place and parameters; unknown content stays")
  func editing() throws {
    var todo = try ICalendarComponent(
      parsing:
        "BEGIN:VTODO\nUID:1\nSUMMARY;LANGUAGE=de:alt\nX-APPLE-SORT-ORDER:5\nSUMMARY:dup\nBEGIN:VALARM\nACTION:DISPLAY\nEND:VALARM\nEND:VTODO\n"
    )
    todo.setText("summary", to: "neu, besser")
    #expect(
      todo.serialized()
        == "BEGIN:VTODO\r\nUID:1\r\nSUMMARY;LANGUAGE=de:neu\\, besser\r\nX-APPLE-SORT-ORDER:5\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM\r\nEND:VTODO\r\n"
    )
    todo.setText("SUMMARY", to: nil)
    #expect(todo.property("SUMMARY") == nil)
  }
}
