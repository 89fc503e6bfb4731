import Core
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Endpoint")
struct EndpointTests {
  let base = URL(string: "https://api.example.com/v1")

  @Test(
    "path components are percent-encoded one segment each",
    arguments: [
      (["users", "42"], "https://api.example.com/v1/users/42"),
      (["a b/../c"], "https://api.example.com/v1/a%20b%2F..%2Fc"),
      (["ünï", "x?y#z"], "https://api.example.com/v1/%C3%BCn%C3%AF/x%3Fy%23z"),
      (["100%", "a;b"], "https://api.example.com/v1/100%25/a%3Bb"),
      ([String](), "https://api.example.com/v1"),
    ])
  func pathEncoding(path: [String], expected: String) throws {
    let endpoint = Endpoint(try #require(base), path: path)
    #expect(try endpoint.makeURL().absoluteString == expected)
  }

  @Test("a trailing slash on the base URL does not double")
  func trailingSlash() throws {
    let endpoint = Endpoint(try #require(URL(string: "http://h.test/api/")), path: ["x"])
    #expect(try endpoint.makeURL().absoluteString == "http://h.test/api/x")
  }

  @Test(
    "query items are encoded so that +, & and = survive",
    arguments: [
      ([URLQueryItem(name: "q", value: "a+b c")], "q=a%2Bb%20c"),
      ([URLQueryItem(name: "k&=", value: "v&w=x")], "k%26%3D=v%26w%3Dx"),
      ([URLQueryItem(name: "flag", value: nil), URLQueryItem(name: "n", value: "1")], "flag&n=1"),
    ])
  func queryEncoding(items: [URLQueryItem], expected: String) throws {
    let endpoint = Endpoint(try #require(base), query: items)
    #expect(try endpoint.makeURL().query(percentEncoded: true) == expected)
  }

  @Test("a query in the base URL is kept and new items are appended")
  func baseQueryKept() throws {
    let url = try #require(URL(string: "https://h.test/search?lang=en"))
    let endpoint = Endpoint(url, query: [URLQueryItem(name: "q", value: "x")])
    #expect(try endpoint.makeURL().absoluteString == "https://h.test/search?lang=en&q=x")
  }

  @Test("method, headers, timeout and a raw body make the request")
  func requestFields() throws {
    let endpoint = Endpoint(
      try #require(base), path: ["notes"], method: .put, headers: ["X-Trace": "abc"],
      body: .data(Data("hi".utf8), contentType: "text/plain"), timeout: .seconds(3))
    let request = try endpoint.makeRequest()
    #expect(request.httpMethod == "PUT")
    #expect(request.value(forHTTPHeaderField: "x-trace") == "abc")
    #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/plain")
    #expect(request.httpBody == Data("hi".utf8))
    #expect(request.timeoutInterval == 3)
  }

  @Test("on Linux a timeout is rounded up to whole seconds, because shorter ones fire at once")
  func wholeSecondTimeouts() throws {
    let short = try Endpoint(try #require(base), timeout: .milliseconds(300)).makeRequest()
    let odd = try Endpoint(try #require(base), timeout: .milliseconds(1700)).makeRequest()
    #if canImport(FoundationNetworking)
      #expect(short.timeoutInterval == 1)
      #expect(odd.timeoutInterval == 2)
    #else
      #expect(short.timeoutInterval == 0.3)
      #expect(odd.timeoutInterval == 1.7)
    #endif
  }

  @Test("an Encodable body is sent as JSON with its content type")
  func jsonBody() throws {
    struct Note: Codable, Equatable {
      var title: String
    }
    let endpoint = Endpoint(try #require(base), method: .post, body: .json(Note(title: "x")))
    let request = try endpoint.makeRequest()
    #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    let decoded = try JSONDecoder().decode(Note.self, from: try #require(request.httpBody))
    #expect(decoded == Note(title: "x"))
  }

  @Test("an endpoint's own Content-Type wins over the body's")
  func contentTypeOverride() throws {
    let endpoint = Endpoint(
      try #require(base), method: .post, headers: ["content-type": "application/vnd.x+json"],
      body: .json(["a": 1]))
    let request = try endpoint.makeRequest()
    #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/vnd.x+json")
  }

  @Test("methods are an open set with the standard ones built in")
  func methods() {
    #expect(HTTPMethod.get.rawValue == "GET")
    #expect(HTTPMethod.options.rawValue == "OPTIONS")
    #expect(HTTPMethod("PURGE") == "PURGE")
    let idempotent: [HTTPMethod] = [.get, .head, .options, .put, .delete]
    #expect(idempotent.allSatisfy { $0.isIdempotent })
    #expect(![HTTPMethod.post, .patch, "PURGE"].contains { $0.isIdempotent })
  }

  static let invalidEndpoints: [(String, Endpoint)] = {
    let good = URL(string: "https://h.test/")
    guard let good, let ftp = URL(string: "ftp://h.test/"), let relative = URL(string: "x/y")
    else { return [] }
    struct Bad: Encodable {
      func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no"))
      }
    }
    return [
      ("not http", Endpoint(ftp)),
      ("relative", Endpoint(relative)),
      ("dot-dot segment", Endpoint(good, path: [".."])),
      ("empty segment", Endpoint(good, path: ["a", ""])),
      ("header injection", Endpoint(good, headers: ["X": "a\r\nEvil: 1"])),
      ("bad header name", Endpoint(good, headers: ["Bad Name": "1"])),
      ("bad method", Endpoint(good, method: "GE T")),
      ("GET with body", Endpoint(good, body: .data(Data([1])))),
      ("zero timeout", Endpoint(good, timeout: .zero)),
      ("unencodable JSON", Endpoint(good, method: .post, body: .json(Bad()))),
    ]
  }()

  @Test("a bad endpoint is an invalidRequest error, never a crash", arguments: invalidEndpoints)
  func invalid(name: String, endpoint: Endpoint) {
    #expect {
      try endpoint.makeRequest()
    } throws: { error in
      guard let error = error as? APIError, case .invalidRequest(let reason) = error.kind else {
        return false
      }
      return !reason.isEmpty && "\(error)".hasPrefix("invalid request: ")
    }
  }

  @Test("headers are case-insensitive, keep order and replace by name")
  func headers() {
    var headers: HTTPHeaders = ["Accept": "a", "X-One": "1"]
    headers["accept"] = "b"
    headers["X-Two"] = "2"
    headers["x-one"] = nil
    #expect(headers["ACCEPT"] == "b")
    #expect(headers.map(\.name) == ["Accept", "X-Two"])
    #expect(headers == ["x-two": "2", "accept": "b"])
  }
}
