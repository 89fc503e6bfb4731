import Core
import CoreTesting
import Foundation
import Testing

/// The live clients that carry a request: each test runs against both.
enum HTTPCarrier: String, CaseIterable, Sendable {
  case urlSession
  case curl
}

/// `URLSessionHTTPClient` and `CurlHTTPClient` against a real HTTP/1.1 server on
/// 127.0.0.1: the same behaviour, whichever carries the request.
@Suite("Live HTTP clients (loopback)", .timeLimit(.minutes(10)))
struct HTTPLoopbackTests {
  struct Echo: Codable, Equatable {
    var title: String
    var tags: [String]
  }

  func client(
    _ carrier: HTTPCarrier, retryPolicy: RetryPolicy = .none, maxResponseSize: Int = 1 << 20,
    clock: some Clock<Duration> = ManualClock(), userAgent: String = "blueprint-tests/1.0",
    observe: URLSessionHTTPClient.Observer? = nil
  ) throws -> any HTTPClient {
    switch carrier {
    case .urlSession:
      URLSessionHTTPClient(
        userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: maxResponseSize,
        clock: clock, observe: observe)
    case .curl:
      try #require(
        CurlHTTPClient(
          userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: maxResponseSize,
          clock: clock, observe: observe),
        "libcurl could not be loaded")
    }
  }

  @Test(
    "GET with encoded path and query reaches the server as sent, with the User-Agent",
    arguments: HTTPCarrier.allCases)
  func getReachesServer(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer(replies: [.json(#"{"title":"t","tags":["a"]}"#)])
    defer { server.stop() }
    let endpoint = Endpoint(
      server.baseURL, path: ["notes", "a b/../c"], query: [URLQueryItem(name: "q", value: "x+y")])
    let echo = try await client(carrier).fetch(endpoint, as: Echo.self)
    #expect(echo == Echo(title: "t", tags: ["a"]))
    let request = try #require(server.requests.first)
    #expect(request.method == "GET")
    #expect(request.target == "/notes/a%20b%2F..%2Fc?q=x%2By")
    #expect(request.headers["User-Agent"] == "blueprint-tests/1.0")
  }

  @Test(
    "POST sends a JSON body with Content-Length; methods and headers arrive",
    arguments: HTTPCarrier.allCases,
    [
      HTTPMethod.post, .put, .patch, .delete,
    ])
  func bodies(carrier: HTTPCarrier, method: HTTPMethod) async throws {
    let server = try LoopbackServer(replies: [.status(204)])
    defer { server.stop() }
    let endpoint = Endpoint(
      server.baseURL, path: ["notes"], method: method, headers: ["X-Trace": "t-1"],
      body: .json(Echo(title: "hello", tags: ["x", "y"])))
    let response = try await client(carrier).send(endpoint)
    #expect(response.status == 204)
    let request = try #require(server.requests.first)
    #expect(request.method == method.rawValue)
    #expect(request.headers["X-Trace"] == "t-1")
    #expect(request.headers["Content-Type"] == "application/json")
    #expect(
      try JSONDecoder().decode(Echo.self, from: request.body)
        == Echo(title: "hello", tags: ["x", "y"]))
  }

  @Test("a large POST body arrives intact", arguments: HTTPCarrier.allCases)
  func largeBody(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer(replies: [.status(201)])
    defer { server.stop() }
    let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let endpoint = Endpoint(
      server.baseURL, method: .post, body: .data(bytes, contentType: "application/octet-stream"))
    #expect(try await client(carrier).send(endpoint).status == 201)
    #expect(server.requests.first?.body == bytes)
  }

  @Test(
    "HEAD and OPTIONS work and many requests share kept-alive connections",
    arguments: HTTPCarrier.allCases)
  func keepAlive(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer(replies: [.text("hello")])
    defer { server.stop() }
    let client = try client(carrier)
    for _ in 0..<20 { _ = try await client.send(Endpoint(server.baseURL)) }
    let head = try await client.send(Endpoint(server.baseURL, method: .head))
    #expect(head.body.isEmpty)
    #expect(head.headers["Content-Length"] == "5")
    _ = try await client.send(Endpoint(server.baseURL, method: .options))
    #expect(server.requests.map(\.method).suffix(2) == ["HEAD", "OPTIONS"])
    #expect(server.requests.count == 22)
    #expect(server.acceptedConnections < 5, "libcurl should reuse kept-alive connections")
  }

  @Test(
    "503, 503, 200 retried against the real server with exact delays",
    arguments: HTTPCarrier.allCases)
  func retries(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer(replies: [.status(503), .status(503), .text("ok")])
    defer { server.stop() }
    let clock = ManualClock()
    let client = try client(
      carrier,
      retryPolicy: .exponential(base: .seconds(1), factor: 3, maxAttempts: 4, jitter: .none),
      clock: clock)
    let task = Task { try await client.send(Endpoint(server.baseURL)) }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(3))
    #expect(try await task.value.body == Data("ok".utf8))
    #expect(clock.sleepDurations == [.seconds(1), .seconds(3)])
    #expect(server.requests.count == 3)
  }

  @Test(
    "cancelling in the middle of a slow body stops the transfer short of its end",
    arguments: HTTPCarrier.allCases)
  func cancelMidTransfer(carrier: HTTPCarrier) async throws {
    // About 20 s of body at this pace: a transfer that was not stopped ends with the
    // whole body sent, which is no client close, so the wait below comes back empty.
    let body = Data(repeating: 0x61, count: 512 * 1024)
    let server = try LoopbackServer(replies: [
      LoopbackServer.Reply(status: 200, body: body).slow(pieces: 1024, every: .milliseconds(20))
    ])
    defer { server.stop() }
    let client = try client(carrier, maxResponseSize: 1 << 20)
    let task = Task { try await client.send(Endpoint(server.baseURL)) }
    await server.waitForRequests(1)
    task.cancel()
    let error = await #expect(throws: APIError.self) { try await task.value }
    #expect(error?.kind == .cancelled)
    // What happened, not how fast: the client closed the connection mid-body.
    let close = await server.waitForClientClose(timeout: .seconds(40))
    let seen = try #require(close, "the server sent the whole body: the transfer was not stopped")
    #expect(seen.bodyBytesTotal == body.count)
    #expect(seen.bodyBytesSent < seen.bodyBytesTotal, "\(seen.bodyBytesSent) bytes were sent")
  }

  @Test(
    "a slow body that is read to the end is not reported as closed by the client",
    arguments: HTTPCarrier.allCases)
  func completeSlowBodyIsNotAClose(carrier: HTTPCarrier) async throws {
    let body = Data(repeating: 0x62, count: 8 * 1024)
    let server = try LoopbackServer(replies: [
      LoopbackServer.Reply(status: 200, body: body).slow(pieces: 1024, every: .milliseconds(5))
    ])
    defer { server.stop() }
    let response = try await client(carrier).send(Endpoint(server.baseURL))
    #expect(response.body == body)
    #expect(await server.waitForClientClose(timeout: .milliseconds(100)) == nil)
  }

  @Test(
    "a redirect loop and a redirect to a non-HTTP URL are described in words, not codes",
    arguments: HTTPCarrier.allCases)
  func redirectFailures(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer { request in
      if request.path == "/ftp" { return .status(302, headers: ["Location": "ftp://127.0.0.1/x"]) }
      return .status(302, headers: ["Location": "/loop"])
    }
    defer { server.stop() }
    let loop = await #expect(throws: APIError.self) {
      try await client(carrier).send(Endpoint(server.url("/loop")))
    }
    #expect(loop?.description == "too many redirects from 127.0.0.1:\(server.port)")
    let ftp = await #expect(throws: APIError.self) {
      try await client(carrier).send(Endpoint(server.url("/ftp")))
    }
    #expect(
      ftp?.description == "127.0.0.1:\(server.port) redirected to a URL that is not http or https")
  }

  @Test(
    "a server that does not speak HTTP, and a redirect to a URL with an escape, say so",
    arguments: HTTPCarrier.allCases)
  func notHTTP(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer { request in
      if request.path == "/escape" {
        // Relative: were it followed, the garbage below would be the answer.
        return .status(302, headers: ["Location": "/\u{1B}[31mred"])
      }
      return .raw(Data("NOT HTTP AT ALL\r\n\r\n".utf8))
    }
    defer { server.stop() }
    let host = "127.0.0.1:\(server.port)"
    let garbage = await #expect(throws: APIError.self) {
      try await client(carrier).send(Endpoint(server.url("/garbage")))
    }
    #expect(garbage?.description == "\(host) did not answer in HTTP")
    let escape = await #expect(throws: APIError.self) {
      try await client(carrier).send(Endpoint(server.url("/escape")))
    }
    #expect(escape?.description == "\(host) redirected to an address that is not a valid URL")
  }

  @Test("releasing the client invalidates its session")
  func releaseInvalidatesSession() async throws {
    let server = try LoopbackServer(replies: [.text("hello")])
    defer { server.stop() }
    var client: URLSessionHTTPClient? = URLSessionHTTPClient(userAgent: "blueprint-tests/1.0")
    let response = try await client?.send(Endpoint(server.baseURL))
    #expect(response?.body == Data("hello".utf8))
    let (invalidations, continuation) = AsyncStream.makeStream(of: Void.self)
    client?.onSessionInvalidated {
      continuation.yield()
      continuation.finish()
    }
    client = nil
    // Without invalidation this waits until the suite's time limit cancels it.
    var invalidated = false
    for await _ in invalidations { invalidated = true }
    #expect(invalidated)
  }

  @Test(
    "a 401 with a WWW-Authenticate challenge is an unacceptable status, not a hang",
    arguments: HTTPCarrier.allCases)
  func unauthorized(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer(replies: [
      .text("log in first", status: 401, headers: ["WWW-Authenticate": #"Basic realm="api""#])
    ])
    defer { server.stop() }
    let error = await #expect(throws: APIError.self) {
      try await client(carrier).send(Endpoint(server.baseURL))
    }
    #expect(error?.statusCode == 401)
    guard case .unacceptableStatus(_, let headers, let bodyPrefix)? = error?.kind else {
      Issue.record("expected unacceptableStatus, got \(String(describing: error))")
      return
    }
    #expect(headers["WWW-Authenticate"] == #"Basic realm="api""#)
    #expect(bodyPrefix == Data("log in first".utf8))
  }

  @Test(
    "cancelling many transfers at once neither deadlocks nor lets one finish",
    arguments: HTTPCarrier.allCases)
  func cancelMany(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer(replies: [
      LoopbackServer.Reply.text("late").delayed(.seconds(30))
    ])
    defer { server.stop() }
    let client = try client(carrier)
    // A transfer that was not cancelled ends, after the reply's 30 s, in a success
    // (nil below): every one must end cancelled instead, however long that takes.
    let kinds = await withTaskGroup(of: APIError.Kind?.self) { group in
      for _ in 0..<40 {
        group.addTask {
          do {
            _ = try await client.send(Endpoint(server.baseURL))
            return nil
          } catch let error as APIError {
            return error.kind
          } catch {
            return nil
          }
        }
      }
      await server.waitForRequests(1)
      group.cancelAll()
      var kinds: [APIError.Kind?] = []
      for await kind in group { kinds.append(kind) }
      return kinds
    }
    #expect(kinds.count == 40)
    #expect(kinds.allSatisfy { $0 == .cancelled }, "\(kinds)")
  }

  @Test(
    "a body over the cap fails whatever the framing",
    arguments: HTTPCarrier.allCases,
    [LoopbackServer.Reply.Framing.contentLength, .chunked, .closeDelimited])
  func sizeCap(carrier: HTTPCarrier, framing: LoopbackServer.Reply.Framing) async throws {
    let big = LoopbackServer.Reply(status: 200, body: Data(repeating: 0x62, count: 300_000))
    let server = try LoopbackServer(replies: [
      big.framed(framing).slow(pieces: 16_384, every: .zero)
    ])
    defer { server.stop() }
    let error = await #expect(throws: APIError.self) {
      try await client(carrier, maxResponseSize: 100_000).send(Endpoint(server.baseURL))
    }
    #expect(error?.kind == .responseTooLarge(limit: 100_000))
    #expect(error.map { "\($0)" }?.hasSuffix("is larger than the 100000-byte limit") == true)
  }

  @Test(
    "a HEAD and a 304 may declare a length over the cap: they carry no body",
    arguments: HTTPCarrier.allCases)
  func declaredLengthWithoutBody(carrier: HTTPCarrier) async throws {
    let big = String(repeating: "b", count: 5000)
    let server = try LoopbackServer { request in
      request.headers["If-None-Match"] == "\"v1\""
        ? .status(304, headers: ["ETag": "\"v1\"", "Content-Length": "5000"])
        : .text(big, headers: ["ETag": "\"v1\""])
    }
    defer { server.stop() }
    let client = try client(carrier, maxResponseSize: 1000)
    let head = try await client.send(Endpoint(server.baseURL, method: .head))
    #expect(head.headers["Content-Length"] == "5000")
    #expect(head.body.isEmpty)
    let validators = Validators(etag: "\"v1\"", lastModified: nil)
    let conditional = try await client.send(Endpoint(server.baseURL), validators: validators)
    #expect(conditional == .notModified(conditional.response))
  }

  // CurlHTTPClient only: URLSession takes in whatever libcurl allows (300 kB from 8.3).
  @Test("header fields past 256 kB are refused, not collected", arguments: [HTTPCarrier.curl])
  func headerFlood(carrier: HTTPCarrier) async throws {
    // 270 fields of about 1 kB: 270 kB of headers before an empty body (above the
    // client's 256 kB; libcurl 8.3 and later refuse more than 300 kB of their own).
    var fields = HTTPHeaders()
    for number in 0..<270 {
      fields["X-Field-\(number)"] = String(repeating: "v", count: 1000)
    }
    let server = try LoopbackServer(replies: [LoopbackServer.Reply(status: 200, headers: fields)])
    defer { server.stop() }
    let error = await #expect(throws: APIError.self) {
      try await client(carrier).send(Endpoint(server.baseURL))
    }
    guard case .transport = error?.kind else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
  }

  @Test(
    "a body at the cap is accepted",
    arguments: HTTPCarrier.allCases, [LoopbackServer.Reply.Framing.contentLength, .chunked])
  func atCap(carrier: HTTPCarrier, framing: LoopbackServer.Reply.Framing) async throws {
    let reply = LoopbackServer.Reply(status: 200, body: Data(repeating: 0x63, count: 4096))
    let server = try LoopbackServer(replies: [reply.framed(framing)])
    defer { server.stop() }
    #expect(
      try await client(carrier, maxResponseSize: 4096).send(Endpoint(server.baseURL)).body.count
        == 4096)
  }

  @Test(
    "a connection closed in the middle of the body is a retryable transport error",
    arguments: HTTPCarrier.allCases)
  func closedMidBody(carrier: HTTPCarrier) async throws {
    let reply = LoopbackServer.Reply(status: 200, body: Data(repeating: 0x64, count: 10_000))
    let server = try LoopbackServer(replies: [reply.closing(after: 2000)])
    defer { server.stop() }
    let error = await #expect(throws: APIError.self) {
      try await client(carrier).send(Endpoint(server.baseURL))
    }
    guard case .transport(let code) = error?.kind else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(error?.isRetryable == true, "code \(code.rawValue)")
  }

  @Test(
    "a refused connection is a transport error with its URLError code",
    arguments: HTTPCarrier.allCases)
  func refused(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer(replies: [.status(200)])
    let url = server.baseURL
    server.stop()
    let error = await #expect(throws: APIError.self) {
      try await client(carrier).send(Endpoint(url))
    }
    #expect(error?.kind == .transport(code: .cannotConnectToHost))
  }

  @Test(
    "a slow server past the endpoint's timeout is a timedOut transport error",
    arguments: HTTPCarrier.allCases)
  func timeout(carrier: HTTPCarrier) async throws {
    // Far past the timeout, so that a loaded machine cannot see the answer first.
    let server = try LoopbackServer(replies: [
      LoopbackServer.Reply.status(200).delayed(.seconds(60))
    ])
    defer { server.stop() }
    let endpoint = Endpoint(server.baseURL, timeout: .seconds(1))
    let error = await #expect(throws: APIError.self) { try await client(carrier).send(endpoint) }
    #expect(error?.kind == .transport(code: .timedOut))
  }

  @Test(
    "a body that stops for longer than the timeout times out, though bytes came before",
    arguments: HTTPCarrier.allCases)
  func idleAfterBytes(carrier: HTTPCarrier) async throws {
    // Half the body at once, the rest 4 s later. The timeout (1 s without a byte) must
    // end the transfer in that gap: a client that noticed the stall only seconds late
    // (libcurl's averaged low-speed check) receives the whole body instead.
    let server = try LoopbackServer(replies: [
      LoopbackServer.Reply(status: 200, body: Data(repeating: 0x63, count: 2048))
        .slow(pieces: 1024, every: .seconds(4))
    ])
    defer { server.stop() }
    let endpoint = Endpoint(server.baseURL, timeout: .seconds(1))
    let error = await #expect(throws: APIError.self) { try await client(carrier).send(endpoint) }
    #expect(error?.kind == .transport(code: .timedOut))
  }

  @Test("the deadline also shortens a hanging attempt's timeout", arguments: HTTPCarrier.allCases)
  func deadlineBoundsAttempt(carrier: HTTPCarrier) async throws {
    // Without the deadline the attempt would wait for the 200 that arrives after 30 s
    // (the attempt's own timeout is 60 s) and succeed; with it the attempt times out
    // and no retry is left. What is asserted is that outcome, not a duration.
    let server = try LoopbackServer(replies: [
      LoopbackServer.Reply.status(200).delayed(.seconds(30))
    ])
    defer { server.stop() }
    var policy = RetryPolicy.exponential(maxAttempts: 3, jitter: .none)
    policy.deadline = .milliseconds(1500)
    let error = await #expect(throws: APIError.self) {
      // Real time on purpose: the point is a real transfer cut short.
      try await client(carrier, retryPolicy: policy, clock: ContinuousClock())
        .send(Endpoint(server.baseURL))
    }
    #expect(error?.kind == .transport(code: .timedOut))
    #expect(error?.attempts == 1)
    #expect(server.requests.count == 1)
  }

  @Test(
    "304 to a conditional GET is notModified; the validators went out on the wire",
    arguments: HTTPCarrier.allCases)
  func notModified(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer { request in
      request.headers["If-None-Match"] == "\"v1\""
        ? .status(304, headers: ["ETag": "\"v1\""])
        : .text(
          "<rss/>", headers: ["ETag": "\"v1\"", "Last-Modified": "Wed, 21 Oct 2015 07:28:00 GMT"])
    }
    defer { server.stop() }
    let client = try client(carrier)
    let endpoint = Endpoint(server.url("/feed.xml"))
    guard case .modified(let first) = try await client.send(endpoint, validators: Validators())
    else {
      Issue.record("expected a fresh response")
      return
    }
    let second = try await client.send(endpoint, validators: first.validators)
    #expect(second == .notModified(second.response))
    #expect(second.response.body.isEmpty)
    #expect(server.requests.last?.headers["If-Modified-Since"] == "Wed, 21 Oct 2015 07:28:00 GMT")
  }

  @Test(
    "permanent redirects are reported; a temporary one in the chain is not",
    arguments: HTTPCarrier.allCases)
  func redirects(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer(routes: [
      "/old": .status(301, headers: ["Location": "/moved"]),
      "/moved": .status(308, headers: ["Location": "/feed"]),
      "/temp": .status(302, headers: ["Location": "/feed"]),
      "/feed": .text("feed"),
    ])
    defer { server.stop() }
    let client = try client(carrier)
    let moved = try await client.send(Endpoint(server.url("/old")))
    #expect(moved.body == Data("feed".utf8))
    #expect(moved.url == server.url("/feed"))
    #expect(moved.permanentRedirectURL == server.url("/feed"))
    let temporary = try await client.send(Endpoint(server.url("/temp")))
    #expect(temporary.url == server.url("/feed"))
    #expect(temporary.permanentRedirectURL == nil)
    let direct = try await client.send(Endpoint(server.url("/feed")))
    #expect(direct.permanentRedirectURL == nil)
  }

  @Test(
    "a 303 turns a PUT into a GET without its body; a 307 repeats the PUT with it",
    arguments: HTTPCarrier.allCases)
  func redirectedMethods(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer(routes: [
      "/see-other": .status(303, headers: ["Location": "/result"]),
      "/temporary": .status(307, headers: ["Location": "/result"]),
      "/result": .text("done"),
    ])
    defer { server.stop() }
    let client = try client(carrier)
    for path in ["/see-other", "/temporary"] {
      let endpoint = Endpoint(
        server.url(path), method: .put, body: .data(Data("v=1".utf8), contentType: "text/plain"))
      #expect(try await client.send(endpoint).body == Data("done".utf8))
    }
    let results = server.requests.filter { $0.path == "/result" }
    #expect(results.map(\.method) == ["GET", "PUT"])
    // FoundationNetworking repeats the PUT without its body, where a 307 keeps it.
    if carrier == .curl { #expect(results.map(\.body) == [Data(), Data("v=1".utf8)]) }
  }

  @Test("an empty header value is sent, not dropped", arguments: HTTPCarrier.allCases)
  func emptyHeaderValue(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer(replies: [.status(204)])
    defer { server.stop() }
    _ = try await client(carrier).send(Endpoint(server.baseURL, headers: ["X-Empty": ""]))
    #expect(server.requests.first?.headers["X-Empty"] == "")
  }

  // CurlHTTPClient only: FoundationNetworking reads a redirect's body to its end
  // without a limit, and sends credentials on to another origin.
  @Test("a redirect's body counts against the cap", arguments: [HTTPCarrier.curl])
  func redirectBodyCapped(carrier: HTTPCarrier) async throws {
    let moved = LoopbackServer.Reply(
      status: 302, headers: ["Location": "/feed"], body: Data(repeating: 0x72, count: 300_000))
    let server = try LoopbackServer(routes: [
      "/moved": moved.framed(.chunked), "/feed": .text("feed"),
    ])
    defer { server.stop() }
    let error = await #expect(throws: APIError.self) {
      try await client(carrier, maxResponseSize: 100_000).send(Endpoint(server.url("/moved")))
    }
    #expect(error?.kind == .responseTooLarge(limit: 100_000))
    #expect(server.requests.map(\.path) == ["/moved"])
  }

  @Test(
    "credentials are not sent on to another origin after a redirect",
    arguments: [HTTPCarrier.curl])
  func credentialsStayWithTheirOrigin(carrier: HTTPCarrier) async throws {
    let other = try LoopbackServer(replies: [.text("there")])
    defer { other.stop() }
    let server = try LoopbackServer(routes: [
      "/away": .status(302, headers: ["Location": other.url("/x").absoluteString]),
      "/near": .status(302, headers: ["Location": "/x"]),
      "/x": .text("here"),
    ])
    defer { server.stop() }
    let client = try client(carrier)
    let secret: HTTPHeaders = ["Authorization": "Bearer s3cret", "Cookie": "id=1"]
    _ = try await client.send(Endpoint(server.url("/near"), headers: secret))
    _ = try await client.send(Endpoint(server.url("/away"), headers: secret))
    let near = try #require(server.requests.first { $0.path == "/x" })
    #expect(near.headers["Authorization"] == "Bearer s3cret")
    let away = try #require(other.requests.first)
    #expect(away.headers["Authorization"] == nil)
    #expect(away.headers["Cookie"] == nil)
  }

  @Test(
    "the observer sees method, URL, status or error, and attempt number",
    arguments: HTTPCarrier.allCases)
  func observer(carrier: HTTPCarrier) async throws {
    let server = try LoopbackServer(replies: [.status(500), .text("ok")])
    defer { server.stop() }
    let seen = Locked([HTTPAttempt]())
    let clock = ManualClock()
    let client = try client(
      carrier, retryPolicy: .exponential(base: .seconds(1), jitter: .none), clock: clock,
      observe: { attempt in seen.withLock { $0.append(attempt) } })
    let task = Task { try await client.send(Endpoint(server.url("/x"))) }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    _ = try await task.value
    let attempts = seen.withLock { $0 }
    #expect(attempts.map(\.outcome) == [.status(500), .status(200)])
    #expect(attempts.map(\.number) == [1, 2])
    #expect(attempts.allSatisfy { $0.url == server.url("/x") && $0.method == .get })
    #expect(attempts[0].description.hasPrefix("GET \(server.url("/x")) → 500 in "))
  }
}
