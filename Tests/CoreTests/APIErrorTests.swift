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
      "cannot connect to api.example.com (URLError -1004) — retried once"
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
