/// What a server sent to identify a version of a resource: `ETag` and `Last-Modified`.
///
/// Store them with the resource and send them back with the next request; the server
/// answers `304 Not Modified` (no body) when nothing changed.
///
/// <!-- doc-test: context
/// let client: any HTTPClient = UnavailableHTTPClient(reason: "offline")
/// let endpoint = Endpoint(URL(string: "https://example.com/feed.xml")!)
/// var stored = Validators()
/// func process(_ body: Data) {}
/// -->
/// ```swift
/// switch try await client.send(endpoint, validators: stored) {
/// case .notModified:
///   break  // keep what you have
/// case .modified(let response):
///   stored = response.validators
///   process(response.body)
/// }
/// ```
public struct Validators: Sendable, Hashable, Codable {
  /// The entity tag, sent back as `If-None-Match`.
  public var etag: String?
  /// The last-modified date as the server wrote it, sent back as `If-Modified-Since`.
  public var lastModified: String?

  /// Creates validators.
  ///
  /// - Parameters:
  ///   - etag: An `ETag` value, quotes included (`"abc"` or `W/"abc"`).
  ///   - lastModified: A `Last-Modified` value, exactly as received.
  public init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
  }

  /// Whether there is nothing to validate with.
  public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// The outcome of a conditional request: unchanged, or a fresh response.
public enum ConditionalResponse: Sendable, Equatable {
  /// The server answered `304`: the stored copy is still current.
  case notModified(HTTPResponse)
  /// The resource changed (or the server ignored the validators): here it is.
  case modified(HTTPResponse)

  /// The response, whichever case it is.
  public var response: HTTPResponse {
    switch self {
    case .notModified(let response), .modified(let response): return response
    }
  }
}

extension Endpoint {
  /// This endpoint with `If-None-Match` and `If-Modified-Since` set from `validators`.
  ///
  /// - Parameter validators: The validators stored from an earlier response.
  /// - Returns: The conditional endpoint; unchanged when `validators` is empty.
  public func conditional(on validators: Validators) -> Endpoint {
    var endpoint = self
    if let etag = validators.etag { endpoint.headers["If-None-Match"] = etag }
    if let date = validators.lastModified { endpoint.headers["If-Modified-Since"] = date }
    return endpoint
  }

  /// Whether the request carries `If-None-Match` or `If-Modified-Since`.
  var isConditional: Bool {
    headers["If-None-Match"] != nil || headers["If-Modified-Since"] != nil
  }
}
