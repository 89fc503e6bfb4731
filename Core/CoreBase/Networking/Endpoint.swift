public import Foundation

/// A declarative description of one HTTP request.
///
/// Path components are appended one by one and percent-encoded, so a component
/// such as `a b/../c` stays a single segment; query items are encoded the same
/// way. Nothing is checked until the endpoint is sent: a bad endpoint becomes an
/// ``APIError`` with ``APIError/Kind/invalidRequest(reason:)``, never a crash.
///
/// <!-- doc-test: context
/// let userID = "42"
/// struct Post: Decodable {}
/// let client: any HTTPClient = UnavailableHTTPClient(reason: "offline")
/// -->
/// ```swift
/// let endpoint = Endpoint(
///   URL(string: "https://api.example.com/v1")!,
///   path: ["users", userID, "posts"],
///   query: [URLQueryItem(name: "limit", value: "20")]
/// )
/// let posts = try await client.fetch(endpoint, as: [Post].self)
/// ```
public struct Endpoint: Sendable {
  /// The URL the path components are appended to; its own path and query are kept.
  public var baseURL: URL
  /// Path segments appended to ``baseURL``, each percent-encoded as one segment.
  public var path: [String]
  /// Query items appended after any query already in ``baseURL``.
  public var query: [URLQueryItem]
  /// The request method; `GET` by default.
  public var method: HTTPMethod
  /// Header fields sent with the request.
  public var headers: HTTPHeaders
  /// The request body, or `nil` for none.
  public var body: Body?
  /// How long one attempt may stay idle before it fails with a timeout; 60 s by default.
  ///
  /// FoundationNetworking (Linux) keeps whole seconds only, so there the value is
  /// rounded up to a whole number of seconds, at least one.
  public var timeout: Duration
  /// The status codes that count as success; any other fails with
  /// ``APIError/Kind/unacceptableStatus(code:headers:bodyPrefix:)``.
  public var acceptableStatus: Range<Int>

  /// Creates an endpoint.
  ///
  /// - Parameters:
  ///   - baseURL: An `http` or `https` URL; path components are appended to it.
  ///   - path: Path segments, each encoded as exactly one segment.
  ///   - query: Query items to append.
  ///   - method: The request method.
  ///   - headers: Header fields to send.
  ///   - body: The body to send, or `nil`.
  ///   - timeout: The idle timeout of one attempt.
  ///   - acceptableStatus: The status codes that count as success.
  public init(
    _ baseURL: URL,
    path: [String] = [],
    query: [URLQueryItem] = [],
    method: HTTPMethod = .get,
    headers: HTTPHeaders = [:],
    body: Body? = nil,
    timeout: Duration = .seconds(60),
    acceptableStatus: Range<Int> = 200..<300
  ) {
    self.baseURL = baseURL
    self.path = path
    self.query = query
    self.method = method
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.acceptableStatus = acceptableStatus
  }
}

// MARK: - Body

extension Endpoint {
  /// A request body: raw bytes or an `Encodable` value as JSON.
  public struct Body: Sendable {
    /// The `Content-Type` sent with the body unless the endpoint sets its own.
    public let contentType: String?
    let content: Result<Data, EncodingFailure>

    struct EncodingFailure: Error {
      var message: String
    }

    /// Raw bytes.
    ///
    /// - Parameters:
    ///   - data: The bytes to send.
    ///   - contentType: The media type, e.g. `text/plain; charset=utf-8`.
    /// - Returns: The body.
    public static func data(_ data: Data, contentType: String? = nil) -> Body {
      Body(contentType: contentType, content: .success(data))
    }

    /// A value encoded as JSON, sent with `Content-Type: application/json`.
    ///
    /// The value is encoded right away; if encoding fails, sending the endpoint
    /// fails with ``APIError/Kind/invalidRequest(reason:)``.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder to use.
    /// - Returns: The body.
    public static func json(_ value: some Encodable, encoder: JSONEncoder = JSONEncoder()) -> Body {
      do {
        return Body(contentType: "application/json", content: .success(try encoder.encode(value)))
      } catch {
        let failure = EncodingFailure(message: "cannot encode the JSON body: \(error)")
        return Body(contentType: "application/json", content: .failure(failure))
      }
    }
  }
}
