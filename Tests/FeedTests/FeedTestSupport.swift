import BlueprintFeedModel
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

/// A thread-safe in-flight counter for the concurrency tests, measured at the server.
///
/// A request can wait in ``holdUntilOverlap(bound:)`` until a second one is in flight at
/// the same time, so that the test sees requests overlap without a sleep deciding it.
final class InFlight: @unchecked Sendable {
  // Safe: every field is read and written only while `condition` is locked.
  private let condition = NSCondition()
  private var current: [String: Int] = [:]
  private var maximum: [String: Int] = [:]
  private var total = 0
  private var maxTotal = 0

  func enter(_ host: String) {
    condition.withLock {
      current[host, default: 0] += 1
      total += 1
      maximum[host] = max(maximum[host, default: 0], current[host, default: 0])
      maxTotal = max(maxTotal, total)
      condition.broadcast()
    }
  }

  func leave(_ host: String) {
    condition.withLock {
      current[host, default: 0] -= 1
      total -= 1
    }
  }

  /// Holds the calling request until two requests have been in flight at once, or until
  /// `bound` passes (a guard against a hang: the test's own assertion then fails).
  func holdUntilOverlap(bound: TimeInterval = 30) {
    let giveUp = Date(timeIntervalSinceNow: bound)
    condition.withLock {
      while maxTotal < 2, condition.wait(until: giveUp) {}
    }
  }

  var maximumPerHost: [String: Int] { condition.withLock { maximum } }
  var maximumTotal: Int { condition.withLock { maxTotal } }
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

/// A value behind a lock, for the test doubles that tasks share (Core's own lock type is
/// not public API, and a copy of these tests builds against Core's public API alone).
final class LockedValue<Value>: @unchecked Sendable {
  // Safe: `value` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
