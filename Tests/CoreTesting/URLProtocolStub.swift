public import Core
public import Foundation

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

/// Serves requests from a closure, in-process, for fast unit tests of the client.
///
/// Each stub owns a unique host (`https://<uuid>.stub.invalid/`) and is reached only
/// through a session whose configuration lists ``protocolClass`` — never registered
/// globally. ``makeClient(retryPolicy:maxResponseSize:clock:adapt:observe:)`` builds
/// such a client.
///
/// <!-- doc-test: context
/// struct Item: Decodable {}
/// -->
/// ```swift
/// let stub = URLProtocolStub { request in .reply(.json("[]")) }
/// let client = stub.makeClient()
/// let items = try await client.fetch(Endpoint(stub.baseURL), as: [Item].self)
/// ```
public final class URLProtocolStub: Sendable {
  /// What the stub does with one request.
  public enum Answer: Sendable {
    /// Answer with a response.
    case reply(LoopbackServer.Reply)
    /// Fail the transfer with a URL error code, as a network failure would.
    case fail(URLError.Code)
  }

  /// The host this stub answers for.
  public let host: String
  private let recorded = Locked([URLRequest]())

  /// Creates a stub that answers with `handler`.
  ///
  /// - Parameter handler: The answer for each request.
  public init(_ handler: @escaping @Sendable (URLRequest) -> Answer) {
    FoundationFolders.redirect()
    host = UUID().uuidString.lowercased() + ".stub.invalid"
    let recorded = self.recorded
    StubURLProtocol.handlers.withLock { handlers in
      handlers[host] = { request in
        recorded.withLock { $0.append(request) }
        return handler(request)
      }
    }
  }

  /// Creates a stub that answers with `answers` in order; the last repeats.
  ///
  /// - Parameter answers: The answers, in order.
  public convenience init(answers: [Answer]) {
    let script = Locked(0)
    self.init { _ in
      let index = script.withLock { next in
        defer { next += 1 }
        return min(next, answers.count - 1)
      }
      return answers.isEmpty ? .fail(.unknown) : answers[index]
    }
  }

  deinit {
    let host = host
    StubURLProtocol.handlers.withLock { _ = $0.removeValue(forKey: host) }
  }

  /// `https://<host>/`.
  public var baseURL: URL { URL(string: "https://\(host)/") ?? URL(fileURLWithPath: "/") }

  /// Every request the stub has answered, in order.
  public var requests: [URLRequest] { recorded.withLock { $0 } }

  /// The class to list in `URLSessionConfiguration.protocolClasses`.
  public var protocolClass: AnyClass { StubURLProtocol.self }

  /// A client whose session routes this stub's host through the stub.
  ///
  /// - Parameters:
  ///   - userAgent: The client's `User-Agent`.
  ///   - retryPolicy: When failed requests are retried.
  ///   - maxResponseSize: The size cap.
  ///   - clock: The clock for waits.
  ///   - adapt: The request adapter.
  ///   - observe: The attempt observer.
  /// - Returns: The client.
  public func makeClient<C: Clock<Duration>>(
    userAgent: String = "tests/1.0",
    retryPolicy: RetryPolicy = .none,
    maxResponseSize: Int = URLSessionHTTPClient.defaultMaxResponseSize,
    clock: C = ContinuousClock(),
    adapt: URLSessionHTTPClient.Adapter? = nil,
    observe: URLSessionHTTPClient.Observer? = nil
  ) -> URLSessionHTTPClient {
    URLSessionHTTPClient(
      userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: maxResponseSize,
      clock: clock, adapt: adapt, observe: observe, protocolClasses: [StubURLProtocol.self])
  }
}

/// The `URLProtocol` behind ``URLProtocolStub``: finds the stub by the request's host.
final class StubURLProtocol: URLProtocol {
  static let handlers = Locked([String: @Sendable (URLRequest) -> URLProtocolStub.Answer]())

  override class func canInit(with request: URLRequest) -> Bool {
    guard let host = request.url?.host else { return false }
    return handlers.withLock { $0[host] != nil }
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let handler = request.url?.host.flatMap { host in StubURLProtocol.handlers.withLock { $0[host] }
    }
    guard let handler, let url = request.url else {
      client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
      return
    }
    var request = self.request
    if request.httpBody == nil, let stream = request.httpBodyStream {
      request.httpBody = Self.read(stream)
    }
    switch handler(request) {
    case .fail(let code):
      client?.urlProtocol(self, didFailWithError: URLError(code))
    case .reply(let reply):
      var fields: [String: String] = [:]
      for (name, value) in reply.headers { fields[name] = value }
      fields["Content-Length"] = "\(reply.body.count)"
      guard
        let response = HTTPURLResponse(
          url: url, statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: fields)
      else {
        client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
        return
      }
      client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      if !reply.body.isEmpty { client?.urlProtocol(self, didLoad: reply.body) }
      client?.urlProtocolDidFinishLoading(self)
    }
  }

  override func stopLoading() {}

  private static func read(_ stream: InputStream) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    stream.open()
    defer { stream.close() }
    while stream.hasBytesAvailable {
      let count = stream.read(&buffer, maxLength: buffer.count)
      guard count > 0 else { break }
      data.append(buffer, count: count)
    }
    return data
  }
}
