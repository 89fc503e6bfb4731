#if canImport(FoundationNetworking)
  import Foundation
  import FoundationNetworking
#else
  import Foundation
#endif

/// What every live ``HTTPClient`` does around one transfer, whatever carries it: the
/// `User-Agent`, the adapter, the retry loop and its deadline, the observer, and the
/// turning of a status into a response or an ``APIError``.
struct RequestPipeline: Sendable {
  /// Runs one transfer of at most `limit` body bytes; throws ``TransferFailure``.
  typealias Perform = @Sendable (_ request: URLRequest, _ limit: Int) async throws -> Transfer

  let userAgent: String
  let retryPolicy: RetryPolicy
  let maxResponseSize: Int
  let clock: ElapsedClock
  let adapt: URLSessionHTTPClient.Adapter?
  let observe: URLSessionHTTPClient.Observer?
  let perform: Perform

  /// Sends the request an endpoint describes, retrying as ``retryPolicy`` allows.
  ///
  /// - Parameter endpoint: The request to send.
  /// - Returns: The response, whose status is acceptable to the endpoint (or a `304` to a
  ///   conditional request).
  /// - Throws: ``APIError``.
  func send(_ endpoint: Endpoint) async throws -> HTTPResponse {
    var base = try endpoint.makeRequest()
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
  private func send(_ base: URLRequest, endpoint: Endpoint, attempt: Int, start: Duration)
    async throws(APIError) -> HTTPResponse
  {
    var request = base
    func failure(_ kind: APIError.Kind, retryAfter: Duration? = nil) -> APIError {
      APIError(
        kind, method: endpoint.method, url: request.url, attempts: attempt, retryAfter: retryAfter)
    }
    if let deadline = retryPolicy.deadline {
      let left = deadline - (clock.elapsed() - start)
      guard left > .zero else { throw failure(.transport(code: .timedOut)) }
      let seconds = Endpoint.wholeSeconds(left.timeInterval, rounding: .down)
      request.timeoutInterval = min(request.timeoutInterval, seconds)
    }
    if let adapt {
      do {
        try await adapt(&request)
      } catch let error as APIError {
        throw error
      } catch is CancellationError {
        throw failure(.cancelled)
      } catch {
        throw failure(.invalidRequest(reason: "the request adapter failed: \(error)"))
      }
    }
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
      let error = failure(transferFailure.kind)
      observe?(
        HTTPAttempt(
          method: endpoint.method, url: request.url, number: attempt, duration: duration,
          outcome: .failure(error)))
      throw error
    case .success(let transfer):
      let status = transfer.response.statusCode
      observe?(
        HTTPAttempt(
          method: endpoint.method, url: request.url, number: attempt, duration: duration,
          outcome: .status(status)))
      let headers = HTTPHeaders(
        uniqueFields: transfer.response.allHeaderFields.map { ("\($0.key)", "\($0.value)") })
      let accepted =
        endpoint.acceptableStatus.contains(status) || (status == 304 && endpoint.isConditional)
      guard accepted else {
        let retryAfter = headers["Retry-After"].flatMap { value in
          RetryAfter.parse(value, now: headers["Date"].flatMap(RetryAfter.parseHTTPDate) ?? Date())
        }
        let prefix = Data(transfer.body.prefix(APIError.bodyPrefixLength))
        throw failure(
          .unacceptableStatus(code: status, headers: headers, bodyPrefix: prefix),
          retryAfter: retryAfter)
      }
      return HTTPResponse(
        status: status, headers: headers, body: transfer.body,
        url: transfer.response.url ?? request.url,
        permanentRedirectURL: transfer.permanentRedirectURL)
    }
  }
}
