import Core
import Foundation

/// A sync-collection listing of 1,000 items with their calendar data, as Radicale writes
/// it, read through `CalDAVCollection.changes(since:)` from a client that answers at once
/// (no network), beside a bare `XMLParser` pass over the same bytes.
enum CalDAVBenchmarks {
  static let suite = BenchmarkSuite(name: "caldav") {
    let body = Data(makeListing(1_000).utf8)
    guard let url = URL(string: "https://calendar.example/alice/todo/") else {
      throw URLError(.badURL)
    }
    let remote = CalDAVCollection(
      url: url,
      client: CannedClient(body: body))
    return [
      BenchmarkRow(
        "caldav/changes-1k-with-data (\(body.count / 1_000) kB)", iterations: 1,
        ours: {
          let changes = try await remote.changes(since: "t0")
          guard changes.changed.count == 1_000 else { throw URLError(.cannotParseResponse) }
        },
        baselineName: "XMLParser, empty delegate", baseline: { XMLParserBaseline.pass(body) })
    ]
  }

  /// A client whose every answer is the same `207 Multi-Status` body.
  private struct CannedClient: HTTPClient {
    var body: Data
    func send(_ endpoint: Endpoint) async throws -> HTTPResponse {
      HTTPResponse(status: 207, body: body, url: endpoint.baseURL)
    }
  }

  private static func makeListing(_ count: Int) -> String {
    var xml =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
      + "<multistatus xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\">"
    for index in 0..<count {
      let uid = "item-\(index)-0b7d2c4e-6f1a-4c3b-9d8e"
      xml +=
        "<response><href>/alice/todo/\(uid).ics</href><propstat><prop>"
        + "<getetag>\"\(index)-1733400000\"</getetag><C:calendar-data>BEGIN:VCALENDAR\n"
        + "VERSION:2.0\nPRODID:-//blueprint//todo//EN\nBEGIN:VTODO\nUID:\(uid)\n"
        + "DTSTAMP:20261206T020000Z\nSUMMARY:Buy milk &amp; bread, item \(index)\n"
        + "STATUS:NEEDS-ACTION\nEND:VTODO\nEND:VCALENDAR\n</C:calendar-data></prop>"
        + "<status>HTTP/1.1 200 OK</status></propstat></response>"
    }
    return xml + "<sync-token>http://radicale.org/ns/sync/abc123</sync-token></multistatus>"
  }

}
