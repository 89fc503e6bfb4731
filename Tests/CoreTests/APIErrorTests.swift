import Core
import Foundation
import Testing

@Suite("APIError")
struct APIErrorTests {
  static let url = URL(string: "https://api.example.com/v1/items")

  static let descriptions: [(APIError.Kind, Int, String)] = [
    (
      .unacceptableStatus(code: 503, headers: [:], bodyPrefix: Data()), 4,
      "HTTP 503 from api.example.com — retried 3 times"
    ),
    (
      .unacceptableStatus(code: 404, headers: [:], bodyPrefix: Data()), 1,
      "HTTP 404 from api.example.com"
    ),
    (
      .transport(code: .cannotConnectToHost), 2,
      "cannot connect to api.example.com — retried once"
    ),
    (.transport(code: .timedOut), 1, "the request to api.example.com timed out"),
    (
      .decoding(codingPath: "items[2].id", reason: "missing key \"id\"", bodyPrefix: Data()), 1,
      "cannot decode the response from api.example.com: missing key \"id\" at items[2].id"
    ),
    (.cancelled, 1, "the request to api.example.com was cancelled"),
    (
      .responseTooLarge(limit: 10 << 20), 1,
      "the response from api.example.com is larger than the 10 MiB limit"
    ),
    (.invalidRequest(reason: "bad header"), 1, "invalid request: bad header"),
  ]

  @Test("every case has a one-line description a CLI can print", arguments: descriptions)
  func description(kind: APIError.Kind, attempts: Int, expected: String) {
    let error = APIError(kind, url: Self.url, attempts: attempts)
    #expect(error.description == expected)
    #expect(!error.description.contains("\n"))
  }

  static let transportWords: [(URLError.Code, String)] = [
    (.timedOut, "the request to api.example.com timed out"),
    (.cannotFindHost, "cannot find the host api.example.com"),
    (.dnsLookupFailed, "cannot find the host api.example.com"),
    (.cannotConnectToHost, "cannot connect to api.example.com"),
    (.networkConnectionLost, "the connection to api.example.com was lost"),
    (.notConnectedToInternet, "not connected to the internet"),
    (.httpTooManyRedirects, "too many redirects from api.example.com"),
    (
      .badServerResponse,
      "bad response from api.example.com (or a redirect that was refused)"
    ),
    (.unsupportedURL, "api.example.com redirected to a URL that is not http or https"),
    (
      .redirectToNonExistentLocation,
      "api.example.com redirected to an address that is not a valid URL"
    ),
    (.secureConnectionFailed, "cannot make a secure connection to api.example.com"),
    (
      .serverCertificateUntrusted,
      "cannot make a secure connection to api.example.com: its certificate is not trusted"
    ),
    (.cannotParseResponse, "api.example.com did not answer in HTTP"),
    (.zeroByteResource, "api.example.com sent an empty response"),
    (.dataLengthExceedsMaximum, "the response from api.example.com is too large"),
    (.userAuthenticationRequired, "api.example.com requires authentication"),
  ]

  @Test("common transport failures are described in plain words", arguments: transportWords)
  func plainWords(code: URLError.Code, expected: String) {
    let error = APIError(.transport(code: code), url: Self.url)
    #expect(error.description == expected)
  }

  @Test(
    "any other transport failure keeps its URLError code in parentheses",
    arguments: [
      URLError.Code.unknown, .callIsActive, .fileDoesNotExist,
    ])
  func transportCode(code: URLError.Code) {
    let error = APIError(.transport(code: code), url: Self.url, attempts: 3)
    #expect(
      error.description
        == "network error talking to api.example.com (URLError \(code.rawValue)) — retried 2 times")
  }

  @Test("a non-default port is part of the host in messages")
  func port() {
    let error = APIError(.cancelled, url: URL(string: "http://127.0.0.1:8080/x"))
    #expect("\(error)" == "the request to 127.0.0.1:8080 was cancelled")
  }

  @Test("statusCode and isRetryable read the kind")
  func accessors() {
    let status = APIError(.unacceptableStatus(code: 429, headers: [:], bodyPrefix: Data()))
    #expect(status.statusCode == 429)
    #expect(status.isRetryable)
    #expect(APIError(.cancelled).statusCode == nil)
    #expect(!APIError(.cancelled).isRetryable)
  }
}
