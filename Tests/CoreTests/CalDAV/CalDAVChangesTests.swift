import Core
import CoreTesting
import Foundation
import Testing

/// Listings: sync-collection with a token, the invalid-token forms, the fallback to an
/// ETag listing, and the hrefs a listing must leave out or normalise.
@Suite("CalDAV listings (loopback)", .timeLimit(.minutes(10)))
struct CalDAVChangesTests {
  @Test("sync-collection from a token: changed, deleted, the collection itself left out")
  func changesSinceToken() async throws {
    let server = try LoopbackServer { request in
      let host = request.headers["Host"] ?? ""
      return CalDAVFixtures.multistatus(
        // iCloud lists the collection itself among the changes.
        CalDAVFixtures.item("/alice/todo/", etag: "\"c\"")
          + CalDAVFixtures.item("/alice/todo/a.ics", etag: "\"a2\"")
          + CalDAVFixtures.item("http://\(host)/alice/todo/b%2Bc.ics", etag: "\"b2\"")
          + CalDAVFixtures.gone("/alice/todo/old.ics")
          + CalDAVFixtures.item("/bob/todo/x.ics", etag: "\"x\"")
          + CalDAVFixtures.item("https://elsewhere.example/alice/todo/y.ics", etag: "\"y\"")
          + CalDAVFixtures.item(
            "/alice/todo/party.ics", etag: "\"p\"", type: "text/calendar; component=VEVENT")
          + CalDAVFixtures.item(
            "/alice/todo/chore.ics", etag: "\"ch\"",
            type: "text/calendar;charset=utf-8;component=vtodo"),
        token: "http://radicale.org/ns/sync/2")
    }
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    let changes = try await remote.changes(since: "http://radicale.org/ns/sync/1")
    #expect(
      changes.changed == [
        RemoteResource(href: "/alice/todo/a.ics", etag: "\"a2\""),
        RemoteResource(href: "/alice/todo/b+c.ics", etag: "\"b2\""),
        RemoteResource(href: "/alice/todo/chore.ics", etag: "\"ch\""),
      ])
    #expect(changes.deleted == ["/alice/todo/old.ics"])
    #expect(changes.token == "http://radicale.org/ns/sync/2")
    #expect(!changes.isFullListing)
    let request = try #require(server.requests.first)
    #expect(request.method == "REPORT")
    #expect(request.path == "/alice/todo/")
    #expect(request.headers["Depth"] == "1")
    #expect(request.headers["Content-Type"] == "application/xml; charset=utf-8")
    let body = CalDAVFixtures.text(request.body)
    #expect(body.contains("<D:sync-token>http://radicale.org/ns/sync/1</D:sync-token>"))
    #expect(body.contains("<D:sync-level>1</D:sync-level>"))
  }

  @Test(
    "an invalid token (Radicale 403, Xandikos 412) is SyncRemoteError.invalidToken",
    arguments: [403, 412])
  func invalidToken(status: Int) async throws {
    let error =
      "<?xml version=\"1.0\"?><D:error xmlns:D=\"DAV:\"><D:valid-sync-token/></D:error>"
    let server = try LoopbackServer(replies: [
      .text(error, status: status, headers: ["Content-Type": "application/xml"])
    ])
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    await #expect(throws: SyncRemoteError.invalidToken) {
      _ = try await remote.changes(since: "stale")
    }
  }

  @Test("from no token: a sync-collection from an empty token is a full listing")
  func emptyToken() async throws {
    let server = try LoopbackServer(replies: [
      CalDAVFixtures.multistatus(
        CalDAVFixtures.item("/alice/todo/a.ics", etag: "\"a\"")
          + CalDAVFixtures.item("/alice/todo/a.ics", etag: "\"a\""), token: "t1")
    ])
    defer { server.stop() }
    let changes = try await CalDAVFixtures.collection(server).changes(since: nil)
    #expect(changes.changed == [RemoteResource(href: "/alice/todo/a.ics", etag: "\"a\"")])
    #expect(changes.isFullListing)
    #expect(changes.token == "t1")
    #expect(
      CalDAVFixtures.text(try #require(server.requests.first).body).contains("<D:sync-token/>"))
  }

  @Test(
    "a server without sync-collection is listed with PROPFIND Depth 1 (and then at once)",
    arguments: [405, 501, 403])
  func fallbackListing(status: Int) async throws {
    let listing = CalDAVFixtures.multistatus(
      "<D:response><D:href>/alice/todo/</D:href><D:propstat><D:prop><D:resourcetype>"
        + "<D:collection/><C:calendar/></D:resourcetype></D:prop>"
        + "<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
        + "<D:response><D:href>/alice/todo/sub/</D:href><D:propstat><D:prop><D:resourcetype>"
        + "<D:collection/></D:resourcetype></D:prop>"
        + "<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
        + CalDAVFixtures.item("/alice/todo/a%2ex.ics", etag: "W/\"a\"")
        + CalDAVFixtures.item("/alice/todo/a.x.ics", etag: "W/\"a\"")
        + CalDAVFixtures.item(
          "/alice/todo/e.ics", etag: "\"e\"", type: "text/calendar; component=VEVENT"))
    let server = try LoopbackServer { request in
      request.method == "REPORT" ? .status(status) : listing
    }
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    for _ in 0..<2 {
      let changes = try await remote.changes(since: nil)
      #expect(changes.changed == [RemoteResource(href: "/alice/todo/a.x.ics", etag: "W/\"a\"")])
      #expect(changes.isFullListing)
      #expect(changes.token == nil)
    }
    // A 403 may refuse the calendar data asked for: the report is sent once more without.
    let reports = status == 403 ? ["REPORT", "REPORT"] : ["REPORT"]
    #expect(server.requests.map(\.method) == reports + ["PROPFIND", "PROPFIND"])
    let propfind = server.requests[reports.count]
    #expect(propfind.headers["Depth"] == "1")
    #expect(propfind.headers["Content-Type"] == "application/xml; charset=utf-8")
    #expect(CalDAVFixtures.text(propfind.body).contains("getetag"))
  }

  @Test("a listing carries the items' calendar data when the server sends it")
  func listingWithData() async throws {
    let data = CalDAVFixtures.vtodo.replacingOccurrences(of: "\r\n", with: "\n")
    let server = try LoopbackServer(replies: [
      CalDAVFixtures.multistatus(
        "<D:response><D:href>/alice/todo/a.ics</D:href><D:propstat><D:prop>"
          + "<D:getetag>&quot;a&quot;</D:getetag><C:calendar-data>\(data)</C:calendar-data>"
          + "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
          + CalDAVFixtures.item("/alice/todo/b.ics", etag: "\"b\""), token: "t1")
    ])
    defer { server.stop() }
    let changes = try await CalDAVFixtures.collection(server).changes(since: nil)
    #expect(
      changes.changed == [
        RemoteResource(href: "/alice/todo/a.ics", etag: "\"a\"", body: data),
        RemoteResource(href: "/alice/todo/b.ics", etag: "\"b\""),
      ])
    let body = CalDAVFixtures.text(try #require(server.requests.first).body)
    #expect(body.contains("<C:calendar-data/>"))
    #expect(body.contains("xmlns:C=\"urn:ietf:params:xml:ns:caldav\""))
  }

  /// How the listing that asks for calendar data fails in ``listingDataRefused(status:)``:
  /// a status, too large an answer (0), or no answer within the timeout (-1).
  @Test(
    "a listing with calendar data refused (not the token), too large or too slow is asked again without",
    arguments: [400, 403, 0, -1])
  func listingDataRefused(status: Int) async throws {
    let listing = CalDAVFixtures.multistatus(
      CalDAVFixtures.item("/alice/todo/a.ics", etag: "\"a\""), token: "t2")
    let huge = CalDAVFixtures.multistatus(
      CalDAVFixtures.item("/alice/todo/a.ics", etag: "\"a\"")
        + String(repeating: "<!-- padding -->", count: 20_000), token: "t2")
    let server = try LoopbackServer { request in
      guard CalDAVFixtures.text(request.body).contains("calendar-data") else { return listing }
      switch status {
      case 0: return huge
      case -1: return listing.delayed(.seconds(60))
      default: return .status(status)
      }
    }
    defer { server.stop() }
    var remote = CalDAVCollection(
      url: server.url("/alice/todo/"), client: try CalDAVFixtures.client(maxResponseSize: 64_000),
      credentials: SyncCredentials(user: "alice", password: "s3cret"))
    // Long enough for an answer that is there at once, even on a busy machine.
    remote.timeout = .seconds(3)
    for _ in 0..<2 {
      let changes = try await remote.changes(since: "t1")
      #expect(changes.changed == [RemoteResource(href: "/alice/todo/a.ics", etag: "\"a\"")])
      #expect(changes.token == "t2")
    }
    // Asked once with calendar data, then without (and so from then on).
    #expect(
      server.requests.map { CalDAVFixtures.text($0.body).contains("calendar-data") }
        == [true, false, false])
  }

  @Test("507 on a listing is a clear error naming the collection")
  func insufficientStorage() async throws {
    let server = try LoopbackServer(replies: [.status(507)])
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    let error = await #expect(throws: DAVError.self) { _ = try await remote.changes(since: nil) }
    #expect(error == .listingTooLarge(url: server.url("/alice/todo/")))
    #expect(error?.description.contains("507") == true)
  }

  @Test("a listing cut short (507 for the collection) is followed from its token")
  func truncatedListing() async throws {
    let server = try LoopbackServer(replies: [
      CalDAVFixtures.multistatus(
        CalDAVFixtures.item("/alice/todo/a.ics", etag: "\"a\"")
          + "<D:response><D:href>/alice/todo/</D:href>"
          + "<D:status>HTTP/1.1 507 Insufficient Storage</D:status></D:response>", token: "p1"),
      CalDAVFixtures.multistatus(
        CalDAVFixtures.item("/alice/todo/b.ics", etag: "\"b\""), token: "p2"),
    ])
    defer { server.stop() }
    let changes = try await CalDAVFixtures.collection(server).changes(since: nil)
    #expect(changes.changed.map(\.href) == ["/alice/todo/a.ics", "/alice/todo/b.ics"])
    #expect(changes.token == "p2")
    #expect(changes.isFullListing)
    #expect(
      CalDAVFixtures.text(server.requests[1].body).contains("<D:sync-token>p1</D:sync-token>"))
  }
}
