public import Foundation

/// One attempt at sending a request, as reported to an attempt observer.
///
/// <!-- doc-test: context
/// func log(_ line: String) {}
/// -->
/// ```swift
/// let client = URLSessionHTTPClient(userAgent: "feed/1.0") { attempt in
///   log("\(attempt)")  // GET https://example.com/feed.xml → 200 in 0.12 s (attempt 1)
/// }
/// ```
public struct HTTPAttempt: Sendable, CustomStringConvertible {
  /// How an attempt ended.
  public enum Outcome: Sendable, Equatable {
    /// The server answered with this status (acceptable or not).
    case status(Int)
    /// No usable answer: a transport failure, a cancellation or an oversized body.
    case failure(APIError)
  }

  /// The request method.
  public var method: HTTPMethod
  /// The request URL.
  public var url: URL?
  /// The attempt number, 1 for the first.
  public var number: Int
  /// How long the attempt took, measured on the client's clock.
  public var duration: Duration
  /// How the attempt ended.
  public var outcome: Outcome

  /// A one-line summary for logs.
  public var description: String {
    let result: String
    switch outcome {
    case .status(let code): result = "\(code)"
    case .failure(let error): result = "failed: \(error)"
    }
    let seconds = (duration.timeInterval * 1000).rounded() / 1000
    return "\(method) \(url?.absoluteString ?? "?") → \(result) in \(seconds) s (attempt \(number))"
  }
}
