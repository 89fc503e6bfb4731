public import CoreBase

#if canImport(FoundationNetworking)
  package import Foundation
  public import FoundationNetworking
#else
  public import Foundation
#endif

extension Endpoint {
  /// The `URLRequest` this endpoint describes.
  ///
  /// - Throws: ``APIError`` (``APIError/Kind/invalidRequest(reason:)``) for a bad URL,
  ///   path segment, header, timeout or body.
  /// - Returns: The request, ready for `URLSession`.
  public func makeRequest() throws -> URLRequest {
    try makeRequest(as: URLRequest.self)
  }
}

extension URLRequest: PipelineRequest {
  package static func make(url: URL) -> URLRequest { URLRequest(url: url) }
}

extension URLRequest {
  /// The request libcurl would send for this one: URL, method, body, timeout, fields.
  init(_ outgoing: OutgoingRequest) {
    self.init(url: outgoing.url ?? URL(fileURLWithPath: "/"))
    url = outgoing.url
    httpMethod = outgoing.httpMethod
    httpBody = outgoing.httpBody
    timeoutInterval = outgoing.timeoutInterval
    for field in outgoing.headerFields {
      setValue(field.value, forHTTPHeaderField: field.name)
    }
  }
}

extension OutgoingRequest {
  /// What libcurl sends of `request`: its URL, method, body, timeout and fields.
  init(_ request: URLRequest) {
    self.init(url: request.url)
    httpMethod = request.httpMethod
    httpBody = request.httpBody
    timeoutInterval = request.timeoutInterval
    for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
      setValue(value, forHTTPHeaderField: name)
    }
  }
}

extension CurlHTTPClient {
  /// Creates a client whose requests `adapt` changes before each attempt — the same
  /// `URLRequest` adapter a ``URLSessionHTTPClient`` takes — or `nil` when libcurl
  /// cannot be loaded.
  ///
  /// libcurl sends what the adapted request holds of a URL, method, body, timeout and
  /// header fields; the rest of a `URLRequest` (cache policy, cookies) does not apply.
  ///
  /// - Parameters:
  ///   - userAgent: Names the app and version, e.g. `feed/1.0`.
  ///   - retryPolicy: When failed requests are retried.
  ///   - maxResponseSize: The largest body accepted, in bytes; 10 MiB by default.
  ///   - clock: The clock every wait and attempt duration uses.
  ///   - caFile: A PEM file of certificate authorities to trust instead of the system's.
  ///   - adapt: Changes each request before each attempt, or `nil`.
  ///   - observe: Told about every attempt, or `nil`.
  public convenience init?<C: Clock<Duration>>(
    userAgent: String,
    retryPolicy: RetryPolicy = .exponential(),
    maxResponseSize: Int = CurlHTTPClient.defaultMaxResponseSize,
    clock: C = ContinuousClock(),
    caFile: String? = nil,
    adapt: URLSessionHTTPClient.Adapter?,
    observe: URLSessionHTTPClient.Observer? = nil
  ) {
    var adaptRequest: RequestPipeline<OutgoingRequest>.Adapt?
    if let adapt {
      adaptRequest = { (outgoing: inout OutgoingRequest) in
        var request = URLRequest(outgoing)
        try await adapt(&request)
        outgoing = OutgoingRequest(request)
      }
    }
    self.init(
      userAgent: userAgent, retryPolicy: retryPolicy, maxResponseSize: maxResponseSize,
      clock: clock, caFile: caFile, adaptRequest: adaptRequest, observe: observe)
  }
}
