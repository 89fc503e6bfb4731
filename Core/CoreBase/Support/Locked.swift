#if canImport(Darwin)
  import Foundation
#else
  import Synchronization
#endif

/// A value guarded by a lock, shareable across tasks and threads.
///
/// On Linux this wraps the toolchain's `Mutex`; on Apple platforms, where `Mutex`
/// needs macOS 15 / iOS 18 and the kit supports older systems, it uses `NSLock`.
///
/// <!-- doc-test: skip `Locked` is package-level: the kit's modules use it, an app does not -->
/// ```swift
/// let counter = Locked(0)
/// counter.withLock { $0 += 1 }
/// ```
package final class Locked<State: Sendable>: Sendable {
  #if canImport(Darwin)
    // Safe: `state` is only touched while `lock` is held.
    private let lock = NSLock()
    nonisolated(unsafe) private var state: State

    /// Creates a lock around `initial`.
    package init(_ initial: State) { state = initial }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
      lock.lock()
      defer { lock.unlock() }
      return try body(&state)
    }
  #else
    private let mutex: Mutex<State>

    /// Creates a lock around `initial`.
    package init(_ initial: State) { mutex = Mutex(initial) }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
      try mutex.withLock { state in try body(&state) }
    }
  #endif
}
