/// The idle handles of one client, so that requests to a host reuse its connections.
final class CurlHandlePool: Sendable {
  private let idle = Locked<[CurlHandle]>([])
  private let capacity: Int

  /// - Parameter capacity: The most idle handles (and so sets of open connections) kept.
  init(capacity: Int = 8) {
    self.capacity = capacity
  }

  /// An idle handle, or a new one; `nil` when libcurl is unavailable.
  func take() -> CurlHandle? {
    idle.withLock { $0.popLast() } ?? CurlHandle()
  }

  /// Takes back a handle whose request ended.
  func give(_ handle: CurlHandle) {
    handle.reset()
    idle.withLock { idle in
      if idle.count < capacity { idle.append(handle) }
    }
  }
}
