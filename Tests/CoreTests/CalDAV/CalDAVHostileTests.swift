import Core
import CoreTesting
import Foundation
import Testing

/// A hostile or careless server: huge answers, DOCTYPEs and entities, redirects to
/// another host, passwords over plain http.
@Suite("CalDAV hostile servers (loopback)", .timeLimit(.minutes(10)))
struct CalDAVHostileTests {
  @Test("an answer past the size cap stops, even without a Content-Length")
  func hugeAnswer() async throws {
    let filler = String(
      repeating: CalDAVFixtures.item("/alice/todo/a.ics", etag: "\"a\""), count: 4000)
    let server = try LoopbackServer(replies: [CalDAVFixtures.multistatus(filler).framed(.chunked)])
    defer { server.stop() }
    let remote = CalDAVCollection(
      url: server.url("/alice/todo/"), client: try CalDAVFixtures.client(maxResponseSize: 64 * 1024)
    )
    let error = await #expect(throws: APIError.self) { _ = try await remote.changes(since: "t") }
    #expect(error?.kind == .responseTooLarge(limit: 64 * 1024))
  }

  static let hostileDocuments = [
    // billion laughs
    """
    <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
    <D:multistatus xmlns:D="DAV:"><D:response><D:href>&lol2;</D:href></D:response></D:multistatus>
    """,
    // an external entity
    """
    <!-- hi --><!doctype x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
    <D:multistatus xmlns:D="DAV:"><D:response><D:href>&xxe;</D:href></D:response></D:multistatus>
    """,
    // a DOCTYPE with nothing in it is refused too
    "\u{FEFF}<?xml version=\"1.0\"?>\n<!DOCTYPE D:multistatus><D:multistatus xmlns:D=\"DAV:\"/>",
  ]

  @Test("an answer with a DOCTYPE is refused before parsing", arguments: hostileDocuments)
  func doctype(document: String) async throws {
    let server = try LoopbackServer(replies: [.text(document, status: 207)])
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    let error = await #expect(throws: APIError.self) { _ = try await remote.changes(since: "t") }
    guard case .decoding(_, let reason, _)? = error?.kind else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("DOCTYPE"))
  }

  @Test("an answer that is not a multistatus is a decoding error")
  func notMultistatus() async throws {
    let server = try LoopbackServer(replies: [.text("<html><body>hi</body></html>", status: 207)])
    defer { server.stop() }
    let remote = try CalDAVFixtures.collection(server)
    let error = await #expect(throws: APIError.self) { _ = try await remote.changes(since: "t") }
    guard case .decoding? = error?.kind else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
  }

  @Test("a redirect to another host carries no Authorization")
  func redirectElsewhere() async throws {
    let other = try LoopbackServer(replies: [CalDAVFixtures.multistatus("", token: "t")])
    defer { other.stop() }
    let server = try LoopbackServer(replies: [
      .status(301, headers: ["Location": other.url("/alice/todo/").absoluteString])
    ])
    defer { server.stop() }
    _ = try await CalDAVFixtures.collection(server).changes(since: "t0")
    #expect(server.requests.first?.headers["Authorization"] != nil)
    let followed = try #require(other.requests.first)
    #expect(followed.method == "REPORT")
    #expect(followed.headers["Authorization"] == nil)
  }

  @Test("a password is never sent over plain http to another machine")
  func plainHTTP() async throws {
    let remote = CalDAVCollection(
      url: URL(string: "http://calendar.example/alice/todo/")!, client: try CalDAVFixtures.client(),
      credentials: SyncCredentials(user: "alice", password: "s3cret"))
    let error = await #expect(throws: SyncCredentialError.self) {
      _ = try await remote.changes(since: nil)
    }
    #expect(error == .insecureCredentials(host: "calendar.example"))
    #expect(error?.description.contains("s3cret") == false)
  }

  @Test(
    "plain http with a password is allowed only to loopback",
    arguments: [
      ("http://127.0.0.1:5232/", true), ("http://127.8.9.10/", true), ("http://localhost/", true),
      ("http://[::1]:80/", true), ("https://calendar.example/", true),
      ("http://calendar.example/", false), ("http://128.0.0.1/", false),
      ("http://127.0.0.1.example.com/", false), ("http://10.0.0.2/", false),
    ])
  func loopbackOnly(address: String, allowed: Bool) async throws {
    let remote = CalDAVCollection(
      url: URL(string: address)!, client: FailingClient(),
      credentials: SyncCredentials(user: "u", password: "p"))
    do {
      _ = try await remote.changes(since: "t")
    } catch let error as SyncCredentialError {
      #expect(!allowed, "\(error)")
    } catch {
      #expect(allowed)
    }
  }
}

/// A client that fails every request, to see whether one was sent at all.
private struct FailingClient: HTTPClient {
  func send(_ endpoint: Endpoint) async throws -> HTTPResponse {
    throw APIError(.transport(code: .cannotConnectToHost))
  }
}
