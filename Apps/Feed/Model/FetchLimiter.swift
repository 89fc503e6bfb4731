/// Bounds how many fetches run at once, in total and per host; the total follows
/// what the network gives.
///
/// ```swift
/// let limiter = FetchLimiter(total: 8, perHost: 2, ceiling: 48)
/// try await limiter.withPermit(for: url.host ?? "") { try await fetch(url) }
/// ```
///
/// The total starts at `total`. Each fetch that succeeds while others wait adds one
/// permit, up to `ceiling`, as TCP's slow start does: where answers take a round trip,
/// the fetches in flight double every round trip instead of queueing behind a fixed
/// eight; on a fast network the refresh is over before the limit has grown much. A
/// fetch that fails halves the total (never below `total`), so a struggling network
/// or server gets fewer requests at once. The per-host bound never grows: politeness
/// to one server does not depend on how fast the others answer.
///
/// Waiters are served first come, first served among those whose host has room, so a
/// slow host never holds up the others.
package actor FetchLimiter {
  /// The most fetches at once to start with, and the least the total falls back to.
  package let total: Int
  /// The most fetches at once to one host.
  package let perHost: Int
  /// The most fetches at once the total may grow to.
  package let ceiling: Int
  /// The most fetches at once now: between ``total`` and ``ceiling``.
  package private(set) var limit: Int

  private var running = 0
  private var runningByHost: [String: Int] = [:]
  private var waiters: [(host: String, continuation: CheckedContinuation<Void, Never>)] = []

  /// Creates a limiter.
  ///
  /// - Parameters:
  ///   - total: The most fetches at once to start with (at least 1).
  ///   - perHost: The most fetches at once to one host (at least 1).
  ///   - ceiling: The most the total may grow to; `nil` (or less than `total`) keeps
  ///     the total fixed.
  package init(total: Int, perHost: Int, ceiling: Int? = nil) {
    let start = max(1, total)
    self.total = start
    self.perHost = max(1, perHost)
    self.ceiling = max(start, ceiling ?? start)
    limit = start
  }

  /// Runs `body` once a permit for `host` is free.
  ///
  /// - Parameters:
  ///   - host: The host the work talks to.
  ///   - body: The work; throwing counts as a failed fetch.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package func withPermit<T: Sendable>(
    for host: String, _ body: @Sendable () async throws -> T
  ) async rethrows -> T {
    let host = host.lowercased()  // host names are case-insensitive
    await acquire(host)
    do {
      let value = try await body()
      if !waiters.isEmpty { limit = min(ceiling, limit + 1) }
      release(host)
      return value
    } catch {
      limit = max(total, limit / 2)
      release(host)
      throw error
    }
  }

  private func hasRoom(_ host: String) -> Bool {
    running < limit && runningByHost[host, default: 0] < perHost
  }

  private func acquire(_ host: String) async {
    if hasRoom(host) {
      take(host)
      return
    }
    await withCheckedContinuation { waiters.append((host, $0)) }
  }

  private func take(_ host: String) {
    running += 1
    runningByHost[host, default: 0] += 1
  }

  private func release(_ host: String) {
    running -= 1
    runningByHost[host, default: 1] -= 1
    if runningByHost[host] == 0 { runningByHost[host] = nil }
    var index = 0
    while index < waiters.count, running < limit {
      let waiter = waiters[index]
      if hasRoom(waiter.host) {
        waiters.remove(at: index)
        take(waiter.host)
        waiter.continuation.resume()
      } else {
        index += 1
      }
    }
  }
}
