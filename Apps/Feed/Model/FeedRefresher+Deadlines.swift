internal import Core
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
