/// One client's transfer loop and idle handles.
final class CurlHandlePool: Sendable {
  /// Where the client's requests run.
  let loop: CurlLoop
  private let idle = Locked<[CurlHandle]>([])
  private let capacity: Int

  /// A pool, or `nil` when libcurl is unavailable.
  ///
  /// - Parameter capacity: The most idle handles kept.
  init?(capacity: Int = 8) {
    guard let loop = CurlLoop() else { return nil }
    self.loop = loop
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
