import Core
import CoreTesting
import Foundation
import Testing

private func prop(_ href: String, _ props: String) -> String {
  "<D:response><D:href>\(href)</D:href><D:propstat><D:prop>\(props)</D:prop>"
    + "<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
}

private let calendarType = "<D:resourcetype><D:collection/><C:calendar/></D:resourcetype>"

/// Discovery from a base address: well-known, principal, calendar home, the calendars
/// that hold tasks; and the address itself when it is a calendar.
@Suite("CalDAV discovery (loopback)", .timeLimit(.minutes(10)))
struct CalDAVDiscoveryTests {
  @Test("well-known → principal → calendar home → the lists that hold VTODO")
  func wellKnown() async throws {
    let server = try LoopbackServer { request in
      switch request.path {
      case "/":
        return CalDAVFixtures.multistatus(
          prop("/", "<D:resourcetype><D:collection/></D:resourcetype>"))
      case "/.well-known/caldav": return .status(301, headers: ["Location": "/dav/"])
      case "/dav/":
        return CalDAVFixtures.multistatus(
          prop(
            "/dav/",
            "<D:current-user-principal><D:href>/dav/alice/</D:href></D:current-user-principal>"))
      case "/dav/alice/":
        return CalDAVFixtures.multistatus(
          prop(
            "/dav/alice/",
            "<C:calendar-home-set><D:href>/dav/alice/cals/</D:href></C:calendar-home-set>"))
      case "/dav/alice/cals/":
        return CalDAVFixtures.multistatus(
          prop("/dav/alice/cals/", "<D:resourcetype><D:collection/></D:resourcetype>")
            + prop(
              "/dav/alice/cals/work/",
              calendarType
                + "<D:displayname>Work</D:displayname><C:supported-calendar-component-set>"
                + "<C:comp name=\"VEVENT\"/></C:supported-calendar-component-set>")
            + prop(
              "/dav/alice/cals/chores/",
              calendarType + "<D:displayname>Chores &amp; more</D:displayname>"
                + "<C:supported-calendar-component-set><C:comp name=\"VEVENT\"/><C:comp name=\"VTODO\"/>"
                + "</C:supported-calendar-component-set>")
            + prop("/dav/alice/cals/any/", calendarType))
      default: return .status(404)
      }
    }
    defer { server.stop() }
    let discovery = CalDAVServer(
      url: server.baseURL, client: try CalDAVFixtures.client(),
      credentials: SyncCredentials(user: "alice", password: "pw"))
    let lists = try await discovery.calendars(holding: "VTODO")
    #expect(
      lists == [
        CalDAVCalendar(url: server.url("/dav/alice/cals/any/"), displayName: nil, components: []),
        CalDAVCalendar(
          url: server.url("/dav/alice/cals/chores/"), displayName: "Chores & more",
          components: ["VEVENT", "VTODO"]),
      ])
    #expect(
      server.requests.map { "\($0.method) \($0.path) \($0.headers["Depth"] ?? "")" } == [
        "PROPFIND / 0", "PROPFIND /.well-known/caldav 0", "PROPFIND /dav/ 0",
        "PROPFIND /dav/alice/ 0", "PROPFIND /dav/alice/cals/ 1",
      ])
    #expect(
      server.requests.allSatisfy { $0.headers["Content-Type"] == "application/xml; charset=utf-8" })
  }

  @Test("an address that is a calendar is the list itself")
  func calendarAddress() async throws {
    let server = try LoopbackServer(replies: [
      CalDAVFixtures.multistatus(
        prop("/alice/todo/", calendarType + "<D:displayname>Todo</D:displayname>"))
    ])
    defer { server.stop() }
    let lists = try await CalDAVServer(
      url: server.url("/alice/todo/"), client: try CalDAVFixtures.client()
    )
    .calendars()
    #expect(lists.map(\.url) == [server.url("/alice/todo/")])
    #expect(lists.first?.displayName == "Todo")
  }

  @Test("no principal anywhere is a clear error")
  func nothingFound() async throws {
    let server = try LoopbackServer(replies: [CalDAVFixtures.multistatus(prop("/", ""))])
    defer { server.stop() }
    let discovery = CalDAVServer(url: server.baseURL, client: try CalDAVFixtures.client())
    let error = await #expect(throws: DAVError.self) { _ = try await discovery.calendars() }
    #expect(error == .noCalendarHome(url: server.baseURL))
  }

  @Test("MKCALENDAR under the home asks for a VTODO list with its name")
  func makeCalendar() async throws {
    let server = try LoopbackServer(replies: [.status(201)])
    defer { server.stop() }
    let made = try await CalDAVServer(url: server.baseURL, client: try CalDAVFixtures.client())
      .makeCalendar(named: "chores", displayName: "Chores <home>", in: server.url("/alice/"))
    #expect(made.url == server.url("/alice/chores/"))
    let request = try #require(server.requests.first)
    #expect(request.method == "MKCALENDAR")
    #expect(request.path == "/alice/chores/")
    let body = CalDAVFixtures.text(request.body)
    #expect(body.contains("<D:displayname>Chores &lt;home&gt;</D:displayname>"))
    #expect(body.contains("<C:comp name=\"VTODO\"/>"))
  }
}
