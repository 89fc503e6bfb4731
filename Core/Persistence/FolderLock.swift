import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive, fair, cross-process lock on a folder, with a timeout.
///
/// The lock is a `flock` on the folder itself, so it needs no lock file: nothing
/// litters the folder, there is no file an attacker could replace with a link, and
/// every process that opens the folder — whatever its environment — contends for
/// the same lock.
///
/// Waiting is a *blocking* `flock` on a helper thread, not a poll: the kernel hands
/// the lock to a waiter as soon as it is released, so no writer starves while
/// others take turns. The caller waits for that thread up to the timeout; a
/// waiter that gives up leaves the helper to release the lock the moment it gets
/// it. The lock goes away when the descriptor is closed, also when the process dies.
enum FolderLock {
  /// Thrown when the lock stays taken for the whole timeout.
  struct TimedOut: Error {}

  /// Runs `body` while holding the exclusive lock on the folder at `path`.
  ///
  /// - Throws: ``TimedOut``, ``SystemCallError``, or what `body` throws.
  static func withExclusiveLock<Result>(
    onFolder path: String, timeout: Duration, body: () throws -> Result
  ) throws -> Result {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
    guard try acquire(descriptor, timeout: timeout) else { throw TimedOut() }
    defer { close(descriptor) }
    return try body()
  }

  /// Takes the lock on `descriptor`. Returns false on a timeout, and then the
  /// descriptor belongs to the waiting thread, which closes it.
  private static func acquire(_ descriptor: Int32, timeout: Duration) throws -> Bool {
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK else {
        close(descriptor)
        throw SystemCallError(call: "flock", code: code)
      }
      guard timeout > .zero else {
        close(descriptor)
        return false
      }
      return try wait(descriptor, timeout: timeout)
    }
    return true
  }

  private static func wait(_ descriptor: Int32, timeout: Duration) throws -> Bool {
    let waiter = Waiter(descriptor: descriptor)
    Thread.detachNewThread { waiter.block() }
    _ = waiter.done.wait(timeout: .now() + dispatchInterval(timeout))
    switch waiter.finish() {
    case .acquired:
      return true
    case .failed(let code):
      close(descriptor)
      throw SystemCallError(call: "flock", code: code)
    case .waiting, .abandoned:
      return false
    }
  }

  private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    let limit = Int64(Int32.max)
    guard seconds < limit else { return .seconds(Int(limit)) }
    return .nanoseconds(Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
  }

  /// The helper thread's side of a wait.
  private final class Waiter: Sendable {
    enum State: Equatable, Sendable {
      case waiting
      case acquired
      case failed(Int32)
      case abandoned
    }

    let descriptor: Int32
    let state = Locked(State.waiting)
    let done = DispatchSemaphore(value: 0)

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// On the helper thread: blocks until the lock is granted (or fails).
    func block() {
      var result = flock(descriptor, LOCK_EX)
      while result != 0 && errno == EINTR { result = flock(descriptor, LOCK_EX) }
      let outcome: State = result == 0 ? .acquired : .failed(errno)
      let wasAbandoned = state.withLock { state in
        if state == .abandoned { return true }
        state = outcome
        return false
      }
      // The caller gave up: release the lock (closing drops it) and forget it.
      if wasAbandoned { close(descriptor) }
      done.signal()
    }

    /// On the caller's thread, after the wait: the outcome, or `.waiting` when the
    /// caller gives up (the helper then owns the descriptor).
    func finish() -> State {
      state.withLock { state in
        if state == .waiting {
          state = .abandoned
          return .waiting
        }
        return state
      }
    }
  }
}
