import Core
import CoreTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the split of `Core` into `CoreBase`, `CoreURLSession` and `CoreSync` added: the
/// client for where libcurl cannot be loaded, and `CurlHTTPClient`'s `URLRequest`
/// adapter, which now crosses from `CoreURLSession` into `CoreBase`'s own request.
@Suite("CoreBase without URLSession", .timeLimit(.minutes(10)))
struct CoreSplitTests {
  @Test("UnavailableHTTPClient fails every request with its reason, naming the request")
  func unavailableClientFails() async throws {
    let client = UnavailableHTTPClient(reason: "libcurl (libcurl.so.4) could not be loaded")
    let url = try #require(URL(string: "https://example.com/feed.xml"))
    let error = await #expect(throws: APIError.self) {
      try await client.send(Endpoint(url, method: .post))
    }
    #expect(error?.kind == .invalidRequest(reason: "libcurl (libcurl.so.4) could not be loaded"))
    #expect(error?.context.method == .post)
    #expect(error?.context.url == url)
  }

  @Test("CurlHTTPClient's URLRequest adapter sets headers, method and body libcurl sends")
  func curlAdapterReachesTheServer() async throws {
    let server = try LoopbackServer(replies: [.json(#"{"ok":true}"#)])
    defer { server.stop() }
    let adapter: URLSessionHTTPClient.Adapter = { request in
      request.setValue("Bearer t0ken", forHTTPHeaderField: "Authorization")
      request.httpMethod = "PUT"
      request.httpBody = Data("adapted".utf8)
    }
    let curl = CurlHTTPClient(userAgent: "blueprint-tests/1.0", retryPolicy: .none, adapt: adapter)
    let client = try #require(curl, "libcurl could not be loaded")
    let response = try await client.send(Endpoint(server.baseURL, path: ["items", "1"]))
    #expect(response.status == 200)
    let request = try #require(server.requests.first)
    #expect(request.method == "PUT")
    #expect(request.target == "/items/1")
    #expect(request.headers["Authorization"] == "Bearer t0ken")
    #expect(request.headers["User-Agent"] == "blueprint-tests/1.0")
    #expect(request.body == Data("adapted".utf8))
  }
}
