import CoreBase
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session delegate behind ``URLSessionHTTPClient``: collects each task's body,
/// enforces the size cap while bytes arrive, and notes permanent redirects.
///
/// One delegate serves one session; tasks are told apart by `taskIdentifier`.
/// (Per-task delegates are not called on Linux, so this is session-wide.)
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private struct Entry {
    var limit: Int
    var continuation: CheckedContinuation<Transfer, any Error>?
    var result: Result<Transfer, TransferFailure>?
    var body = Data()
    var failure: APIError.Kind?
    var permanentRedirectURL: URL?
    var onlyPermanentRedirects = true
    /// How many redirects were followed.
    var redirects = 0
  }

  private let entries = Locked([Int: Entry]())
  private let invalidationHandler = Locked<(@Sendable () -> Void)?>(nil)

  /// Sets what to call once the session has been invalidated (for tests).
  func onInvalidated(_ handler: @escaping @Sendable () -> Void) {
    invalidationHandler.withLock { $0 = handler }
  }

  /// Starts tracking a task before it is resumed.
  func register(_ task: URLSessionTask, limit: Int) {
    entries.withLock { $0[task.taskIdentifier] = Entry(limit: limit) }
  }

  /// Waits for a registered task to finish; resumes at once if it already has.
  func attach(_ task: URLSessionTask, _ continuation: CheckedContinuation<Transfer, any Error>) {
    let finished = entries.withLock { entries -> Result<Transfer, TransferFailure>? in
      guard let result = entries[task.taskIdentifier]?.result else {
        entries[task.taskIdentifier]?.continuation = continuation
        return nil
      }
      entries[task.taskIdentifier] = nil
      return result
    }
    if let finished { continuation.resume(with: finished) }
  }

  // MARK: - URLSessionDataDelegate

  func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
    invalidationHandler.withLock { $0 }?()
  }

  // `didReceive response` is deliberately not implemented: on Linux the transfer waits
  // for its completion handler, a queue round trip per request, and the disposition is
  // ignored anyway (swift-corelibs-foundation #3236). The first data callback checks
  // `Content-Length` instead.

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let expected = dataTask.response?.expectedContentLength ?? -1
    let tooLarge = entries.withLock { entries -> Bool in
      let id = dataTask.taskIdentifier
      guard entries[id] != nil, entries[id]?.failure == nil else { return false }
      if let entry = entries[id], entry.body.isEmpty, expected > 0 {
        guard expected <= Int64(entry.limit) else {
          entries[id]?.failure = .responseTooLarge(limit: entry.limit)
          return true
        }
        entries[id]?.body.reserveCapacity(Int(expected))
      }
      entries[id]?.body.append(data)
      guard let entry = entries[id], entry.body.count > entry.limit else { return false }
      entries[id]?.failure = .responseTooLarge(limit: entry.limit)
      entries[id]?.body = Data()
      return true
    }
    // Not inline: callbacks may run on the session's work queue, which cancel() waits for.
    if tooLarge { DispatchQueue.global().async { dataTask.cancel() } }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let location = response.value(forHTTPHeaderField: "Location") ?? ""
    let isUnreadable = RedirectLocation.isUnreadable(location)
    entries.withLock { entries in
      let id = task.taskIdentifier
      guard var entry = entries[id] else { return }
      entry.redirects += 1
      if isUnreadable { entry.failure = .transport(code: .redirectToNonExistentLocation) }
      let isPermanent = response.statusCode == 301 || response.statusCode == 308
      if isPermanent, entry.onlyPermanentRedirects {
        entry.permanentRedirectURL = request.url
      } else {
        entry.onlyPermanentRedirects = false
      }
      entries[id] = entry
    }
    // Not followed: the transfer ends with the redirect, and the failure above.
    completionHandler(isUnreadable ? nil : request)
  }

  #if canImport(FoundationNetworking)
    /// A `401` with `WWW-Authenticate` arrives here once its body is in. FoundationNetworking
    /// would wait for a credential forever (default handling without a stored one does
    /// nothing), so the response ends the transfer as it is, an unacceptable status the
    /// caller can see; the task is then cancelled to free it.
    func urlSession(
      _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
      completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
      guard let response = challenge.failureResponse as? HTTPURLResponse else {
        completionHandler(.performDefaultHandling, nil)
        return
      }
      let continuation = entries.withLock {
        entries -> (CheckedContinuation<Transfer, any Error>, Result<Transfer, TransferFailure>)? in
        let id = task.taskIdentifier
        guard var entry = entries[id] else { return nil }
        let result: Result<Transfer, TransferFailure> =
          if let failure = entry.failure {
            .failure(TransferFailure(kind: failure))
          } else {
            .success(
              Transfer(
                response: response, body: entry.body,
                permanentRedirectURL: entry.permanentRedirectURL))
          }
        guard let continuation = entry.continuation else {
          entry.result = result
          entries[id] = entry
          return nil
        }
        entries[id] = nil
        return (continuation, result)
      }
      continuation.map { $0.0.resume(with: $0.1) }
      // Not inline: callbacks may run on the session's work queue, which cancel() waits for.
      DispatchQueue.global().async { task.cancel() }
    }
  #endif

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let (continuation, result) = entries.withLock {
      entries -> (CheckedContinuation<Transfer, any Error>?, Result<Transfer, TransferFailure>) in
      let id = task.taskIdentifier
      guard var entry = entries[id] else {
        return (nil, .failure(TransferFailure(kind: .transport(code: .unknown))))
      }
      // A result already set (a 401 challenge) wins over the cancellation that follows it.
      let result = entry.result ?? Self.result(of: entry, task: task, error: error)
      if let continuation = entry.continuation {
        entries[id] = nil
        return (continuation, result)
      }
      entry.result = result
      entries[id] = entry
      return (nil, result)
    }
    continuation?.resume(with: result)
  }

  private static func result(of entry: Entry, task: URLSessionTask, error: (any Error)?) -> Result<
    Transfer, TransferFailure
  > {
    if let failure = entry.failure { return .failure(TransferFailure(kind: failure)) }
    if let error {
      var code = URLError.Code(rawValue: (error as NSError).code) ?? .unknown
      // libcurl's "partial file" (the connection closed mid-body) arrives as -1 on Linux.
      if code == .unknown, task.response != nil { code = .networkConnectionLost }
      // The request's own URL is http(s) (checked before sending): without a redirect,
      // libcurl's "unsupported protocol" is its refusal of an answer that is not HTTP.
      if code == .unsupportedURL, entry.redirects == 0 { code = .cannotParseResponse }
      return .failure(
        TransferFailure(kind: code == .cancelled ? .cancelled : .transport(code: code)))
    }
    guard let response = task.response as? HTTPURLResponse else {
      return .failure(TransferFailure(kind: .transport(code: .badServerResponse)))
    }
    return .success(
      Transfer(
        response: response, body: entry.body, permanentRedirectURL: entry.permanentRedirectURL))
  }
}

extension Transfer {
  /// A transfer that ended in `response`.
  init(response: HTTPURLResponse, body: Data, permanentRedirectURL: URL?) {
    self.init(
      status: response.statusCode,
      headers: HTTPHeaders(
        uniqueFields: response.allHeaderFields.map { ("\($0.key)", "\($0.value)") }),
      url: response.url, body: body, permanentRedirectURL: permanentRedirectURL)
  }
}
