/// An ``HTTPClient`` for where no transfer can be made: every request fails with
/// ``APIError/Kind/invalidRequest(reason:)`` and the reason given.
///
/// A Linux program that reaches the network through ``CurlHTTPClient`` alone (so that
/// it never links FoundationNetworking, which loads libcurl and its libraries at every
/// start) uses it where libcurl cannot be loaded: URLSession would need the same
/// library, so there is nothing to fall back to, and the program's commands that stay
/// off the network still run.
///
/// ```swift
/// let client: any HTTPClient =
///   CurlHTTPClient(userAgent: "feed/1.0")
///   ?? UnavailableHTTPClient(reason: "libcurl (libcurl.so.4) could not be loaded")
/// ```
public struct UnavailableHTTPClient: HTTPClient {
  /// Why no request can be sent, as the error says it.
  public let reason: String

  /// A client whose every request fails with `reason`.
  ///
  /// - Parameter reason: Why no request can be sent, e.g. "libcurl could not be loaded".
  public init(reason: String) {
    self.reason = reason
  }

  /// Fails: no request can be sent.
  ///
  /// - Parameter endpoint: The request that cannot be sent.
  /// - Returns: Never.
  /// - Throws: ``APIError`` (``APIError/Kind/invalidRequest(reason:)``) with ``reason``.
  public func send(_ endpoint: Endpoint) async throws -> HTTPResponse {
    throw APIError(.invalidRequest(reason: reason), method: endpoint.method, url: endpoint.baseURL)
  }
}
