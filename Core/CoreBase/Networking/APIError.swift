public import Foundation

/// Why an HTTP request failed, with enough context to react to it or print it.
///
/// Switch over the cases to react precisely; ``description`` is one line a
/// command-line app can print as is:
///
/// <!-- doc-test: context
/// struct User: Decodable {}
/// let client: any HTTPClient = UnavailableHTTPClient(reason: "offline")
/// let endpoint = Endpoint(URL(string: "https://api.example.com/me")!)
/// func showOffline() {}
/// func show(_ code: Int, _ response: APIError.Response, _ body: Data) {}
/// func reportBug(_ error: any Error) {}
/// -->
/// ```swift
/// do {
///   let user: User = try await client.fetch(endpoint)
/// } catch let error as APIError {
///   switch error {
///   case .transport: showOffline()
///   case .unacceptableStatus(let code, let response, let body): show(code, response, body)
///   case .decoding: reportBug(error)
///   default: print("myapp: error: \(error)")  // HTTP 503 from api.example.com — retried 3 times
///   }
/// }
/// ```
///
/// Every case carries the request's ``Context`` (method, URL, attempts, `Retry-After`),
/// also reachable as ``method``, ``url``, ``attempts`` and ``retryAfter``. ``kind``
/// gives the same cases without the context, for comparing in tests.
public enum APIError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The endpoint could not be turned into a request (bad URL, header or body).
  case invalidRequest(reason: String, context: Context)
  /// The transfer failed: no connection, a timeout, a lost connection, a DNS failure.
  case transport(code: URLError.Code, context: Context)
  /// The server answered with a status the endpoint does not accept; `body` is the
  /// first ``bodyPrefixLength`` bytes of its body.
  case unacceptableStatus(code: Int, response: Response, body: Data)
  /// The body did not decode; `codingPath` is like `items[2].id`; `body` is its first
  /// ``bodyPrefixLength`` bytes.
  case decoding(codingPath: String, reason: String, body: Data, context: Context)
  /// The calling task was cancelled.
  case cancelled(context: Context)
  /// The body was larger than the client's size cap, in bytes.
  case responseTooLarge(limit: Int, context: Context)

  /// The distinct ways a request can fail, without the request's context.
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

  /// The request a failure belongs to.
  public struct Context: Sendable, Equatable {
    /// The method of the failed request.
    public var method: HTTPMethod
    /// The URL of the failed request, when there was one.
    public var url: URL?
    /// How many attempts were made; more than 1 means the request was retried.
    public var attempts: Int
    /// The wait the server asked for with `Retry-After`, if it sent one.
    public var retryAfter: Duration?

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - method: The request method.
    ///   - url: The request URL.
    ///   - attempts: How many attempts were made.
    ///   - retryAfter: The wait the server asked for, if any.
    public init(
      method: HTTPMethod = .get, url: URL? = nil, attempts: Int = 1, retryAfter: Duration? = nil
    ) {
      self.method = method
      self.url = url
      self.attempts = attempts
      self.retryAfter = retryAfter
    }
  }

  /// The answer behind ``unacceptableStatus(code:response:body:)``: its status and
  /// headers, and the request's context.
  public struct Response: Sendable, Equatable {
    /// The status code, e.g. `503`.
    public var statusCode: Int
    /// The response header fields.
    public var headers: HTTPHeaders
    /// The request this answered.
    public var context: Context

    /// Creates a response description.
    ///
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - headers: The header fields.
    ///   - context: The request's context.
    public init(statusCode: Int, headers: HTTPHeaders = [:], context: Context = Context()) {
      self.statusCode = statusCode
      self.headers = headers
      self.context = context
    }

    /// The URL of the request that got this answer.
    public var url: URL? { context.url }

    /// A header field's value, looked up without regard to case.
    ///
    /// - Parameter field: The field name, e.g. `Retry-After`.
    /// - Returns: The value, or nil.
    public func value(forHTTPHeaderField field: String) -> String? { headers[field] }
  }

  /// How many bytes of a body ``unacceptableStatus(code:response:body:)`` and
  /// ``decoding(codingPath:reason:body:context:)`` keep.
  public static let bodyPrefixLength = 512

  /// Creates an error from a kind and the request's context.
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
    let context = Context(method: method, url: url, attempts: attempts, retryAfter: retryAfter)
    switch kind {
    case .invalidRequest(let reason): self = .invalidRequest(reason: reason, context: context)
    case .transport(let code): self = .transport(code: code, context: context)
    case .unacceptableStatus(let code, let headers, let prefix):
      self = .unacceptableStatus(
        code: code, response: Response(statusCode: code, headers: headers, context: context),
        body: prefix)
    case .decoding(let path, let reason, let prefix):
      self = .decoding(codingPath: path, reason: reason, body: prefix, context: context)
    case .cancelled: self = .cancelled(context: context)
    case .responseTooLarge(let limit): self = .responseTooLarge(limit: limit, context: context)
    }
  }

  /// What went wrong, without the request's context.
  public var kind: Kind {
    switch self {
    case .invalidRequest(let reason, _): .invalidRequest(reason: reason)
    case .transport(let code, _): .transport(code: code)
    case .unacceptableStatus(let code, let response, let body):
      .unacceptableStatus(code: code, headers: response.headers, bodyPrefix: body)
    case .decoding(let path, let reason, let body, _):
      .decoding(codingPath: path, reason: reason, bodyPrefix: body)
    case .cancelled: .cancelled
    case .responseTooLarge(let limit, _): .responseTooLarge(limit: limit)
    }
  }

  /// The request the failure belongs to.
  public var context: Context {
    get {
      switch self {
      case .invalidRequest(_, let context), .transport(_, let context),
        .decoding(_, _, _, let context), .cancelled(let context),
        .responseTooLarge(_, let context):
        context
      case .unacceptableStatus(_, let response, _): response.context
      }
    }
    set { self = APIError(kind, context: newValue) }
  }

  private init(_ kind: Kind, context: Context) {
    self.init(
      kind, method: context.method, url: context.url, attempts: context.attempts,
      retryAfter: context.retryAfter)
  }

  /// The method of the failed request.
  public var method: HTTPMethod {
    get { context.method }
    set { context.method = newValue }
  }

  /// The URL of the failed request, when there was one.
  public var url: URL? {
    get { context.url }
    set { context.url = newValue }
  }

  /// How many attempts were made; more than 1 means the request was retried.
  public var attempts: Int {
    get { context.attempts }
    set { context.attempts = newValue }
  }

  /// The wait the server asked for with `Retry-After`, if it sent one.
  public var retryAfter: Duration? {
    get { context.retryAfter }
    set { context.retryAfter = newValue }
  }

  /// The HTTP status, for ``unacceptableStatus(code:response:body:)``.
  public var statusCode: Int? {
    if case .unacceptableStatus(let code, _, _) = self { return code }
    return nil
  }

  /// Whether the same request may succeed if sent again later.
  ///
  /// True for transport failures that can heal (timeout, connection lost or refused,
  /// DNS failure, offline) and the statuses 408, 429, 500, 502, 503 and 504; false for
  /// everything else, cancellation and decoding failures included.
  public var isRetryable: Bool {
    switch self {
    case .transport(let code, _): return Self.healingCodes.contains(code)
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
