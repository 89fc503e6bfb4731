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
/// The lock is a `flock` on the folder itself, so it needs no lock file in the
/// folder: nothing litters it, there is no file an attacker could replace with a
/// link, and every process that opens the folder — whatever its environment —
/// contends for the same lock. That lock alone guarantees mutual exclusion.
///
/// Fairness comes from a ``LockQueue`` in front of it (on Linux): each writer
/// takes a ticket and waits for the writer before it, so turns go first come,
/// first served and no writer starves while newcomers barge in. Its file is in the
/// folder only while writers wait, and only orders them: the lock never depends on it.
/// A writer that finds nobody queued and the lock free takes it at once and leaves the
/// queue alone. Waiting is blocking — never a poll — on a helper thread, up to the
/// timeout.
package enum FolderLock {
  /// Thrown when the lock stays taken for the whole timeout.
  package struct TimedOut: Error {}

  /// Runs `body` while holding the exclusive lock on the folder at `path`.
  ///
  /// - Parameters:
  ///   - path: The folder.
  ///   - isQueued: Whether writers take turns in the fairness queue (a file in the
  ///     folder while writers wait; see ``LockQueue``).
  ///   - timeout: How long to wait in all.
  ///   - body: What to run under the lock.
  /// - Returns: What `body` returns.
  /// - Throws: ``TimedOut``, ``SystemCallError``, or what `body` throws.
  package static func withExclusiveLock<Result>(
    onFolder path: String, isQueued: Bool = true, timeout: Duration,
    body: () throws -> Result
  ) throws -> Result {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
    // Nobody queued and the lock free: take it at once, without creating the queue's
    // file (a writer that comes meanwhile finds the lock taken and queues).
    if !isQueued || LockQueue.isEmpty(in: descriptor), flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
      defer { close(descriptor) }
      return try body()
    }
    // Wait for the writers queued before this one; leave the queue only after the
    // folder lock is released (the defers run in reverse order).
    var turn: LockQueue.Turn?
    if isQueued {
      do {
        turn = try LockQueue.waitForTurn(on: descriptor, at: path, until: deadline)
      } catch {
        close(descriptor)
        throw error
      }
    }
    defer { turn?.leave() }
    try acquire(descriptor, until: deadline)
    defer { close(descriptor) }
    return try body()
  }

  /// Takes the `flock`; on a timeout or an error the descriptor is closed (by the
  /// helper thread, when it was left waiting).
  private static func acquire(_ descriptor: Int32, until deadline: ContinuousClock.Instant)
    throws
  {
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK else {
        close(descriptor)
        throw SystemCallError(call: "flock", code: code)
      }
      guard ContinuousClock.now < deadline else {
        close(descriptor)
        throw TimedOut()
      }
      let outcome = BlockingCall.run(until: deadline) {
        while flock(descriptor, LOCK_EX) != 0 {
          if errno != EINTR { return errno }
        }
        return 0
      } abandon: {
        close(descriptor)
      }
      switch outcome {
      case .succeeded: return
      case .timedOut: throw TimedOut()
      case .failed(let code):
        close(descriptor)
        throw SystemCallError(call: "flock", code: code)
      }
    }
  }
}
