import BlueprintFeedKit
import Core
import CoreTesting
import Foundation

/// Builders shared by the fetch, store, command and screen tests.
enum FeedSamples {
  /// An RSS document with `count` items numbered from `first` (newest first).
  static func rss(title: String = "Test feed", count: Int = 3, first: Int = 1, extra: String = "")
    -> String
  {
    var items = ""
    for number in (first..<(first + count)).reversed() {
      let day = String(format: "%02d", 1 + number % 28)
      items += """
        <item><guid>item-\(number)</guid><title>Item \(number)</title>\
        <link>https://example.com/\(number)</link>\
        <pubDate>\(day) Oct 2026 10:00:\(String(format: "%02d", number % 60)) GMT</pubDate>\
        <description>&lt;p&gt;Text of item \(number).&lt;/p&gt;</description></item>

        """
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0"><channel><title>\(title)</title><link>https://example.com/</link>
      \(extra)\(items)</channel></rss>
      """
  }

  /// A fixed "now": 2026-11-01T12:00:00Z.
  static let now = Date(timeIntervalSince1970: 1_793_534_400)

  /// The client the tests use: the app's own (libcurl on Linux), a test User-Agent.
  static func client(maxResponseSize: Int = 10 << 20) -> any HTTPClient {
    FeedFetcher.makeClient(name: "feed", version: "test", maximumBytes: maxResponseSize)
  }

  /// A refresher over `store` at a fixed time.
  static func refresher(
    _ store: FeedStore, client: any HTTPClient = client(), at time: Date = now,
    concurrency: Int = 8, maximumBytes: Int = 10 << 20, work: BlockingWork = BlockingWork()
  ) -> FeedRefresher {
    FeedRefresher(
      store: store, fetcher: FeedFetcher(client: client, maximumBytes: maximumBytes),
      concurrency: concurrency, now: { time }, work: work)
  }
}

/// A thread-safe in-flight counter for the concurrency tests.
final class InFlight: Sendable {
  private let state = Locked(
    (current: [String: Int](), maximum: [String: Int](), total: 0, maxTotal: 0))

  func enter(_ host: String) {
    state.withLock {
      $0.current[host, default: 0] += 1
      $0.total += 1
      $0.maximum[host] = max($0.maximum[host, default: 0], $0.current[host, default: 0])
      $0.maxTotal = max($0.maxTotal, $0.total)
    }
  }

  func leave(_ host: String) {
    state.withLock {
      $0.current[host, default: 0] -= 1
      $0.total -= 1
    }
  }

  var maximumPerHost: [String: Int] { state.withLock { $0.maximum } }
  var maximumTotal: Int { state.withLock { $0.maxTotal } }
}

/// Hostile feed bodies for the end-to-end tests.
enum HostileFeeds {
  /// An entity-expansion bomb.
  static var billionLaughs: String {
    let entities = (1...9).map { level in
      "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
    }
    return """
      <?xml version="1.0"?>
      <!DOCTYPE rss [<!ENTITY lol0 "lol">\(entities.joined())]>
      <rss version="2.0"><channel><title>laughs</title>
      <item><title>&lol9;</title></item></channel></rss>
      """
  }

  /// A feed whose strings carry escape sequences, a bidi override and controls.
  static let escapes = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0"><channel><title>Evil &#27;]0;pwned&#7;Feed</title>
    <item><guid>e1</guid><title>Red &#27;[31mtitle&#27;[0m &#x202E;desrever</title>
    <link>https://example.com/e1</link><pubDate>Mon, 05 Oct 2026 10:00:00 GMT</pubDate>
    <description>&lt;p&gt;Body &#27;]8;;https://evil.example/&#27;\\link&#27;]8;;&#27;\\ &#27;[2J&lt;/p&gt;</description></item>
    </channel></rss>
    """
}
