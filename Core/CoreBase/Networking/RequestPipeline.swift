import Foundation

/// What every live ``HTTPClient`` does around one transfer, whatever carries it: the
/// `User-Agent`, the adapter, the retry loop and its deadline, the observer, and the
/// turning of a status into a response or an ``APIError``. `Request` is what the carrier
/// sends: `URLRequest` for URLSession, ``OutgoingRequest`` for libcurl.
package struct RequestPipeline<Request: PipelineRequest>: Sendable {
  /// Runs one transfer of at most `limit` body bytes; throws ``TransferFailure``.
  package typealias Perform =
    @Sendable (_ request: Request, _ limit: Int) async throws
    -> Transfer
  /// Changes each attempt's request before it is sent.
  package typealias Adapt = @Sendable (inout Request) async throws -> Void
  /// Hears of each attempt.
  package typealias Observe = @Sendable (HTTPAttempt) -> Void

  package let userAgent: String
  package let retryPolicy: RetryPolicy
  package let maxResponseSize: Int
  let clock: ElapsedClock
  let adapt: Adapt?
  let observe: Observe?
  let perform: Perform

  package init(
    userAgent: String, retryPolicy: RetryPolicy, maxResponseSize: Int, clock: ElapsedClock,
    adapt: Adapt?, observe: Observe?, perform: @escaping Perform
  ) {
    self.userAgent = userAgent
    self.retryPolicy = retryPolicy
    self.maxResponseSize = maxResponseSize
    self.clock = clock
    self.adapt = adapt
    self.observe = observe
    self.perform = perform
  }

  /// Sends the request an endpoint describes, retrying as ``retryPolicy`` allows.
  ///
  /// - Parameter endpoint: The request to send.
  /// - Returns: The response, whose status is acceptable to the endpoint (or a `304` to a
  ///   conditional request).
  /// - Throws: ``APIError``.
  package func send(_ endpoint: Endpoint) async throws -> HTTPResponse {
    var base = try endpoint.makeRequest(as: Request.self)
    if base.value(forHTTPHeaderField: "User-Agent") == nil {
      base.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    }
    let start = clock.elapsed()
    var attempt = 1
    while true {
      let error: APIError
      do {
        return try await send(base, endpoint: endpoint, attempt: attempt, start: start)
      } catch let failure {
        error = failure
      }
      let elapsed = clock.elapsed() - start
      guard
        let wait = retryPolicy.delay(
          after: error, method: endpoint.method, headers: endpoint.headers, elapsed: elapsed),
        leavesRoomForAttempt(after: wait, elapsed: elapsed)
      else { throw error }
      do {
        try await clock.sleep(wait)
      } catch {
        throw APIError(.cancelled, method: endpoint.method, url: base.url, attempts: attempt)
      }
      attempt += 1
    }
  }

  /// Whether an attempt made after `wait` would still have the shortest timeout the
  /// platform honours (1 s on FoundationNetworking) before the deadline, so that it
  /// cannot run past it.
  private func leavesRoomForAttempt(after wait: Duration, elapsed: Duration) -> Bool {
    guard let deadline = retryPolicy.deadline else { return true }
    let shortestTimeout = Duration.seconds(Endpoint.wholeSeconds(0, rounding: .down))
    return elapsed + wait + shortestTimeout <= deadline
  }

  /// One attempt; throws only ``APIError``.
  private func send(_ base: Request, endpoint: Endpoint, attempt: Int, start: Duration)
    async throws(APIError) -> HTTPResponse
  {
    let request = try await prepare(base, endpoint: endpoint, attempt: attempt, start: start)
    let began = clock.elapsed()
    let result: Result<Transfer, TransferFailure>
    do {
      result = .success(try await perform(request, maxResponseSize))
    } catch let error as TransferFailure {
      result = .failure(error)
    } catch {
      result = .failure(TransferFailure(kind: .transport(code: .unknown)))
    }
    let duration = clock.elapsed() - began
    switch result {
    case .failure(let transferFailure):
      let error = Self.failure(transferFailure.kind, endpoint, request, attempt: attempt)
      observe?(
        HTTPAttempt(
          method: endpoint.method, url: request.url, number: attempt, duration: duration,
          outcome: .failure(error)))
      throw error
    case .success(let transfer):
      observe?(
        HTTPAttempt(
          method: endpoint.method, url: request.url, number: attempt, duration: duration,
          outcome: .status(transfer.status)))
      return try Self.response(transfer, to: request, endpoint: endpoint, attempt: attempt)
    }
  }

  /// The attempt's request: its timeout cut to what is left before the deadline, then
  /// changed by the adapter.
  private func prepare(_ base: Request, endpoint: Endpoint, attempt: Int, start: Duration)
    async throws(APIError) -> Request
  {
    var request = base
    if let deadline = retryPolicy.deadline {
      let left = deadline - (clock.elapsed() - start)
      guard left > .zero else {
        throw Self.failure(.transport(code: .timedOut), endpoint, request, attempt: attempt)
      }
      let seconds = Endpoint.wholeSeconds(left.timeInterval, rounding: .down)
      request.timeoutInterval = min(request.timeoutInterval, seconds)
    }
    guard let adapt else { return request }
    do {
      try await adapt(&request)
    } catch let error as APIError {
      throw error
    } catch is CancellationError {
      throw Self.failure(.cancelled, endpoint, request, attempt: attempt)
    } catch {
      let reason = "the request adapter failed: \(error)"
      throw Self.failure(.invalidRequest(reason: reason), endpoint, request, attempt: attempt)
    }
    return request
  }

  /// The response to a transfer whose status the endpoint accepts (or a `304` to a
  /// conditional request); else the error, with when the server said to retry.
  private static func response(
    _ transfer: Transfer, to request: Request, endpoint: Endpoint, attempt: Int
  ) throws(APIError) -> HTTPResponse {
    let status = transfer.status
    let headers = transfer.headers
    let accepted =
      endpoint.acceptableStatus.contains(status) || (status == 304 && endpoint.isConditional)
    guard accepted else {
      let retryAfter = headers["Retry-After"].flatMap { value in
        RetryAfter.parse(value, now: headers["Date"].flatMap(RetryAfter.parseHTTPDate) ?? Date())
      }
      let prefix = Data(transfer.body.prefix(APIError.bodyPrefixLength))
      throw failure(
        .unacceptableStatus(code: status, headers: headers, bodyPrefix: prefix), endpoint,
        request, attempt: attempt, retryAfter: retryAfter)
    }
    return HTTPResponse(
      status: status, headers: headers, body: transfer.body, url: transfer.url ?? request.url,
      permanentRedirectURL: transfer.permanentRedirectURL)
  }

  /// The error of an attempt at `request`.
  private static func failure(
    _ kind: APIError.Kind, _ endpoint: Endpoint, _ request: Request, attempt: Int,
    retryAfter: Duration? = nil
  ) -> APIError {
    APIError(
      kind, method: endpoint.method, url: request.url, attempts: attempt, retryAfter: retryAfter)
  }
}
