import Core
import Foundation
import Testing

@Suite("RetryPolicy")
struct RetryPolicyTests {
  let policy = RetryPolicy.exponential(
    base: .seconds(1), factor: 2, cap: .seconds(10), maxAttempts: 5, jitter: .none)

  func status(_ code: Int, attempts: Int = 1, retryAfter: Duration? = nil) -> APIError {
    APIError(
      .unacceptableStatus(code: code, headers: [:], bodyPrefix: Data()), attempts: attempts,
      retryAfter: retryAfter)
  }

  @Test("exponential waits grow by the factor and stop at the cap")
  func exponential() {
    let waits = (1...5).map {
      policy.delay(after: status(503, attempts: $0), method: .get, headers: [:])
    }
    #expect(waits == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), nil])
    let capped = RetryPolicy.exponential(
      base: .seconds(1), cap: .seconds(3), maxAttempts: 9, jitter: .none)
    #expect(
      capped.delay(after: status(503, attempts: 6), method: .get, headers: [:]) == .seconds(3))
  }

  @Test("full jitter scales the wait by the injected random value")
  func jitter() {
    let jittered = RetryPolicy.exponential(
      base: .seconds(1), factor: 2, cap: .seconds(10), maxAttempts: 5, jitter: .full { 0.25 })
    #expect(
      jittered.delay(after: status(503, attempts: 3), method: .get, headers: [:]) == .seconds(1))
  }

  @Test("only statuses that can heal are retried", arguments: [408, 429, 500, 502, 503, 504])
  func retryableStatus(code: Int) {
    #expect(policy.delay(after: status(code), method: .get, headers: [:]) == .seconds(1))
  }

  @Test("other statuses are not retried", arguments: [400, 401, 403, 404, 409, 422, 501, 505])
  func finalStatus(code: Int) {
    #expect(policy.delay(after: status(code), method: .get, headers: [:]) == nil)
  }

  @Test(
    "transport failures that can heal are retried",
    arguments: [
      URLError.Code.timedOut, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
      .dnsLookupFailed,
    ])
  func healingTransport(code: URLError.Code) {
    #expect(
      policy.delay(after: APIError(.transport(code: code)), method: .get, headers: [:]) != nil)
  }

  @Test(
    "cancellation, decoding, bad requests, oversized bodies and other transport errors are not",
    arguments: [
      APIError.Kind.cancelled, .decoding(codingPath: "a", reason: "b", bodyPrefix: Data()),
      .invalidRequest(reason: "x"), .responseTooLarge(limit: 1), .transport(code: .badURL),
      .transport(code: .cancelled),
    ])
  func notRetried(kind: APIError.Kind) {
    #expect(policy.delay(after: APIError(kind), method: .get, headers: [:]) == nil)
  }

  @Test("POST and PATCH are retried only with an Idempotency-Key")
  func idempotency() {
    for method in [HTTPMethod.post, .patch] {
      #expect(policy.delay(after: status(503), method: method, headers: [:]) == nil)
      let keyed: HTTPHeaders = ["idempotency-key": "k1"]
      #expect(policy.delay(after: status(503), method: method, headers: keyed) == .seconds(1))
    }
    for method in [HTTPMethod.get, .head, .options, .put, .delete] {
      #expect(policy.delay(after: status(503), method: method, headers: [:]) != nil)
    }
  }

  @Test("Retry-After is a minimum that jitter never shortens")
  func retryAfterMinimum() {
    let jittered = RetryPolicy.exponential(base: .seconds(1), maxAttempts: 3, jitter: .full { 0 })
    let wait = jittered.delay(
      after: status(429, retryAfter: .seconds(2)), method: .get, headers: [:])
    #expect(wait == .seconds(2))
    let longer = policy.delay(
      after: status(503, attempts: 4, retryAfter: .seconds(2)), method: .get, headers: [:])
    #expect(longer == .seconds(8))
  }

  @Test("a Retry-After beyond the cap ends the retries")
  func retryAfterBeyondCap() {
    let wait = policy.delay(
      after: status(503, retryAfter: .seconds(11)), method: .get, headers: [:])
    #expect(wait == nil)
  }

  @Test("a wait that would end past the deadline is not taken")
  func deadline() {
    var bounded = policy
    bounded.deadline = .seconds(5)
    #expect(
      bounded.delay(after: status(503), method: .get, headers: [:], elapsed: .seconds(3))
        == .seconds(1))
    #expect(
      bounded.delay(after: status(503), method: .get, headers: [:], elapsed: .seconds(4)) == nil)
  }

  @Test(".none never retries; .custom decides the wait but not the safety rules")
  func noneAndCustom() {
    #expect(RetryPolicy.none.delay(after: status(503), method: .get, headers: [:]) == nil)
    let custom = RetryPolicy.custom(maxAttempts: 3) { retry, _ in .milliseconds(100 * retry) }
    #expect(
      custom.delay(after: status(503, attempts: 2), method: .get, headers: [:])
        == .milliseconds(200))
    #expect(custom.delay(after: status(503, attempts: 3), method: .get, headers: [:]) == nil)
    #expect(custom.delay(after: status(503), method: .post, headers: [:]) == nil)
    #expect(custom.delay(after: status(404), method: .get, headers: [:]) == nil)
  }
}
