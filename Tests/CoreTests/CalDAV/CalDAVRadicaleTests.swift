import Core
import CoreTesting
import Foundation
import Testing

/// The address of the CalDAV server `.ci/run` starts (Radicale 3.9 on loopback, no
/// password checking), or `nil` when the tests run without one.
enum RealCalDAVServer {
  static let variable = "BLUEPRINT_CALDAV_URL"
  static var url: URL? {
    ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : URL(string: $0) }
  }
  static let skipReason: Comment =
    "BLUEPRINT_CALDAV_URL is not set: no CalDAV server to test against (.ci/run starts Radicale and sets it)"

  /// A user of its own for one test (Radicale makes the principal on first use; it
  /// checks no password, but needs a user name to have a principal).
  static func user() -> SyncCredentials {
    SyncCredentials(user: "t\(UUID().uuidString.prefix(8).lowercased())", password: "unused")
  }
}

/// The CalDAV client against a real Radicale: what the loopback tests script, answered
/// by the server a user runs.
@Suite(
  "CalDAV against Radicale", .enabled(if: RealCalDAVServer.url != nil, RealCalDAVServer.skipReason),
  .timeLimit(.minutes(10)))
struct CalDAVRadicaleTests {
  let base = RealCalDAVServer.url ?? URL(fileURLWithPath: "/")
  let client: any HTTPClient
  let credentials = RealCalDAVServer.user()

  init() throws { client = try CalDAVFixtures.client(maxResponseSize: 16 << 20) }

  func vtodo(_ uid: String, _ summary: String) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//blueprint tests//EN\r\nBEGIN:VTODO\r\n"
      + "UID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:\(summary)\r\nEND:VTODO\r\n"
      + "END:VCALENDAR\r\n"
  }

  /// A new task list for this test's user.
  func newList(_ name: String = "chores") async throws -> CalDAVCollection {
    let server = CalDAVServer(url: base, client: client, credentials: credentials)
    let made = try await server.makeCalendar(named: name, displayName: "Chores")
    return CalDAVCollection(url: made.url, client: client, credentials: credentials, batchSize: 2)
  }

  @Test("discovery from the base address finds a list made with MKCALENDAR")
  func discovery() async throws {
    let server = CalDAVServer(url: base, client: client, credentials: credentials)
    let home = try await server.calendarHome()
    #expect(home.absoluteString.hasSuffix("/\(credentials.user)/"))
    let made = try await server.makeCalendar(named: "chores", displayName: "Chores & more")
    let lists = try await server.calendars(holding: "VTODO")
    #expect(lists.map(\.url) == [made.url])
    #expect(lists.first?.displayName == "Chores & more")
    #expect(lists.first?.components == ["VTODO"])
    // The list's own address is the list.
    let direct = try await CalDAVServer(url: made.url, client: client, credentials: credentials)
      .calendars()
    #expect(direct.map(\.url) == [made.url])
  }

  @Test("create, replace and delete hold to their preconditions")
  func preconditions() async throws {
    let list = try await newList()
    let href = list.href(forNewItemNamed: "a")
    let first = try #require(try await list.create(vtodo("a", "Milk"), at: href))
    await #expect(throws: SyncRemoteError.preconditionFailed(href: href)) {
      _ = try await list.create(vtodo("a", "Milk again"), at: href)
    }
    await #expect(throws: SyncRemoteError.preconditionFailed(href: href)) {
      _ = try await list.replace(vtodo("a", "Stale"), at: href, ifMatch: "\"not-it\"")
    }
    let second = try #require(
      try await list.replace(vtodo("a", "Oat milk"), at: href, ifMatch: first))
    #expect(second != first)
    let fetched = try await list.fetch([href])
    #expect(fetched.first?.etag == second)
    #expect(fetched.first?.body.contains("SUMMARY:Oat milk") == true)
    await #expect(throws: SyncRemoteError.preconditionFailed(href: href)) {
      try await list.delete(at: href, ifMatch: first)
    }
    try await list.delete(at: href, ifMatch: second)
    #expect(try await list.fetch([href]).isEmpty)
  }

  @Test("sync-collection from a token names what changed, was added and was deleted")
  func syncToken() async throws {
    let list = try await newList()
    var etags: [String: String] = [:]
    for uid in ["a", "b", "c"] {
      etags[uid] = try await list.create(vtodo(uid, uid), at: list.href(forNewItemNamed: uid))
    }
    let all = try await list.changes(since: nil)
    #expect(Set(all.changed.map(\.href)) == Set(["a", "b", "c"].map(list.href(forNewItemNamed:))))
    #expect(all.isFullListing)
    let token = try #require(all.token)
    _ = try await list.replace(
      vtodo("a", "changed"), at: list.href(forNewItemNamed: "a"), ifMatch: try #require(etags["a"]))
    _ = try await list.create(vtodo("d", "d"), at: list.href(forNewItemNamed: "d"))
    try await list.delete(at: list.href(forNewItemNamed: "b"), ifMatch: try #require(etags["b"]))
    let since = try await list.changes(since: token)
    #expect(!since.isFullListing)
    #expect(Set(since.changed.map(\.href)) == Set(["a", "d"].map(list.href(forNewItemNamed:))))
    #expect(since.deleted == [list.href(forNewItemNamed: "b")])
    #expect(since.token != token && since.token != nil)
    let nothing = try await list.changes(since: since.token)
    #expect(nothing.changed.isEmpty && nothing.deleted.isEmpty)
  }

  @Test("a token the server does not know is invalidToken (Radicale answers 403)")
  func invalidToken() async throws {
    let list = try await newList()
    await #expect(throws: SyncRemoteError.invalidToken) {
      _ = try await list.changes(since: "http://radicale.org/ns/sync/0123456789abcdef")
    }
  }

  @Test("multiget in batches; a missing href is left out; a VEVENT is not listed")
  func multigetAndForeignItems() async throws {
    let list = try await newList()
    // Radicale percent-encodes `@` in its hrefs: the listing must still match.
    let names = ["x@host", "y", "z"]
    for name in names {
      _ = try await list.create(vtodo(name, "task \(name)"), at: list.href(forNewItemNamed: name))
    }
    let event =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VEVENT\r\nUID:ev\r\n"
      + "DTSTAMP:20260101T000000Z\r\nDTSTART:20260102T100000Z\r\nSUMMARY:Party\r\nEND:VEVENT\r\n"
      + "END:VCALENDAR\r\n"
    _ = try await list.create(event, at: list.href(forNewItemNamed: "ev"))
    let listing = try await list.changes(since: nil)
    #expect(Set(listing.changed.map(\.href)) == Set(names.map(list.href(forNewItemNamed:))))
    let hrefs = names.map(list.href(forNewItemNamed:)) + [list.href(forNewItemNamed: "gone")]
    let items = try await list.fetch(hrefs)
    #expect(items.map(\.href).sorted() == names.map(list.href(forNewItemNamed:)).sorted())
    for item in items {
      #expect(item.etag == listing.changed.first { $0.href == item.href }?.etag)
      #expect(item.body.contains("BEGIN:VTODO"))
    }
  }
}
