import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures

/// The CalDAV server `.ci/run` starts (Radicale on loopback), or `nil` without one.
let radicaleURL = ProcessInfo.processInfo.environment["BLUEPRINT_CALDAV_URL"].flatMap {
  $0.isEmpty ? nil : URL(string: $0)
}

/// A todo home whose `~/.netrc` names a user of its own on the test server.
struct SyncingHome {
  let home: TodoHome
  let user: String

  init(user: String) throws {
    home = try TodoHome()
    self.user = user
    let netrc = home.folder.appending(".netrc")
    try Data("machine 127.0.0.1 login \(user) password unused\n".utf8).write(to: netrc)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: netrc.path)
  }

  @discardableResult
  func output(_ arguments: [String]) throws -> String { try home.output(arguments) }

  /// The titles, done flags and due dates `todo list --all --json` prints, sorted.
  func items() throws -> [String] {
    let data = Data(try output(["list", "--all", "--json"]).utf8)
    let items = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    return items.map { item in
      "\(item["title"] ?? "") done=\(item["done"] ?? "") due=\(item["due"] as? String ?? "")"
    }.sorted()
  }

  /// The ids by title, from `todo list --all --json`.
  func idsByTitle() throws -> [String: String] {
    let data = Data(try output(["list", "--all", "--json"]).utf8)
    let items = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    var ids: [String: String] = [:]
    for item in items {
      if let title = item["title"] as? String, let id = item["id"] { ids[title] = "\(id)" }
    }
    return ids
  }
}

/// `todo sync` through the built executable against a real Radicale: setup, sync,
/// status and dry run; items written by other clients kept whole; two homes converging.
@Suite(
  "todo sync against Radicale",
  .enabled(
    if: radicaleURL != nil,
    "BLUEPRINT_CALDAV_URL is not set: no CalDAV server to sync with (.ci/run starts Radicale and sets it)"
  ), .timeLimit(.minutes(10)))
struct SyncRadicaleTests {
  let base = radicaleURL ?? URL(fileURLWithPath: "/")
  let user = "todo\(UUID().uuidString.prefix(8).lowercased())"

  /// The list on the server, seen through Core's client.
  func serverList() throws -> CalDAVCollection {
    CalDAVCollection(
      url: base.appendingPathComponent("\(user)/chores/"),
      client: try #require(CurlHTTPClient(userAgent: "blueprint-tests/1.0", retryPolicy: .none)),
      credentials: SyncCredentials(user: user, password: "unused"))
  }

  #if canImport(Glibc)
    @Test("todo sync in another process shows what it brought in the open list")
    func syncShowsInTheOpenList() async throws {
      let first = try SyncingHome(user: user)
      let second = try SyncingHome(user: user)
      try first.output(["add", "Milk"])
      try first.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
      try first.output(["sync"])
      try second.output(["add", "Bread"])
      try second.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
      try await LiveListTerminalTests.withUI(second.home, ready: "1 open") { session in
        try second.output(["sync"])
        try session.waitForScreen { $0.text.contains("Milk") && $0.text.contains("2 open") }
      }
    }
  #endif

  @Test("setup creates the list; sync sends, status tells, a dry run writes nothing")
  func setupSyncStatus() async throws {
    let home = try SyncingHome(user: user)
    try home.output(["add", "Buy milk", "--due", "2026-12-24", "--priority", "high"])
    let setup = try home.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
    #expect(setup.contains("syncing with Chores"))
    #expect(try home.output(["sync", "--dry-run"]).contains("sent 1"))
    #expect(try await serverList().changes(since: nil).changed.isEmpty)
    #expect(try home.output(["sync"]).hasPrefix("sent 1, received 0"))
    let listing = try await serverList().changes(since: nil)
    let items = try await serverList().fetch(listing.changed.map(\.href))
    #expect(items.count == 1)
    let body = try #require(items.first?.body)
    #expect(body.contains("SUMMARY:Buy milk"))
    #expect(body.contains("DUE;VALUE=DATE:20261224"))
    #expect(body.contains("PRIORITY:1"))
    let status = try home.output(["sync", "status"])
    #expect(status.contains("Chores"))
    #expect(status.contains("waiting to go out: 0"))
    #expect(try home.output(["sync"]).hasPrefix("sent 0, received 0"))
    // The setup found again from the base address lists the one list.
    #expect(try home.output(["sync", "setup", base.absoluteString]).contains("Chores"))
  }

  @Test(
    "an item as Tasks.org writes it syncs in, is edited, and goes back whole; a VEVENT is untouched"
  )
  func interop() async throws {
    let home = try SyncingHome(user: user)
    try home.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
    let list = try serverList()
    let tasks = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-130100//EN",
      "BEGIN:VTODO", "DTSTAMP:20260101T090000Z", "UID:4711-tasks-org",
      "CREATED:20260101T090000Z", "LAST-MODIFIED:20260101T090000Z", "SUMMARY:Water plants",
      "PRIORITY:1", "CATEGORIES:home,garden", "RRULE:FREQ=WEEKLY;BYDAY=SA",
      "RELATED-TO;RELTYPE=PARENT:parent-uid", "X-APPLE-SORT-ORDER:123456",
      "X-OC-HIDESUBTASKS:1", "DUE;VALUE=DATE:20260110", "BEGIN:VALARM", "TRIGGER;RELATED=END:PT0S",
      "ACTION:DISPLAY", "DESCRIPTION:Reminder", "END:VALARM", "END:VTODO", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let event = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//EN", "BEGIN:VEVENT", "UID:party",
      "DTSTAMP:20260101T000000Z", "DTSTART:20260102T180000Z", "SUMMARY:Party", "END:VEVENT",
      "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let taskHref = list.href(forNewItemNamed: "4711-tasks-org")
    _ = try await list.create(tasks, at: taskHref)
    let eventTag = try await list.create(event, at: list.href(forNewItemNamed: "party"))
    #expect(try home.output(["sync"]).hasPrefix("sent 0, received 1"))
    #expect(try home.items() == ["Water plants done=0 due=2026-01-10"])
    try home.output(["edit", "1", "--title", "Water all plants"])
    #expect(try home.output(["sync"]).hasPrefix("sent 1"))
    let back = try #require(try await list.fetch([taskHref]).first?.body)
    for kept in [
      "SUMMARY:Water all plants", "RRULE:FREQ=WEEKLY;BYDAY=SA",
      "RELATED-TO;RELTYPE=PARENT:parent-uid",
      "X-APPLE-SORT-ORDER:123456", "X-OC-HIDESUBTASKS:1", "BEGIN:VALARM",
      "TRIGGER;RELATED=END:PT0S",
      "PRIORITY:1", "UID:4711-tasks-org",
    ] {
      #expect(back.contains(kept), "\(kept) was lost")
    }
    #expect(back.contains("CATEGORIES:home,garden") || back.contains("CATEGORIES:garden,home"))
    let eventNow = try await list.fetch([list.href(forNewItemNamed: "party")]).first
    #expect(eventNow?.etag == eventTag)
  }

  @Test(
    "an item as Apple's Reminders writes it (a zoned due time, VTIMEZONE, alarm) goes back whole")
  func interopApple() async throws {
    let home = try SyncingHome(user: user)
    try home.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
    let list = try serverList()
    let reminder = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 17.2//EN",
      "CALSCALE:GREGORIAN", "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD",
      "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
      "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "END:STANDARD",
      "END:VTIMEZONE", "BEGIN:VTODO", "UID:9C3F2E4A-1B2C-4D5E-8F90-A1B2C3D4E5F6",
      "DTSTAMP:20261101T080000Z", "CREATED:20261101T080000Z",
      "LAST-MODIFIED:20261101T080000Z", "SEQUENCE:3", "SUMMARY:Renew passport",
      "DESCRIPTION:Bring two photos", "PRIORITY:5", "STATUS:NEEDS-ACTION",
      "DTSTART;TZID=Europe/Berlin:20261223T090000", "DUE;TZID=Europe/Berlin:20261224T090000",
      "X-APPLE-SORT-ORDER:687654321", "URL;VALUE=URI:https://example.org/passport",
      "BEGIN:VALARM", "X-WR-ALARMUID:5D1E6A7B-0000-4C4C-9999-123456789ABC",
      "UID:5D1E6A7B-0000-4C4C-9999-123456789ABC", "TRIGGER;VALUE=DATE-TIME:20261224T080000Z",
      "ACTION:DISPLAY", "DESCRIPTION:Reminder", "X-APPLE-DEFAULT-ALARM:FALSE", "END:VALARM",
      "END:VTODO", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let href = list.href(forNewItemNamed: "9C3F2E4A-1B2C-4D5E-8F90-A1B2C3D4E5F6")
    _ = try await list.create(reminder, at: href)
    #expect(try home.output(["sync"]).hasPrefix("sent 0, received 1"))
    // A due time falls on its local day (TZ=UTC here: 08:00 on the 24th).
    #expect(try home.items() == ["Renew passport done=0 due=2026-12-24"])
    try home.output(["note", "1", "Bring two photos and the old passport"])
    try home.output(["done", "1"])
    #expect(try home.output(["sync"]).hasPrefix("sent 1"))
    let back = try #require(try await list.fetch([href]).first?.body)
    // The server's body as read: CRLF lines come through the XML reply as LF.
    let lines = Set(back.split(whereSeparator: \.isNewline).map(String.init))
    for kept in [
      "PRODID:-//Apple Inc.//iOS 17.2//EN", "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
      "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "DTSTART;TZID=Europe/Berlin:20261223T090000",
      "DUE;TZID=Europe/Berlin:20261224T090000", "X-APPLE-SORT-ORDER:687654321",
      "URL;VALUE=URI:https://example.org/passport", "PRIORITY:5",
      "X-WR-ALARMUID:5D1E6A7B-0000-4C4C-9999-123456789ABC",
      "TRIGGER;VALUE=DATE-TIME:20261224T080000Z", "X-APPLE-DEFAULT-ALARM:FALSE",
      "UID:9C3F2E4A-1B2C-4D5E-8F90-A1B2C3D4E5F6", "SUMMARY:Renew passport",
      "DESCRIPTION:Bring two photos and the old passport", "STATUS:COMPLETED",
      "PERCENT-COMPLETE:100", "SEQUENCE:4",
    ] {
      #expect(lines.contains(kept), "\(kept) is not in \(back)")
    }
    #expect(!lines.contains("STATUS:NEEDS-ACTION"))
  }

  @Test("two homes through one Radicale converge after concurrent edits and deletes")
  func twoHomes() async throws {
    let first = try SyncingHome(user: user)
    let second = try SyncingHome(user: user)
    for title in ["Milk", "Bread", "Eggs"] { try first.output(["add", title]) }
    try first.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
    try first.output(["sync"])
    try second.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
    #expect(try second.output(["sync"]).contains("received 3"))
    #expect(try second.items() == (try first.items()))
    // Concurrent: the first edits Milk and deletes Eggs; the second marks Bread done,
    // retitles Milk's other field (due) and adds Jam.
    let ids = try first.idsByTitle()
    try first.output(["edit", ids["Milk"] ?? "", "--title", "Oat milk"])
    try first.output(["rm", ids["Eggs"] ?? ""])
    let otherIds = try second.idsByTitle()
    try second.output(["done", otherIds["Bread"] ?? ""])
    try second.output(["edit", otherIds["Milk"] ?? "", "--due", "2026-12-24"])
    try second.output(["add", "Jam"])
    try first.output(["sync"])
    try second.output(["sync"])
    try first.output(["sync"])
    let expected = [
      "Bread done=1 due=", "Jam done=0 due=", "Oat milk done=0 due=2026-12-24",
    ]
    let firstItems = try first.items()
    let secondItems = try second.items()
    #expect(firstItems == expected)
    #expect(secondItems == expected)
    #expect(try first.output(["sync"]).hasPrefix("sent 0, received 0"))
  }

}
