import BlueprintFeedModel
import Core
import CoreTesting
import Foundation

/// Refreshing 50 feeds from the loopback server, 8 at a time against one at a time.
///
/// Every feed is a 20-item RSS document served without validators, so each refresh
/// fetches, parses and durably saves all 50 (one file each). All feeds share one host
/// here, so the per-host bound is lifted to the concurrency: with real feeds on many
/// hosts, 2 per host is the rule. The delayed rows add 20 ms before each reply, as a
/// distant server would.
enum FeedRefreshBenchmarks {
  static let suite = BenchmarkSuite(name: "feed-refresh") {
    var rows: [BenchmarkRow] = []
    for delay in [Duration.zero, .milliseconds(20)] {
      var routes: [String: LoopbackServer.Reply] = [:]
      for index in 0..<50 {
        routes["/feed\(index).xml"] = LoopbackServer.Reply.text(rss(index)).delayed(delay)
      }
      let server = try LoopbackServer(routes: routes)
      let folder = try TemporaryDirectory(prefix: "feed-bench")
      let store = FeedStore(store: FileKeyValueStore(directory: folder.url))
      let feeds = try (0..<50).map { try store.add(server.url("/feed\($0).xml")) }
      let client = URLSessionHTTPClient(userAgent: "feed/bench", retryPolicy: .none)
      let parallel = FeedRefresher(
        store: store, fetcher: FeedFetcher(client: client), concurrency: 8, perHost: 8)
      var serial = parallel
      serial.concurrency = 1
      serial.perHost = 1
      let label = delay == .zero ? "no delay" : "20 ms delay"
      rows.append(
        BenchmarkRow(
          "feed/refresh-50 (\(label)) concurrency 8", iterations: 1,
          ours: { [server, folder] in
            _ = (server, folder)  // kept alive as long as the row
            try await check(parallel.refresh(feeds))
          },
          baselineName: "concurrency 1",
          baseline: { [serial] in try await check(serial.refresh(feeds)) }))
    }
    return rows
  }

  private struct Failed: Error { var message: String }

  private static func check(_ results: [RefreshResult]) throws {
    if let failure = results.first(where: \.isFailure) {
      throw Failed(message: "\(failure.outcome)")
    }
  }

  private static func rss(_ index: Int) -> String {
    var items = ""
    for number in 0..<20 {
      items += """
        <item><guid>f\(index)-\(number)</guid><title>Item \(number) of feed \(index)</title>\
        <link>https://example.com/\(index)/\(number)</link>\
        <pubDate>Mon, \(1 + number) Nov 2026 10:00:00 GMT</pubDate>\
        <description>&lt;p&gt;A paragraph of text for item \(number), long enough to look like a \
        real summary of an article.&lt;/p&gt;</description></item>

        """
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0"><channel><title>Feed \(index)</title><link>https://example.com/</link>
      \(items)</channel></rss>
      """
  }
}
