import CoreBase
import Foundation

/// One server's requests: the HTTP client, the credentials and their rules, and the
/// turning of answers into multistatus documents or errors.
struct DAVSession: Sendable {
  let client: any HTTPClient
  let credentials: SyncCredentials?
  /// How long one request may stay idle.
  var timeout: Duration = .seconds(60)

  /// Sends one request; a status outside `2xx` throws ``APIError``.
  ///
  /// - Throws: ``SyncCredentialError/insecureCredentials(host:)`` before sending a password over
  ///   plain `http://` to another machine; ``APIError``.
  func send(
    _ method: HTTPMethod, _ url: URL, depth: String? = nil, xml: Data? = nil,
    body: Data? = nil, contentType: String? = nil, headers extra: HTTPHeaders = [:]
  ) async throws -> HTTPResponse {
    var headers = extra
    if let depth {
      headers = HTTPHeaders(Array(headers.map { ($0.name, $0.value) }) + [("Depth", depth)])
    }
    if let credentials {
      try SyncCredentials.checkTransport(to: url)
      headers = HTTPHeaders(
        Array(headers.map { ($0.name, $0.value) })
          + [("Authorization", credentials.basicAuthorization)])
    }
    var payload: Endpoint.Body?
    if let xml {
      payload = .data(xml, contentType: DAVRequestBody.contentType)
    } else if let body {
      payload = .data(body, contentType: contentType)
    }
    return try await client.send(
      Endpoint(url, method: method, headers: headers, body: payload, timeout: timeout))
  }

  /// Sends a `PROPFIND` or `REPORT` and parses its `207 Multi-Status` answer.
  ///
  /// - Returns: The document and the URL that answered (after redirects), against which
  ///   its hrefs resolve.
  /// - Throws: ``APIError`` (``APIError/Kind/decoding(codingPath:reason:bodyPrefix:)``
  ///   when the answer is not a multistatus, declares a DOCTYPE or is not well-formed).
  func multistatus(_ method: HTTPMethod, _ url: URL, depth: String, xml: Data) async throws
    -> (DAVMultistatus, URL)
  {
    let response = try await send(method, url, depth: depth, xml: xml)
    let answered = response.url ?? url
    guard response.status == 207 else {
      throw APIError(
        .decoding(
          codingPath: "", reason: "expected 207 Multi-Status, got \(response.status)",
          bodyPrefix: Data(response.body.prefix(APIError.bodyPrefixLength))),
        method: method, url: answered)
    }
    do {
      return (try DAVMultistatus.parse(response.body), answered)
    } catch {
      throw APIError(
        .decoding(
          codingPath: "", reason: error.reason,
          bodyPrefix: Data(response.body.prefix(APIError.bodyPrefixLength))),
        method: method, url: answered)
    }
  }
}
