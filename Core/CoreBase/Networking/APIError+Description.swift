import Foundation

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

  /// Plain words for the transport failures people meet; any other code is
  /// named with its number so it can still be looked up.
  private static func transportMessage(_ code: URLError.Code, host: String) -> String {
    switch code {
    case .timedOut: return "the request to \(host) timed out"
    case .cannotConnectToHost: return "cannot connect to \(host)"
    case .cannotFindHost, .dnsLookupFailed: return "cannot find the host \(host)"
    case .networkConnectionLost: return "the connection to \(host) was lost"
    case .notConnectedToInternet: return "not connected to the internet"
    case .httpTooManyRedirects: return "too many redirects from \(host)"
    case .redirectToNonExistentLocation:
      return "\(host) redirected to an address that is not a valid URL"
    // An endpoint's own URL is checked to be http(s) before sending, so here it is
    // a redirect (libcurl refuses to follow it).
    case .unsupportedURL: return "\(host) redirected to a URL that is not http or https"
    case .badURL: return "the URL for \(host) is not valid"
    case .badServerResponse: return "bad response from \(host) (or a redirect that was refused)"
    case .cannotParseResponse: return "\(host) did not answer in HTTP"
    case .cannotDecodeContentData, .cannotDecodeRawData:
      return "cannot decode the content \(host) sent"
    case .zeroByteResource: return "\(host) sent an empty response"
    case .resourceUnavailable: return "the resource at \(host) is unavailable"
    case .userAuthenticationRequired, .userCancelledAuthentication:
      return "\(host) requires authentication"
    case .secureConnectionFailed: return "cannot make a secure connection to \(host)"
    case .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return "cannot make a secure connection to \(host): its certificate is not trusted"
    case .clientCertificateRejected, .clientCertificateRequired:
      return "cannot make a secure connection to \(host): it wants a client certificate"
    case .cannotLoadFromNetwork: return "cannot load from the network"
    case .dataLengthExceedsMaximum: return "the response from \(host) is too large"
    default: return "network error talking to \(host) (URLError \(code.rawValue))"
    }
  }

  private static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes)-byte"
  }
}
