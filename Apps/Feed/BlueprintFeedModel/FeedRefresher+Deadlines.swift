internal import CoreBase
internal import Foundation

// MARK: - Deadlines and back-off

extension FeedRefresher {
  /// How long to leave a feed alone after `error`: the server's `Retry-After`, at most
  /// ``maximumRetryAfter``; ``defaultBackoff`` for a `429` or `503` without one.
  static func backoff(after error: any Error) -> Duration? {
    guard let error = error as? APIError else { return nil }
    if let retryAfter = error.retryAfter { return min(retryAfter, maximumRetryAfter) }
    if error.statusCode == 429 || error.statusCode == 503 { return defaultBackoff }
    return nil
  }

  /// Runs `body`, cancelling it when `limit` passes on ``clock``.
  func withDeadline<T: Sendable>(
    _ limit: Duration, _ body: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let clock = clock
    return try await withThrowingTaskGroup(of: T?.self) { group in
      group.addTask { try await body() }
      group.addTask {
        try await clock.sleep(for: limit)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let value = first else {
        throw FeedDeadlinePassed(limit: limit)
      }
      return value
    }
  }
}

/// The hosts that did not answer a fetch in time during one refresh. A host's feeds
/// take turns (one fetch at a time to a host), so those still waiting are not fetched:
/// a host that is down costs one feed's deadline, not one for each of its feeds.
final class SilentHosts: @unchecked Sendable {
  // Safe: `hosts` is read and written only while `lock` is held.
  private let lock = NSLock()
  // host (lowercased) → the feed that waited, and whether its name did not resolve
  private var hosts: [String: (feedID: String, isUnresolved: Bool)] = [:]

  /// Throws ``HostDidNotAnswer`` when `host` did not answer a feed earlier.
  func check(_ host: String) throws {
    let key = host.lowercased()
    if let silent = lock.withLock({ hosts[key] }) {
      throw HostDidNotAnswer(
        host: host, feedID: silent.feedID, isUnresolved: silent.isUnresolved)
    }
  }

  /// Notes `host` as silent when `error` says it did not answer in time (a timeout, a
  /// feed's deadline, a name that did not resolve); other errors say nothing about it.
  func note(_ host: String, after error: any Error, of feedID: String) {
    guard Self.meansSilent(error) else { return }
    let key = host.lowercased()
    let isUnresolved = FeedFetcher.isUnresolvedName(error)
    lock.withLock {
      if hosts[key] == nil { hosts[key] = (feedID, isUnresolved) }
    }
  }

  /// Whether `error` says the host did not answer in time.
  static func meansSilent(_ error: any Error) -> Bool {
    if error is FeedDeadlinePassed { return true }
    guard let error = error as? APIError, case .transport(let code, _) = error else {
      return false
    }
    return [.timedOut, .cannotFindHost, .dnsLookupFailed].contains(code)
  }
}

/// A feed that was not fetched: its host did not answer another feed in time, or its
/// name did not resolve for another feed (that feed's error names the host: the host
/// is reported once, not once for each of its feeds).
struct HostDidNotAnswer: Error, CustomStringConvertible {
  var host: String
  var feedID: String
  var isUnresolved = false
  var description: String {
    isUnresolved
      ? "not fetched: its host's name did not resolve for feed \(feedID) during this refresh"
      : "not fetched: \(host) did not answer feed \(feedID) in time during this refresh"
  }
}

/// One feed's fetch took longer than the refresher's per-feed deadline.
struct FeedDeadlinePassed: Error, CustomStringConvertible {
  var limit: Duration
  var description: String {
    "the fetch took longer than \(Int(limit.seconds)) s (--feed-timeout) and was stopped"
  }
}

/// The whole refresh took longer than its deadline.
struct RefreshDeadlinePassed: Error, CustomStringConvertible {
  var description: String { "the refresh's deadline (--timeout) passed before this feed finished" }
}
