import Core
import CoreTesting
import Foundation
import Testing

/// What the CalDAV client tests share: a libcurl client without retries, and
/// multistatus answers as servers write them.
enum CalDAVFixtures {
  static func client(maxResponseSize: Int = 1 << 20) throws -> any HTTPClient {
    try #require(
      CurlHTTPClient(
        userAgent: "blueprint-tests/1.0", retryPolicy: .none, maxResponseSize: maxResponseSize))
  }

  static func collection(
    _ server: LoopbackServer, path: String = "/alice/todo/", batchSize: Int = 100,
    credentials: SyncCredentials? = SyncCredentials(user: "alice", password: "s3cret")
  ) throws -> CalDAVCollection {
    CalDAVCollection(
      url: server.url(path), client: try client(), credentials: credentials, batchSize: batchSize)
  }

  /// A `207 Multi-Status` reply.
  static func multistatus(_ responses: String, token: String? = nil) -> LoopbackServer.Reply {
    let tokenElement = token.map { "<D:sync-token>\($0)</D:sync-token>" } ?? ""
    let xml =
      "<?xml version=\"1.0\"?>\n<D:multistatus xmlns:D=\"DAV:\" "
      + "xmlns:C=\"urn:ietf:params:xml:ns:caldav\">\(responses)\(tokenElement)</D:multistatus>"
    return .text(xml, status: 207, headers: ["Content-Type": "application/xml; charset=utf-8"])
  }

  /// One item's `response`: an href with its ETag (and content type when given).
  static func item(_ href: String, etag: String, type: String? = nil) -> String {
    let typeElement = type.map { "<D:getcontenttype>\($0)</D:getcontenttype>" } ?? ""
    return "<D:response><D:href>\(href)</D:href><D:propstat><D:prop>"
      + "<D:getetag>\(etag.replacingOccurrences(of: "\"", with: "&quot;"))</D:getetag>"
      + "\(typeElement)</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
  }

  /// A deleted item's `response` in a sync-collection report.
  static func gone(_ href: String) -> String {
    "<D:response><D:href>\(href)</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>"
  }

  static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

  static let vtodo =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:a\r\n"
    + "DTSTAMP:20260101T000000Z\r\nSUMMARY:Milk\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
}
