import Core
import CoreTesting
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GET + JSON decode through `URLSessionHTTPClient`, and through `CurlHTTPClient` where
/// libcurl loads, against the loopback server, beside raw `URLSession.data(for:)` +
/// `JSONDecoder` on an equally configured session.
enum NetworkingBenchmarks {
  struct Item: Codable, Sendable {
    var id: Int
    var title: String
    var tags: [String]
    var score: Double
  }

  static let suite = BenchmarkSuite(name: "networking") {
    let items = (0..<20).map {
      Item(
        id: $0, title: "Item number \($0)", tags: ["swift", "linux", "\($0)"], score: Double($0) / 3
      )
    }
    let json = String(decoding: try JSONEncoder().encode(items), as: UTF8.self)
    let server = try LoopbackServer(replies: [.json(json)])
    let url = server.url("/items")
    let client = URLSessionHTTPClient(userAgent: "benchmarks/1.0")
    let curl = CurlHTTPClient(userAgent: "benchmarks/1.0")
    let endpoint = Endpoint(url)

    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.urlCache = nil
    let session = URLSession(configuration: configuration)
    var request = URLRequest(url: url)
    request.setValue("benchmarks/1.0", forHTTPHeaderField: "User-Agent")
    let baselineRequest = request

    @Sendable func ours() async throws {
      _ = server  // keeps the server alive as long as the rows
      let decoded = try await client.fetch(endpoint, as: [Item].self)
      guard decoded.count == 20 else { throw URLError(.cannotDecodeContentData) }
    }
    @Sendable func oursOverCurl() async throws {
      guard let curl else { throw URLError(.unsupportedURL) }
      let decoded = try await curl.fetch(endpoint, as: [Item].self)
      guard decoded.count == 20 else { throw URLError(.cannotDecodeContentData) }
    }
    @Sendable func raw() async throws {
      let (data, _) = try await session.data(for: baselineRequest)
      let decoded = try JSONDecoder().decode([Item].self, from: data)
      guard decoded.count == 20 else { throw URLError(.cannotDecodeContentData) }
    }
    @Sendable func concurrently(_ body: @escaping @Sendable () async throws -> Void) async throws {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<32 { group.addTask { try await body() } }
        try await group.waitForAll()
      }
    }

    let baselineName = "URLSession.data(for:) + JSONDecoder"
    let overCurl =
      curl == nil
      ? []
      : [
        BenchmarkRow(
          "networking/get-decode-curl/sequential", iterations: 200, goal: 1.0,
          ours: oursOverCurl, baselineName: baselineName, baseline: raw),
        BenchmarkRow(
          "networking/get-decode-curl/concurrent-32", iterations: 10, goal: 1.0,
          ours: { try await concurrently(oursOverCurl) },
          baselineName: baselineName, baseline: { try await concurrently(raw) }),
      ]
    return [
      BenchmarkRow(
        "networking/get-decode/sequential", iterations: 200, goal: 1.05, ours: ours,
        baselineName: baselineName, baseline: raw),
      BenchmarkRow(
        "networking/get-decode/concurrent-32", iterations: 10, goal: 1.05,
        ours: { try await concurrently(ours) },
        baselineName: baselineName, baseline: { try await concurrently(raw) }),
    ] + overCurl
  }
}
