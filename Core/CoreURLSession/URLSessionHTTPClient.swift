public import CoreBase

#if canImport(FoundationNetworking)
  import Foundation
  public import FoundationNetworking
#else
  public import Foundation
#endif

/// The live ``HTTPClient``: one long-lived `URLSession`, retries, a size cap, hooks.
///
/// The session is ephemeral with no cookie storage and no URL cache, so nothing is
/// written to disk; it is invalidated when the client goes away. Cancelling the
/// calling task cancels the transfer in flight and throws
/// ``APIError/Kind/cancelled``. Every wait goes through the injected clock.
///
/// <!-- doc-test: context
/// let token = "secret"
/// let feedURL = URL(string: "https://example.com/feed.xml")!
/// -->
/// ```swift
/// let client = URLSessionHTTPClient(
///   userAgent: "feed/1.0",
///   retryPolicy: .exponential(maxAttempts: 3),
///   adapt: { request in request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") },
///   observe: { attempt in print(attempt) }
/// )
/// let feed = try await client.send(Endpoint(feedURL))
/// ```
public final class URLSessionHTTPClient: HTTPClient {
  /// Changes each request before it is sent, e.g. to add an `Authorization` header.
  ///
  /// Called before every attempt, so a refreshed token is picked up by a retry. An
  /// error it throws ends the request: an ``APIError`` as is, anything else as
  /// ``APIError/Kind/invalidRequest(reason:)``.
  public typealias Adapter = @Sendable (inout URLRequest) async throws -> Void

  /// Told about every attempt once it ends, e.g. to log it.
  public typealias Observer = @Sendable (HTTPAttempt) -> Void

  /// The default size cap: 10 MiB.
  public static let defaultMaxResponseSize = 10 << 20

  /// The `User-Agent` sent with every request that does not set its own.
  public var userAgent: String { pipeline.userAgent }
  /// When failed requests are retried.
  public var retryPolicy: RetryPolicy { pipeline.retryPolicy }
  /// The largest body accepted, in bytes.
  public var maxResponseSize: Int { pipeline.maxResponseSize }

  private let session: URLSession
  private let delegate: TransferDelegate
  private let pipeline: RequestPipeline<URLRequest>

  /// Creates a client with its own session.
  ///
  /// - Parameters:
  ///   - userAgent: Names the app and version, e.g. `feed/1.0`.
  ///   - retryPolicy: When failed requests are retried.
  ///   - maxResponseSize: The largest body accepted, in bytes; 10 MiB by default.
  ///   - clock: The clock every wait and attempt duration uses.
  ///   - adapt: Changes each request before each attempt, or `nil`.
  ///   - observe: Told about every attempt, or `nil`.
  public convenience init<C: Clock<Duration>>(
    userAgent: String,
    retryPolicy: RetryPolicy = .exponential(),
    maxResponseSize: Int = URLSessionHTTPClient.defaultMaxResponseSize,
    clock: C = ContinuousClock(),
    adapt: Adapter? = nil,
    observe: Observer? = nil
  ) {
    self.init(
      userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: maxResponseSize,
      clock: clock, adapt: adapt, observe: observe, configuration: Self.makeDefaultConfiguration())
  }

  /// Creates a client whose session routes requests through `protocolClasses` first.
  ///
  /// For tests: a `URLProtocol` stub registered here, never globally (CoreTesting's
  /// `URLProtocolStub` builds its clients with it).
  ///
  /// - Parameters:
  ///   - userAgent: Names the app and version.
  ///   - retryPolicy: When failed requests are retried.
  ///   - maxResponseSize: The largest body accepted, in bytes.
  ///   - clock: The clock every wait and attempt duration uses.
  ///   - adapt: Changes each request before each attempt.
  ///   - observe: Told about every attempt.
  ///   - protocolClasses: `URLProtocol` subclasses to try before the built-in ones.
  public convenience init<C: Clock<Duration>>(
    userAgent: String,
    retryPolicy: RetryPolicy = .exponential(),
    maxResponseSize: Int = URLSessionHTTPClient.defaultMaxResponseSize,
    clock: C = ContinuousClock(),
    adapt: Adapter? = nil,
    observe: Observer? = nil,
    protocolClasses: [AnyClass]?
  ) {
    let configuration = Self.makeDefaultConfiguration()
    if let protocolClasses {
      configuration.protocolClasses = protocolClasses + (configuration.protocolClasses ?? [])
    }
    self.init(
      userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: maxResponseSize,
      clock: clock, adapt: adapt, observe: observe, configuration: configuration)
  }

  /// Creates a client whose session uses `configuration` as given.
  ///
  /// Start from ``makeDefaultConfiguration()`` (ephemeral, no cookies, no cache) and
  /// change what you need: proxies, extra headers, `protocolClasses` for a stub.
  ///
  /// ```swift
  /// let configuration = URLSessionHTTPClient.makeDefaultConfiguration()
  /// configuration.timeoutIntervalForRequest = 5
  /// let client = URLSessionHTTPClient(userAgent: "app/1.0", configuration: configuration)
  /// ```
  ///
  /// - Parameters:
  ///   - userAgent: Names the app and version.
  ///   - retryPolicy: When failed requests are retried.
  ///   - maxResponseSize: The largest body accepted, in bytes.
  ///   - clock: The clock every wait and attempt duration uses.
  ///   - adapt: Changes each request before each attempt.
  ///   - observe: Told about every attempt.
  ///   - configuration: The session's configuration; the client copies it.
  public init<C: Clock<Duration>>(
    userAgent: String,
    retryPolicy: RetryPolicy = .exponential(),
    maxResponseSize: Int = URLSessionHTTPClient.defaultMaxResponseSize,
    clock: C = ContinuousClock(),
    adapt: Adapter? = nil,
    observe: Observer? = nil,
    configuration: URLSessionConfiguration
  ) {
    let queue = InlineDelegateQueue()
    queue.maxConcurrentOperationCount = 1
    queue.name = "URLSessionHTTPClient"
    let delegate = TransferDelegate()
    let session = URLSession(
      configuration: configuration, delegate: delegate, delegateQueue: queue)
    self.session = session
    self.delegate = delegate
    self.pipeline = RequestPipeline(
      userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: max(0, maxResponseSize),
      clock: ElapsedClock(clock), adapt: adapt, observe: observe
    ) { request, limit in
      try await Self.perform(request, limit: limit, session: session, delegate: delegate)
    }
  }

  /// The configuration a client gets by default: ephemeral, with no cookies, no
  /// URL cache (nothing is written to disk) and no cached responses.
  ///
  /// - Returns: A new configuration to change and pass to
  ///   ``init(userAgent:retryPolicy:maxResponseSize:clock:adapt:observe:configuration:)``.
  public static func makeDefaultConfiguration() -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return configuration
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Calls `handler` once the session has been invalidated, which happens when the
  /// client goes away (after the transfers in flight end). For tests.
  ///
  /// - Parameter handler: Called on the session's delegate queue.
  package func onSessionInvalidated(_ handler: @escaping @Sendable () -> Void) {
    delegate.onInvalidated(handler)
  }

  // MARK: - Sending

  /// Sends the request an endpoint describes, retrying as ``retryPolicy`` allows.
  ///
  /// - Parameter endpoint: The request to send.
  /// - Returns: The response, whose status is acceptable to the endpoint (or a `304` to a
  ///   conditional request).
  /// - Throws: ``APIError``.
  public func send(_ endpoint: Endpoint) async throws -> HTTPResponse {
    try await pipeline.send(endpoint)
  }

  /// Runs one transfer; cancelling the calling task cancels it.
  private static func perform(
    _ request: URLRequest, limit: Int, session: URLSession, delegate: TransferDelegate
  ) async throws -> Transfer {
    guard !Task.isCancelled else { throw TransferFailure(kind: .cancelled) }
    let task = session.dataTask(with: request)
    delegate.register(task, limit: limit)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        delegate.attach(task, continuation)
        task.resume()
      }
    } onCancel: {
      // Not inline: on toolchains before 6.4, cancel() from a cancellation handler can
      // deadlock against the session's work queue (swift-corelibs-foundation #5417).
      DispatchQueue.global().async { task.cancel() }
    }
  }
}
