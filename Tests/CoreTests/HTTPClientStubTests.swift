import Core
import CoreTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fast tests of `URLSessionHTTPClient` through a `URLProtocol` stub.
@Suite("URLSessionHTTPClient (stubbed)", .timeLimit(.minutes(10)))
struct HTTPClientStubTests {
  struct Item: Codable, Equatable {
    var id: Int
    var name: String
  }

  @Test("fetch decodes the body and sends the User-Agent and adapted headers")
  func fetchDecodes() async throws {
    let stub = URLProtocolStub { _ in .reply(.json(#"[{"id":1,"name":"a"}]"#)) }
    let client = stub.makeClient(userAgent: "todo/1.2") { request in
      request.setValue("Bearer t0k", forHTTPHeaderField: "Authorization")
    }
    let items = try await client.fetch(Endpoint(stub.baseURL, path: ["items"]), as: [Item].self)
    #expect(items == [Item(id: 1, name: "a")])
    let request = try #require(stub.requests.first)
    #expect(request.url?.path == "/items")
    #expect(request.value(forHTTPHeaderField: "User-Agent") == "todo/1.2")
    #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0k")
  }

  @Test("a body that does not decode is a decoding error with the coding path and body prefix")
  func decodingError() async throws {
    let body = #"[{"id":1,"name":"a"},{"id":2}]"#
    let stub = URLProtocolStub { _ in .reply(.json(body)) }
    let client = stub.makeClient()
    let error = await #expect(throws: APIError.self) {
      try await client.fetch(Endpoint(stub.baseURL), as: [Item].self)
    }
    guard case .decoding(let path, let reason, let prefix) = error?.kind else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(path == "[1].name")
    #expect(reason == "missing key \"name\"")
    #expect(prefix == Data(body.utf8))
    #expect(error?.isRetryable == false)
  }

  @Test("an unacceptable status carries code, headers and the first bytes of the body")
  func unacceptableStatus() async throws {
    let long = String(repeating: "x", count: 2000)
    let stub = URLProtocolStub { _ in
      .reply(.text(long, status: 404, headers: ["X-Reason": "gone"]))
    }
    let error = await #expect(throws: APIError.self) {
      try await stub.makeClient().send(Endpoint(stub.baseURL))
    }
    guard case .unacceptableStatus(let code, let headers, let prefix) = error?.kind else {
      Issue.record("expected a status error")
      return
    }
    #expect(code == 404)
    #expect(headers["x-reason"] == "gone")
    #expect(prefix.count == APIError.bodyPrefixLength)
    #expect(error?.attempts == 1)
  }

  @Test("acceptable statuses are configurable per endpoint")
  func acceptableStatus() async throws {
    let stub = URLProtocolStub { _ in .reply(.status(404)) }
    let endpoint = Endpoint(stub.baseURL, acceptableStatus: 200..<500)
    #expect(try await stub.makeClient().send(endpoint).status == 404)
  }

  @Test("a transport failure keeps its URLError code")
  func transport() async throws {
    let stub = URLProtocolStub { _ in .fail(.notConnectedToInternet) }
    let error = await #expect(throws: APIError.self) {
      try await stub.makeClient().send(Endpoint(stub.baseURL))
    }
    #expect(error?.kind == .transport(code: .notConnectedToInternet))
  }

  @Test("an adapter's error ends the request as invalidRequest; an APIError passes through")
  func adapterFailure() async throws {
    struct NoToken: Error {}
    let stub = URLProtocolStub { _ in .reply(.status(200)) }
    let failing = stub.makeClient { _ in throw NoToken() }
    let error = await #expect(throws: APIError.self) {
      try await failing.send(Endpoint(stub.baseURL))
    }
    guard case .invalidRequest = error?.kind else {
      Issue.record("expected invalidRequest")
      return
    }
    let passing = stub.makeClient { _ in throw APIError(.cancelled) }
    await #expect(throws: APIError(.cancelled)) { try await passing.send(Endpoint(stub.baseURL)) }
    #expect(stub.requests.isEmpty)
  }

  @Test("503, 503, 200 makes three attempts with exact delays on the manual clock")
  func retriesWithExactDelays() async throws {
    let stub = URLProtocolStub(answers: [
      .reply(.status(503)), .reply(.status(503)), .reply(.text("ok")),
    ])
    let clock = ManualClock()
    let attempts = Locked([HTTPAttempt]())
    let client = stub.makeClient(
      retryPolicy: .exponential(
        base: .seconds(1), factor: 2, maxAttempts: 4, jitter: .full { 0.5 }),
      clock: clock, observe: { attempt in attempts.withLock { $0.append(attempt) } })
    let task = Task { try await client.send(Endpoint(stub.baseURL)) }
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(500))
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    let response = try await task.value
    #expect(response.body == Data("ok".utf8))
    #expect(clock.sleepDurations == [.milliseconds(500), .seconds(1)])
    #expect(stub.requests.count == 3)
    let observed = attempts.withLock { $0 }
    #expect(observed.map(\.number) == [1, 2, 3])
    #expect(observed.map(\.outcome) == [.status(503), .status(503), .status(200)])
    #expect(observed.allSatisfy { $0.method == .get && $0.url?.host == stub.host })
  }

  @Test("when retries run out the error counts every attempt")
  func retriesExhausted() async throws {
    let stub = URLProtocolStub { _ in .reply(.status(503)) }
    let clock = ManualClock()
    let client = stub.makeClient(
      retryPolicy: .exponential(base: .seconds(1), maxAttempts: 3, jitter: .none), clock: clock)
    let task = Task { try await client.send(Endpoint(stub.baseURL)) }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(2))
    let error = await #expect(throws: APIError.self) { try await task.value }
    #expect(error?.attempts == 3)
    #expect(error?.statusCode == 503)
    #expect(error.map { "\($0)" } == "HTTP 503 from \(stub.host) — retried 2 times")
  }

  @Test("429 with Retry-After: 2 waits at least 2 s of clock time")
  func retryAfterSeconds() async throws {
    let stub = URLProtocolStub(answers: [
      .reply(.status(429, headers: ["Retry-After": "2"])), .reply(.status(200)),
    ])
    let clock = ManualClock()
    let client = stub.makeClient(
      retryPolicy: .exponential(base: .milliseconds(100), maxAttempts: 3, jitter: .none),
      clock: clock)
    let task = Task { try await client.send(Endpoint(stub.baseURL)) }
    await clock.waitForSleepers(1)
    #expect(stub.requests.count == 1)
    clock.advance(by: .seconds(2))
    #expect(try await task.value.status == 200)
    #expect(clock.sleepDurations == [.seconds(2)])
  }

  @Test("a Retry-After HTTP-date is measured from the response's Date header")
  func retryAfterDate() async throws {
    let headers: HTTPHeaders = [
      "Date": "Wed, 21 Oct 2015 07:28:00 GMT", "Retry-After": "Wed, 21 Oct 2015 07:28:05 GMT",
    ]
    let stub = URLProtocolStub(answers: [
      .reply(.status(503, headers: headers)), .reply(.status(204)),
    ])
    let clock = ManualClock()
    let client = stub.makeClient(
      retryPolicy: .exponential(maxAttempts: 2, jitter: .none), clock: clock)
    let task = Task { try await client.send(Endpoint(stub.baseURL)) }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(5))
    #expect(try await task.value.status == 204)
    #expect(clock.sleepDurations == [.seconds(5)])
  }

  @Test("a Retry-After beyond the cap ends with the error at once")
  func retryAfterBeyondCap() async throws {
    let stub = URLProtocolStub { _ in .reply(.status(503, headers: ["Retry-After": "3600"])) }
    let clock = ManualClock()
    let client = stub.makeClient(
      retryPolicy: .exponential(cap: .seconds(30), maxAttempts: 5), clock: clock)
    let error = await #expect(throws: APIError.self) {
      try await client.send(Endpoint(stub.baseURL))
    }
    #expect(error?.retryAfter == .seconds(3600))
    #expect(error?.attempts == 1)
    #expect(clock.sleepDurations.isEmpty)
  }

  @Test("a POST without an Idempotency-Key is not retried; with one it is")
  func postRetries() async throws {
    let stub = URLProtocolStub(answers: [
      .reply(.status(503)), .reply(.status(503)), .reply(.status(201)),
    ])
    let clock = ManualClock()
    let client = stub.makeClient(
      retryPolicy: .exponential(base: .seconds(1), jitter: .none), clock: clock)
    let post = Endpoint(stub.baseURL, method: .post, body: .json(["a": 1]))
    await #expect(throws: APIError.self) { try await client.send(post) }
    #expect(stub.requests.count == 1)

    var keyed = post
    keyed.headers["Idempotency-Key"] = "k-1"
    let task = Task { try await client.send(keyed) }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    #expect(try await task.value.status == 201)
    #expect(stub.requests.count == 3)
  }

  @Test("the deadline stops retries whose wait would end past it")
  func deadline() async throws {
    let stub = URLProtocolStub { _ in .reply(.status(503)) }
    let clock = ManualClock()
    var policy = RetryPolicy.exponential(
      base: .seconds(2), factor: 2, maxAttempts: 10, jitter: .none)
    policy.deadline = .seconds(5)
    let client = stub.makeClient(retryPolicy: policy, clock: clock)
    let task = Task { try await client.send(Endpoint(stub.baseURL)) }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(2))
    // 2 s spent; the next wait (4 s) would end at 6 s, past the 5 s deadline.
    let error = await #expect(throws: APIError.self) { try await task.value }
    #expect(error?.attempts == 2)
    #expect(clock.sleepDurations == [.seconds(2)])
  }

  #if canImport(FoundationNetworking)
    @Test("no retry starts with less time left than the shortest timeout Linux honours (1 s)")
    func deadlineLeavesRoomForAttempt() async throws {
      let stub = URLProtocolStub { _ in .reply(.status(503)) }
      let clock = ManualClock()
      var policy = RetryPolicy.exponential(base: .milliseconds(500), maxAttempts: 3, jitter: .none)
      policy.deadline = .milliseconds(1200)
      let client = stub.makeClient(retryPolicy: policy, clock: clock)
      // After the 0.5 s wait only 0.7 s would be left, but the attempt's timeout could
      // not be under 1 s: it might end 0.3 s past the deadline, so it is not made.
      let error = await #expect(throws: APIError.self) {
        try await client.send(Endpoint(stub.baseURL))
      }
      #expect(error?.attempts == 1)
      #expect(clock.sleepDurations.isEmpty)
    }
  #endif

  @Test("cancelling during the backoff sleep ends with cancelled")
  func cancelDuringBackoff() async throws {
    let stub = URLProtocolStub { _ in .reply(.status(503)) }
    let clock = ManualClock()
    let client = stub.makeClient(retryPolicy: .exponential(maxAttempts: 3), clock: clock)
    let task = Task { try await client.send(Endpoint(stub.baseURL)) }
    await clock.waitForSleepers(1)
    task.cancel()
    let error = await #expect(throws: APIError.self) { try await task.value }
    #expect(error?.kind == .cancelled)
    #expect(stub.requests.count == 1)
  }

  @Test("a conditional request sends validators and a 304 is notModified, not an error")
  func conditional() async throws {
    let stub = URLProtocolStub { request in
      request.value(forHTTPHeaderField: "If-None-Match") == "\"v1\""
        ? .reply(.status(304, headers: ["ETag": "\"v1\""]))
        : .reply(
          .text(
            "fresh", headers: ["ETag": "\"v2\"", "Last-Modified": "Wed, 21 Oct 2015 07:28:00 GMT"]))
    }
    let client = stub.makeClient()
    let endpoint = Endpoint(stub.baseURL)
    let stored = Validators(etag: "\"v1\"", lastModified: "Tue, 20 Oct 2015 07:28:00 GMT")
    let unchanged = try await client.send(endpoint, validators: stored)
    #expect(unchanged == .notModified(unchanged.response))
    #expect(
      stub.requests.last?.value(forHTTPHeaderField: "If-Modified-Since") == stored.lastModified)

    let changed = try await client.send(endpoint, validators: Validators(etag: "\"v0\""))
    guard case .modified(let response) = changed else {
      Issue.record("expected a fresh response")
      return
    }
    #expect(response.body == Data("fresh".utf8))
    #expect(
      response.validators
        == Validators(etag: "\"v2\"", lastModified: "Wed, 21 Oct 2015 07:28:00 GMT"))
  }

  @Test("a 304 without validators is an unacceptable status")
  func unconditional304() async throws {
    let stub = URLProtocolStub { _ in .reply(.status(304)) }
    let error = await #expect(throws: APIError.self) {
      try await stub.makeClient().send(Endpoint(stub.baseURL))
    }
    #expect(error?.statusCode == 304)
  }
}
