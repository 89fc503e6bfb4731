import CoreCurlShim
import Foundation

/// An ``HTTPClient`` that talks to the system's libcurl directly, for Linux programs
/// that make many requests or wait on slow servers.
///
/// It behaves as `URLSessionHTTPClient` does — the same retries, size cap, adapter,
/// observer, validators and errors — but all its transfers run on one thread of its
/// own, in one libcurl multi handle, waiting in `poll`. On Linux that matters:
/// FoundationNetworking's URLSession keeps the socket's write event armed while it
/// waits for an answer, so a silent server costs most of a core until the timeout,
/// and a session creates cookie and cache folders under `$XDG_DATA_HOME` and
/// `$XDG_CACHE_HOME`. This client costs nothing while it waits and writes nothing to
/// disk.
///
/// libcurl is the library FoundationNetworking itself loads, so it is there wherever
/// URLSession is; the initialiser returns `nil` where it cannot be loaded (Apple
/// platforms, a fully static musl binary, whose `dlopen` always fails). Fall back to
/// `URLSessionHTTPClient` then:
///
/// ```swift
/// let client: any HTTPClient =
///   CurlHTTPClient(userAgent: "feed/1.0") ?? URLSessionHTTPClient(userAgent: "feed/1.0")
/// ```
///
/// Connections are kept alive and shared by the client's requests; there are no
/// cookies and no cache; TLS certificates are checked with the system's trust store,
/// and the proxy environment variables (`https_proxy`, `no_proxy`, …) are honoured.
/// A server with a certificate from a private authority (a home server) is reached by
/// naming that authority's certificate file as `caFile`; verification is never off.
///
/// `CurlHTTPClient` is in `CoreBase`, which links no FoundationNetworking: a program
/// that uses it alone loads libcurl only when its first request starts. The
/// initialiser that takes a `URLRequest` adapter (`adapt:`) comes with
/// `URLSessionHTTPClient`, in `CoreURLSession`.
public final class CurlHTTPClient: HTTPClient {
  /// The largest body accepted unless the client is told otherwise: 10 MiB, as
  /// `URLSessionHTTPClient`'s.
  public static let defaultMaxResponseSize = 10 << 20

  /// Whether libcurl can be loaded on this system.
  public static var isAvailable: Bool { CoreCurlIsAvailable() != 0 }

  /// The `User-Agent` sent with every request that does not set its own.
  public var userAgent: String { pipeline.userAgent }
  /// When failed requests are retried.
  public var retryPolicy: RetryPolicy { pipeline.retryPolicy }
  /// The largest body accepted, in bytes.
  public var maxResponseSize: Int { pipeline.maxResponseSize }
  /// The PEM file of the certificate authorities trusted instead of the system's, or
  /// `nil` for the system's trust store.
  public let caFile: String?

  private let pipeline: RequestPipeline<OutgoingRequest>

  /// Creates a client, or `nil` when libcurl cannot be loaded.
  ///
  /// - Parameters:
  ///   - userAgent: Names the app and version, e.g. `feed/1.0`.
  ///   - retryPolicy: When failed requests are retried.
  ///   - maxResponseSize: The largest body accepted, in bytes; 10 MiB by default.
  ///   - clock: The clock every wait and attempt duration uses.
  ///   - caFile: A PEM file of certificate authorities to trust instead of the system's
  ///     (libcurl's `CURLOPT_CAINFO`), for a server with a private certificate; `nil`
  ///     for the system's trust store. Certificates and host names are always verified;
  ///     a file that cannot be read fails each `https` request with
  ///     `URLError.secureConnectionFailed`.
  ///   - observe: Told about every attempt, or `nil`.
  public convenience init?<C: Clock<Duration>>(
    userAgent: String,
    retryPolicy: RetryPolicy = .exponential(),
    maxResponseSize: Int = CurlHTTPClient.defaultMaxResponseSize,
    clock: C = ContinuousClock(),
    caFile: String? = nil,
    observe: (@Sendable (HTTPAttempt) -> Void)? = nil
  ) {
    self.init(
      userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: maxResponseSize,
      clock: clock, caFile: caFile, adaptRequest: nil, observe: observe)
  }

  /// Creates a client whose requests `adaptRequest` changes before each attempt, or
  /// `nil` when libcurl cannot be loaded (the `URLRequest` adapter of `CoreURLSession`
  /// comes through here).
  package init?<C: Clock<Duration>>(
    userAgent: String,
    retryPolicy: RetryPolicy,
    maxResponseSize: Int,
    clock: C,
    caFile: String?,
    adaptRequest: RequestPipeline<OutgoingRequest>.Adapt?,
    observe: (@Sendable (HTTPAttempt) -> Void)?
  ) {
    guard let pool = CurlHandlePool() else { return nil }
    self.caFile = caFile
    self.pipeline = RequestPipeline(
      userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: max(0, maxResponseSize),
      clock: ElapsedClock(clock), adapt: adaptRequest, observe: observe
    ) { [pool] request, limit in
      try await CurlTransfer.run(request, limit: limit, pool: pool, caFile: caFile)
    }
  }

  /// Sends the request an endpoint describes, retrying as ``retryPolicy`` allows.
  ///
  /// - Parameter endpoint: The request to send.
  /// - Returns: The response, whose status is acceptable to the endpoint (or a `304` to a
  ///   conditional request).
  /// - Throws: ``APIError``.
  public func send(_ endpoint: Endpoint) async throws -> HTTPResponse {
    try await pipeline.send(endpoint)
  }
}
