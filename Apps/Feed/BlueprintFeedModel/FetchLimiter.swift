internal import Foundation

/// Bounds how many fetches run at once, in total and per host; the total follows
/// what the network gives.
///
/// ```swift
/// let limiter = FetchLimiter(total: 24, perHost: 1, ceiling: 48)
/// try await limiter.withPermit(for: url.host ?? "") { try await fetch(url) }
/// ```
///
/// The total starts at `total`. Each fetch that succeeds while others wait adds one
/// permit, up to `ceiling`, as TCP's slow start does: where answers take a round trip,
/// the fetches in flight grow every round trip instead of queueing behind a fixed
/// number; on a fast network the refresh is over before the limit has grown much. A
/// fetch that fails halves the total (never below `total`), so a struggling network
/// or server gets fewer requests at once. The per-host bound never grows: politeness
/// to one server does not depend on how fast the others answer.
///
/// Waiters are served first come, first served among those whose host has room, so a
/// slow host never holds up the others.
///
/// A free permit is taken at once, under a lock, without a hop to another executor:
/// the first fetches of a refresh go out as soon as their tasks run, instead of
/// after every other task has run up to the limiter.
package final class FetchLimiter: @unchecked Sendable {
  /// The most fetches at once to start with, and the least the total falls back to.
  package let total: Int
  /// The most fetches at once to one host.
  package let perHost: Int
  /// The most fetches at once the total may grow to.
  package let ceiling: Int
  /// The most fetches at once now: between ``total`` and ``ceiling``.
  package var limit: Int { lock.withLock { state.limit } }

  private struct State {
    let perHost: Int
    var limit: Int
    var running = 0
    var runningByHost: [String: Int] = [:]
    var waiters: [(host: String, continuation: CheckedContinuation<Void, Never>)] = []

    /// Takes a permit for `host` when the total and the host have room.
    mutating func take(_ host: String) -> Bool {
      guard running < limit, runningByHost[host, default: 0] < perHost else { return false }
      running += 1
      runningByHost[host, default: 0] += 1
      return true
    }
  }

  // Safe: `state` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var state: State

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
    state = State(perHost: self.perHost, limit: start)
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
      release(host, succeeded: true)
      return value
    } catch {
      release(host, succeeded: false)
      throw error
    }
  }

  private func acquire(_ host: String) async {
    if lock.withLock({ state.take(host) }) { return }
    await withCheckedContinuation { continuation in
      // A permit freed since the check above is taken here, so no wake-up is lost.
      let took = lock.withLock {
        if state.take(host) { return true }
        state.waiters.append((host, continuation))
        return false
      }
      if took { continuation.resume() }
    }
  }

  /// Gives back `host`'s permit: a success while others wait adds one to the total
  /// (up to ``ceiling``), a failure halves it (never below ``total``); then waiters
  /// whose host has room take permits, in order, and are resumed outside the lock.
  private func release(_ host: String, succeeded: Bool) {
    let (total, ceiling) = (total, ceiling)
    let ready = lock.withLock {
      if succeeded {
        if !state.waiters.isEmpty { state.limit = min(ceiling, state.limit + 1) }
      } else {
        state.limit = max(total, state.limit / 2)
      }
      state.running -= 1
      state.runningByHost[host, default: 1] -= 1
      if state.runningByHost[host] == 0 { state.runningByHost[host] = nil }
      var ready: [CheckedContinuation<Void, Never>] = []
      var index = 0
      while index < state.waiters.count, state.running < state.limit {
        let waiter = state.waiters[index]
        if state.take(waiter.host) {
          state.waiters.remove(at: index)
          ready.append(waiter.continuation)
        } else {
          index += 1
        }
      }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }
}
