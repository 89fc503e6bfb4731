public import Foundation

/// Why an HTTP request failed, with enough context to react to it or print it.
///
/// ``kind`` tells the cases apart; ``description`` is one line a command-line app
/// can print as is:
///
/// ```swift
/// do {
///   let user = try await client.fetch(endpoint, as: User.self)
/// } catch let error as APIError {
///   print("myapp: error: \(error)")  // HTTP 503 from api.example.com — retried 3 times
///   exit(69)
/// }
/// ```
public struct APIError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The distinct ways a request can fail.
  public enum Kind: Sendable, Equatable {
    /// The endpoint could not be turned into a request (bad URL, header or body).
    case invalidRequest(reason: String)
    /// The transfer failed: no connection, a timeout, a lost connection, a DNS failure.
    case transport(code: URLError.Code)
    /// The server answered with a status the endpoint does not accept.
    case unacceptableStatus(code: Int, headers: HTTPHeaders, bodyPrefix: Data)
    /// The body did not decode; `codingPath` is like `items[2].id`.
    case decoding(codingPath: String, reason: String, bodyPrefix: Data)
    /// The calling task was cancelled.
    case cancelled
    /// The body was larger than the client's size cap, in bytes.
    case responseTooLarge(limit: Int)
  }

  /// How many bytes of a body ``Kind/unacceptableStatus(code:headers:bodyPrefix:)`` and
  /// ``Kind/decoding(codingPath:reason:bodyPrefix:)`` keep.
  public static let bodyPrefixLength = 512

  /// What went wrong.
  public var kind: Kind
  /// The method of the failed request.
  public var method: HTTPMethod
  /// The URL of the failed request, when there was one.
  public var url: URL?
  /// How many attempts were made; more than 1 means the request was retried.
  public var attempts: Int
  /// The wait the server asked for with `Retry-After`, if it sent one.
  public var retryAfter: Duration?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - method: The request method.
  ///   - url: The request URL.
  ///   - attempts: How many attempts were made.
  ///   - retryAfter: The wait the server asked for, if any.
  public init(
    _ kind: Kind, method: HTTPMethod = .get, url: URL? = nil, attempts: Int = 1,
    retryAfter: Duration? = nil
  ) {
    self.kind = kind
    self.method = method
    self.url = url
    self.attempts = attempts
    self.retryAfter = retryAfter
  }

  /// The HTTP status, for ``Kind/unacceptableStatus(code:headers:bodyPrefix:)``.
  public var statusCode: Int? {
    if case .unacceptableStatus(let code, _, _) = kind { return code }
    return nil
  }

  /// Whether the same request may succeed if sent again later.
  ///
  /// True for transport failures that can heal (timeout, connection lost or refused,
  /// DNS failure, offline) and the statuses 408, 429, 500, 502, 503 and 504; false for
  /// everything else, cancellation and decoding failures included.
  public var isRetryable: Bool {
    switch kind {
    case .transport(let code): return Self.healingCodes.contains(code)
    case .unacceptableStatus(let code, _, _): return Self.retryableStatuses.contains(code)
    case .invalidRequest, .decoding, .cancelled, .responseTooLarge: return false
    }
  }

  static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

  static let healingCodes: Set<URLError.Code> = [
    .timedOut, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
    .dnsLookupFailed, .notConnectedToInternet, .secureConnectionFailed,
  ]
}
