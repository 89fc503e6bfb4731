import Core
import CoreTesting
import Foundation
import Testing

/// Conditional PUT and DELETE against the loopback server: the preconditions sent, and
/// the answers a real server rarely gives on demand (412, no ETag, a weak ETag).
@Suite("CalDAV items (loopback)", .timeLimit(.minutes(10)))
struct CalDAVItemTests {
  @Test("create sends If-None-Match: * and text/calendar, and returns the ETag")
  func create() async throws {
    let server = try LoopbackServer(replies: [.status(201, headers: ["ETag": "\"e1\""])])
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    let href = remote.href(forNewItemNamed: "a@host")
    #expect(href == "/alice/todo/a@host.ics")
    let etag = try await remote.create(CalDAVFixtures.vtodo, at: href)
    #expect(etag == "\"e1\"")
    let request = try #require(server.requests.first)
    #expect(request.method == "PUT")
    #expect(request.path == "/alice/todo/a@host.ics")
    #expect(request.headers["If-None-Match"] == "*")
    #expect(request.headers["If-Match"] == nil)
    #expect(request.headers["Content-Type"] == "text/calendar; charset=utf-8")
    #expect(CalDAVFixtures.text(request.body) == CalDAVFixtures.vtodo)
    let basic = "Basic " + Data("alice:s3cret".utf8).base64EncodedString()
    #expect(request.headers["Authorization"] == basic)
  }

  @Test("create over an existing item is a precondition failure")
  func createExisting() async throws {
    let server = try LoopbackServer(replies: [.status(412)])
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    await #expect(throws: SyncRemoteError.preconditionFailed(href: "/alice/todo/a.ics")) {
      _ = try await remote.create(CalDAVFixtures.vtodo, at: "/alice/todo/a.ics")
    }
  }

  @Test("replace sends a weak ETag back exactly as received")
  func weakETag() async throws {
    let server = try LoopbackServer(replies: [.status(204, headers: ["ETag": "W/\"e2\""])])
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    let etag = try await remote.replace(
      CalDAVFixtures.vtodo, at: "/alice/todo/a.ics", ifMatch: "W/\"e1\"")
    #expect(etag == "W/\"e2\"")
    let request = try #require(server.requests.first)
    #expect(request.headers["If-Match"] == "W/\"e1\"")
    #expect(request.headers["If-None-Match"] == nil)
  }

  @Test("replace on a stale ETag is a precondition failure; on a gone item, not found")
  func staleAndGone() async throws {
    let server = try LoopbackServer(replies: [.status(412), .status(404)])
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    let href = "/alice/todo/a.ics"
    await #expect(throws: SyncRemoteError.preconditionFailed(href: href)) {
      _ = try await remote.replace(CalDAVFixtures.vtodo, at: href, ifMatch: "\"old\"")
    }
    await #expect(throws: SyncRemoteError.notFound(href: href)) {
      _ = try await remote.replace(CalDAVFixtures.vtodo, at: href, ifMatch: "\"old\"")
    }
  }

  @Test("a PUT answered without an ETag returns nil (the next sync learns it)")
  func noETag() async throws {
    let server = try LoopbackServer(replies: [.status(204)])
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    let etag = try await remote.replace(
      CalDAVFixtures.vtodo, at: "/alice/todo/a.ics", ifMatch: "\"1\"")
    #expect(etag == nil)
  }

  @Test("delete sends If-Match; 412 and 404 become sync errors")
  func delete() async throws {
    let server = try LoopbackServer(replies: [.status(204), .status(412), .status(404)])
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    let href = "/alice/todo/a.ics"
    try await remote.delete(at: href, ifMatch: "\"e1\"")
    await #expect(throws: SyncRemoteError.preconditionFailed(href: href)) {
      try await remote.delete(at: href, ifMatch: "\"e1\"")
    }
    await #expect(throws: SyncRemoteError.notFound(href: href)) {
      try await remote.delete(at: href, ifMatch: "\"e1\"")
    }
    #expect(server.requests.map(\.method) == ["DELETE", "DELETE", "DELETE"])
    #expect(server.requests.first?.headers["If-Match"] == "\"e1\"")
  }

  @Test("multiget asks in batches, reads CDATA, and leaves a 404 item out")
  func multiget() async throws {
    let data = CalDAVFixtures.vtodo
    let first = CalDAVFixtures.multistatus(
      "<D:response><D:href>/alice/todo/a.ics</D:href><D:propstat><D:prop>"
        + "<D:getetag>\"1\"</D:getetag><C:calendar-data><![CDATA[\(data)]]></C:calendar-data>"
        + "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
        + CalDAVFixtures.gone("/alice/todo/b.ics"))
    let server = try LoopbackServer { request in
      guard !CalDAVFixtures.text(request.body).contains("a.ics") else { return first }
      // An absolute href, with the `@` percent-encoded and the body's CR as a reference.
      let host = request.headers["Host"] ?? ""
      return CalDAVFixtures.multistatus(
        "<D:response><D:href>http://\(host)/alice/todo/c%40x.ics</D:href><D:propstat><D:prop>"
          + "<D:getetag>\"3\"</D:getetag><C:calendar-data>BEGIN:VCALENDAR&#13;\nEND:VCALENDAR"
          + "</C:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>"
          + "</D:response>")
    }
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server, batchSize: 2)
    let items = try await remote.fetch([
      "/alice/todo/a.ics", "/alice/todo/b.ics", "/alice/todo/c@x.ics",
    ])
    #expect(items.map(\.href) == ["/alice/todo/a.ics", "/alice/todo/c@x.ics"])
    #expect(items.first?.etag == "\"1\"")
    // XMLParser may hand CRLF over as LF (it keeps it inside CDATA); the iCalendar
    // reader accepts both, so only the line ending may differ.
    let body = try #require(items.first?.body)
    #expect(
      body.replacingOccurrences(of: "\r\n", with: "\n")
        == data.replacingOccurrences(of: "\r\n", with: "\n"))
    #expect(server.requests.count == 2)
    let request = try #require(server.requests.first)
    #expect(request.method == "REPORT")
    #expect(request.headers["Depth"] == "1")
    #expect(request.headers["Content-Type"] == "application/xml; charset=utf-8")
    let sent = CalDAVFixtures.text(request.body)
    #expect(sent.contains("calendar-multiget"))
    #expect(sent.contains("<D:href>/alice/todo/a.ics</D:href><D:href>/alice/todo/b.ics</D:href>"))
    #expect(!sent.contains("c@x"))
    #expect(
      CalDAVFixtures.text(server.requests[1].body).contains("<D:href>/alice/todo/c@x.ics</D:href>"))
  }
}
