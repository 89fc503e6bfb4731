import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension APIError {
  /// One line a command-line app can print as is, e.g.
  /// `HTTP 503 from api.example.com — retried 3 times`.
  public var description: String {
    let host = hostDescription
    let message: String
    switch kind {
    case .invalidRequest(let reason):
      message = "invalid request: \(reason)"
    case .transport(let code):
      message = Self.transportMessage(code, host: host)
    case .unacceptableStatus(let code, _, _):
      message = "HTTP \(code) from \(host)"
    case .decoding(let codingPath, let reason, _):
      let location = codingPath.isEmpty ? "" : " at \(codingPath)"
      message = "cannot decode the response from \(host): \(reason)\(location)"
    case .cancelled:
      message = "the request to \(host) was cancelled"
    case .responseTooLarge(let limit):
      message = "the response from \(host) is larger than the \(Self.size(limit)) limit"
    }
    switch attempts {
    case ...1: return message
    case 2: return message + " — retried once"
    default: return message + " — retried \(attempts - 1) times"
    }
  }

  private var hostDescription: String {
    guard let url, let host = url.host, !host.isEmpty else { return "the server" }
    return url.port.map { "\(host):\($0)" } ?? host
  }

  private static func transportMessage(_ code: URLError.Code, host: String) -> String {
    let detail: String
    switch code {
    case .timedOut: return "the request to \(host) timed out"
    case .cannotConnectToHost: detail = "cannot connect to \(host)"
    case .cannotFindHost, .dnsLookupFailed: detail = "cannot find the host \(host)"
    case .networkConnectionLost: detail = "the connection to \(host) was lost"
    case .notConnectedToInternet: detail = "not connected to the internet"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      detail = "cannot make a secure connection to \(host)"
    case .badServerResponse: detail = "bad response from \(host)"
    case .unsupportedURL: detail = "unsupported URL for \(host)"
    default: detail = "network error talking to \(host)"
    }
    return "\(detail) (URLError \(code.rawValue))"
  }

  private static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes)-byte"
  }
}
