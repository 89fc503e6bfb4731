package import CoreBase
package import Foundation

// On Linux, URLSession (FoundationNetworking) would load libcurl and its libraries at
// every start of the app, a network command or not: there the client is libcurl's alone.
#if !canImport(FoundationNetworking)
  internal import CoreURLSession
#endif

/// Fetches a feed's bytes: over HTTP through an ``HTTPClient`` with conditional GET, or
/// from a `file` URL with the same size cap.
package struct FeedFetcher: Sendable {
  /// What a fetch gave.
  package enum Response: Sendable, Equatable {
    /// The server answered `304`: the cached items are current.
    case notModified
    /// A body to parse.
    case body(FetchedBody)
  }

  /// A fetched body and what came with it.
  package struct FetchedBody: Sendable, Equatable {
    /// The bytes.
    package var data: Data
    /// The `Content-Type`, if any (its `charset` matters to the parser).
    package var contentType: String?
    /// The validators to send next time.
    package var validators: Validators
    /// The new URL when the feed moved permanently (`301`/`308`).
    package var movedTo: URL?
    /// The URL the body came from, after redirects.
    package var url: URL
  }

  /// The HTTP client.
  package let client: any HTTPClient
  /// The largest body accepted, in bytes (the HTTP client's own cap should match).
  package var maximumBytes: Int
  /// The timeout of one HTTP attempt.
  package var timeout: Duration

  /// Creates a fetcher.
  ///
  /// - Parameters:
  ///   - client: The HTTP client.
  ///   - maximumBytes: The largest body accepted.
  ///   - timeout: The timeout of one HTTP attempt.
  package init(
    client: any HTTPClient, maximumBytes: Int = 10 << 20, timeout: Duration = .seconds(30)
  ) {
    self.client = client
    self.maximumBytes = maximumBytes
    self.timeout = timeout
  }

  /// The client the app uses: its User-Agent, a size cap, and a retry policy that
  /// retries transient failures once and never retries a server that asked to wait.
  ///
  /// On Linux it is a ``CurlHTTPClient``: a stalled server then costs no CPU while the
  /// deadlines run, and nothing is written under `$XDG_DATA_HOME` or `$XDG_CACHE_HOME`.
  /// Where libcurl cannot be loaded it is a ``URLSessionHTTPClient`` on Apple platforms;
  /// on Linux every request then fails (URLSession would need the same libcurl).
  ///
  /// - Parameters:
  ///   - name: The app's name, for the User-Agent `<name>/<version>`.
  ///   - version: The app's version.
  ///   - maximumBytes: The largest body accepted.
  ///   - retryPolicy: When to retry (a polite single retry by default).
  /// - Returns: The client.
  package static func makeClient(
    name: String, version: String, maximumBytes: Int = 10 << 20,
    retryPolicy: RetryPolicy = politeRetryPolicy
  ) -> any HTTPClient {
    let userAgent = "\(name)/\(version)"
    #if canImport(FoundationNetworking)
      return CurlHTTPClient(
        userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: maximumBytes)
        ?? UnavailableHTTPClient(reason: "libcurl (libcurl.so.4) could not be loaded")
    #else
      return CurlHTTPClient(
        userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: maximumBytes)
        ?? URLSessionHTTPClient(
          userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: maximumBytes)
    #endif
  }

  /// One retry after half a second for failures that can heal; none for `429`, `503`
  /// or any response with `Retry-After` — those are remembered and honoured instead —
  /// and none for a host name that did not resolve: half a second later it does not
  /// resolve either (offline, a refresh of 200 feeds would wait that long for each).
  package static let politeRetryPolicy = RetryPolicy.custom(maxAttempts: 2, cap: .zero) {
    _, error in
    if error.retryAfter != nil || error.statusCode == 429 || error.statusCode == 503 { return nil }
    if isUnresolvedName(error) { return nil }
    return .milliseconds(500)
  }

  /// Whether `error` says the host's name did not resolve.
  static func isUnresolvedName(_ error: any Error) -> Bool {
    guard let error = error as? APIError, case .transport(let code, _) = error else {
      return false
    }
    return code == .cannotFindHost || code == .dnsLookupFailed
  }

  /// Fetches a feed.
  ///
  /// - Parameters:
  ///   - url: An `http`, `https` or `file` URL.
  ///   - validators: The validators of the cached copy; empty for none.
  /// - Returns: The body, or ``Response/notModified``.
  /// - Throws: `APIError` for HTTP failures, ``FetchError`` otherwise.
  package func fetch(_ url: URL, validators: Validators = Validators()) async throws -> Response {
    switch url.scheme?.lowercased() {
    case "file":
      return .body(try readFile(url))
    case "http", "https":
      let endpoint = Endpoint(
        url, headers: ["Accept": Self.accept], timeout: timeout)
      switch try await client.send(endpoint, validators: validators) {
      case .notModified:
        return .notModified
      case .modified(let response):
        guard response.body.count <= maximumBytes else {
          throw FetchError.tooLarge(limit: maximumBytes)
        }
        return .body(
          FetchedBody(
            data: response.body, contentType: response.headers["Content-Type"],
            validators: response.validators,
            movedTo: response.permanentRedirectURL.map(FeedLocation.canonical),
            url: response.url ?? url))
      }
    default:
      throw FetchError.unsupportedScheme(url.scheme ?? "")
    }
  }

  static let accept =
    "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8"

  private func readFile(_ url: URL) throws -> FetchedBody {
    let path = url.path
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
      throw FetchError.fileNotFound(path)
    }
    if attributes[.type] as? FileAttributeType == .typeDirectory {
      throw FetchError.cannotRead(path, reason: "it is a folder, not a feed file")
    }
    if let size = attributes[.size] as? Int, size > maximumBytes {
      throw FetchError.tooLarge(limit: maximumBytes)
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw FetchError.cannotRead(path, reason: "permission denied")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      // One byte more than allowed: a file that grew since the check is still caught.
      data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
    } catch {
      throw FetchError.cannotRead(path, reason: "\(error.localizedDescription)")
    }
    guard data.count <= maximumBytes else { throw FetchError.tooLarge(limit: maximumBytes) }
    return FetchedBody(
      data: data, contentType: nil, validators: Validators(), movedTo: nil, url: url)
  }
}
