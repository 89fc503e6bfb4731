import Foundation
import Testing

@testable import CoreSync

/// Multistatus answers as the servers todo syncs with write them: each one's prefixes,
/// default namespaces, escaping and CDATA, read into the same result.
@Suite("DAVMultistatus parsing")
struct DAVMultistatusParsingTests {
  static let vtodo =
    "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:a\nSUMMARY:Milk & <bread>\nEND:VTODO\n"
    + "END:VCALENDAR\n"

  /// What every listing below says: one item with its ETag and calendar data, one item
  /// deleted, a sync token.
  static func expected(
    href: String, deleted: String, token: String, calendarData: String = vtodo
  ) -> DAVMultistatus {
    var item = DAVResponse(hrefs: [href])
    item.properties[.dav("getetag")] = DAVProperty(text: "\"e1\"")
    item.properties[.caldav("calendar-data")] = DAVProperty(text: calendarData)
    return DAVMultistatus(
      responses: [item, DAVResponse(hrefs: [deleted], status: 404)], syncToken: token)
  }

  static let crlfEscaped = vtodo.replacingOccurrences(of: "&", with: "&amp;")
    .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    .replacingOccurrences(of: "\n", with: "\r\n")

  @Test("Radicale: DAV: as the default namespace, CRLF line ends in the calendar data")
  func radicale() throws {
    let xml = """
      <?xml version='1.0' encoding='utf-8'?>
      <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response>\
      <href>/alice/todo/a.ics</href><propstat><prop><getetag>"e1"</getetag>\
      <C:calendar-data>\(Self.crlfEscaped)</C:calendar-data></prop><status>HTTP/1.1 200 OK</status>\
      </propstat></response><response><href>/alice/todo/b.ics</href>\
      <status>HTTP/1.1 404 Not Found</status></response>\
      <sync-token>http://radicale.org/ns/sync/7</sync-token></multistatus>
      """
    #expect(
      try DAVMultistatus.parse(Data(xml.utf8))
        == Self.expected(
          href: "/alice/todo/a.ics", deleted: "/alice/todo/b.ics",
          token: "http://radicale.org/ns/sync/7"))
  }

  @Test("Xandikos: generated prefixes (ns0, ns1)")
  func xandikos() throws {
    let xml = """
      <ns0:multistatus xmlns:ns0="DAV:" xmlns:ns1="urn:ietf:params:xml:ns:caldav">\
      <ns0:response><ns0:href>/user/calendars/todo/a.ics</ns0:href><ns0:propstat><ns0:prop>\
      <ns0:getetag>"e1"</ns0:getetag><ns1:calendar-data>\(Self.crlfEscaped)</ns1:calendar-data>\
      </ns0:prop><ns0:status>HTTP/1.1 200 OK</ns0:status></ns0:propstat></ns0:response>\
      <ns0:response><ns0:href>/user/calendars/todo/b.ics</ns0:href>\
      <ns0:status>HTTP/1.1 404 Not Found</ns0:status></ns0:response>\
      <ns0:sync-token>3</ns0:sync-token></ns0:multistatus>
      """
    #expect(
      try DAVMultistatus.parse(Data(xml.utf8))
        == Self.expected(
          href: "/user/calendars/todo/a.ics", deleted: "/user/calendars/todo/b.ics", token: "3"))
  }

  @Test("Nextcloud (SabreDAV): d/cal prefixes, &quot; in the ETag, a 404 propstat ignored")
  func sabreDAV() throws {
    let xml = """
      <?xml version="1.0"?>
      <d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" \
      xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" \
      xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns">
       <d:response>
        <d:href>/remote.php/dav/calendars/alice/todo/a.ics</d:href>
        <d:propstat>
         <d:prop><d:getetag>&quot;e1&quot;</d:getetag>\
      <cal:calendar-data>\(Self.crlfEscaped)</cal:calendar-data></d:prop>
         <d:status>HTTP/1.1 200 OK</d:status>
        </d:propstat>
        <d:propstat>
         <d:prop><d:getcontenttype/></d:prop>
         <d:status>HTTP/1.1 404 Not Found</d:status>
        </d:propstat>
       </d:response>
       <d:response>
        <d:href>/remote.php/dav/calendars/alice/todo/b.ics</d:href>
        <d:status>HTTP/1.1 404 Not Found</d:status>
       </d:response>
       <d:sync-token>http://sabre.io/ns/sync/12</d:sync-token>
      </d:multistatus>
      """
    #expect(
      try DAVMultistatus.parse(Data(xml.utf8))
        == Self.expected(
          href: "/remote.php/dav/calendars/alice/todo/a.ics",
          deleted: "/remote.php/dav/calendars/alice/todo/b.ics",
          token: "http://sabre.io/ns/sync/12"))
  }

  @Test(
    "iCloud: a default namespace declared again on elements, calendar data in CDATA (CRLF kept)")
  func iCloud() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <multistatus xmlns="DAV:"><response xmlns="DAV:"><href>/123/calendars/home/a.ics</href>\
      <propstat><prop><getetag xmlns="DAV:">"e1"</getetag>\
      <calendar-data xmlns="urn:ietf:params:xml:ns:caldav"><![CDATA[\
      \(Self.vtodo.replacingOccurrences(of: "\n", with: "\r\n"))]]></calendar-data></prop>\
      <status>HTTP/1.1 200 OK</status></propstat></response><response xmlns="DAV:">\
      <href>/123/calendars/home/b.ics</href><status>HTTP/1.1 404 Not Found</status></response>\
      <sync-token>HwoQEgwAAAh2</sync-token></multistatus>
      """
    #expect(
      try DAVMultistatus.parse(Data(xml.utf8))
        == Self.expected(
          href: "/123/calendars/home/a.ics", deleted: "/123/calendars/home/b.ics",
          token: "HwoQEgwAAAh2",
          calendarData: Self.vtodo.replacingOccurrences(of: "\n", with: "\r\n")
        ))
  }

  @Test("Fastmail (Cyrus): D/C prefixes, a PROPFIND's resource type and components")
  func fastmail() throws {
    let xml = """
      <?xml version="1.0" encoding="utf-8"?>
      <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" \
      xmlns:CS="http://calendarserver.org/ns/"><D:response>\
      <D:href>/dav/calendars/user/alice@example.com/todo/</D:href><D:propstat><D:prop>\
      <D:resourcetype><D:collection/><C:calendar/></D:resourcetype>\
      <D:displayname>Tasks &amp; chores</D:displayname><C:supported-calendar-component-set>\
      <C:comp name="VEVENT"/><C:comp name="VTODO"/></C:supported-calendar-component-set>\
      <D:current-user-principal><D:href>/dav/principals/user/alice@example.com/</D:href>\
      </D:current-user-principal><CS:getctag>42</CS:getctag></D:prop>\
      <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>
      """
    var collection = DAVResponse(hrefs: ["/dav/calendars/user/alice@example.com/todo/"])
    collection.properties = [
      .dav("resourcetype"): DAVProperty(children: [.dav("collection"), .caldav("calendar")]),
      .dav("displayname"): DAVProperty(text: "Tasks & chores"),
      .caldav("supported-calendar-component-set"): DAVProperty(
        children: [.caldav("comp")], components: ["VEVENT", "VTODO"]),
      .dav("current-user-principal"): DAVProperty(
        hrefs: ["/dav/principals/user/alice@example.com/"], children: [.dav("href")]),
      .calendarServer("getctag"): DAVProperty(text: "42"),
    ]
    #expect(try DAVMultistatus.parse(Data(xml.utf8)) == DAVMultistatus(responses: [collection]))
  }

  @Test(
    "what is not well-formed, nested too deep or not a multistatus says so",
    arguments: [
      ("<D:multistatus xmlns:D=\"DAV:\"><D:response></D:multistatus>", "not well-formed XML"),
      ("<D:multistatus xmlns:D=\"DAV:\"><X:response/></D:multistatus>", "not well-formed XML"),
      (
        "<D:multistatus xmlns:D=\"DAV:\">" + String(repeating: "<D:prop>", count: 64),
        "the answer nests elements more than 64 deep"
      ),
      ("<html><body>hi</body></html>", "not a DAV multistatus answer"),
      ("<!DOCTYPE x><D:multistatus xmlns:D=\"DAV:\"/>", "DOCTYPE"),
    ])
  func failures(xml: String, expected: String) {
    let error = #expect(throws: DAVMultistatus.ParseFailure.self) {
      try DAVMultistatus.parse(Data(xml.utf8))
    }
    #expect(error?.reason.contains(expected) == true, "\(String(describing: error))")
  }
}
