/// Bounds how many fetches run at once, in total and per host.
///
/// ```swift
/// let limiter = FetchLimiter(total: 8, perHost: 2)
/// try await limiter.withPermit(for: url.host ?? "") { try await fetch(url) }
/// ```
///
/// Waiters are served first come, first served among those whose host has room, so a
/// slow host never holds up the others.
public actor FetchLimiter {
  /// The most fetches at once.
  public let total: Int
  /// The most fetches at once to one host.
  public let perHost: Int

  private var running = 0
  private var runningByHost: [String: Int] = [:]
  private var waiters: [(host: String, continuation: CheckedContinuation<Void, Never>)] = []

  /// Creates a limiter.
  ///
  /// - Parameters:
  ///   - total: The most fetches at once (at least 1).
  ///   - perHost: The most fetches at once to one host (at least 1).
  public init(total: Int, perHost: Int) {
    self.total = max(1, total)
    self.perHost = max(1, perHost)
  }

  /// Runs `body` once a permit for `host` is free.
  ///
  /// - Parameters:
  ///   - host: The host the work talks to.
  ///   - body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withPermit<T: Sendable>(
    for host: String, _ body: @Sendable () async throws -> T
  ) async rethrows -> T {
    let host = host.lowercased()  // host names are case-insensitive
    await acquire(host)
    defer { release(host) }
    return try await body()
  }

  private func hasRoom(_ host: String) -> Bool {
    running < total && runningByHost[host, default: 0] < perHost
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
    while index < waiters.count, running < total {
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
