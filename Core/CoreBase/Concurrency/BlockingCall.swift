import Dispatch
import Foundation

/// Runs a blocking system call (a lock request) on a thread of its own and waits
/// for it at most until a deadline — the synchronous sibling of ``offThePool``, for
/// a store already running off the pool.
///
/// A waiter that gives up leaves the call running: when it returns, the helper
/// runs `abandon` (which closes the descriptor and so drops whatever it got), so
/// nothing is ever held on behalf of a caller that left.
enum BlockingCall {
  /// How the wait ended.
  enum Outcome: Equatable {
    /// The call succeeded in time.
    case succeeded
    /// The call failed with this `errno`.
    case failed(Int32)
    /// The deadline passed; `abandon` will run when the call returns.
    case timedOut
  }

  /// Runs `call` (returning 0 or an `errno`) and waits until `deadline`.
  static func run(
    until deadline: ContinuousClock.Instant,
    _ call: @escaping @Sendable () -> Int32,
    abandon: @escaping @Sendable () -> Void
  ) -> Outcome {
    let waiter = Waiter(abandon: abandon)
    startBlockingThread { waiter.finish(with: call()) }
    let remaining = ContinuousClock.now.duration(to: deadline)
    _ = waiter.done.wait(timeout: .now() + dispatchInterval(max(remaining, .zero)))
    return waiter.leave()
  }

  private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    let limit = Int64(Int32.max)
    guard seconds < limit else { return .seconds(Int(limit)) }
    return .nanoseconds(Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
  }

  /// The state both threads share.
  private final class Waiter: Sendable {
    enum State: Equatable {
      case waiting
      case returned(Int32)
      case abandoned
    }

    let state = Locked(State.waiting)
    let done = DispatchSemaphore(value: 0)
    let abandon: @Sendable () -> Void

    init(abandon: @escaping @Sendable () -> Void) { self.abandon = abandon }

    /// On the helper thread, when the call returned.
    func finish(with result: Int32) {
      let wasAbandoned = state.withLock { state in
        if state == .abandoned { return true }
        state = .returned(result)
        return false
      }
      if wasAbandoned { abandon() }
      done.signal()
    }

    /// On the caller's thread, after waiting.
    func leave() -> Outcome {
      state.withLock { state in
        switch state {
        case .waiting:
          state = .abandoned
          return .timedOut
        case .returned(0):
          return .succeeded
        case .returned(let code):
          return .failed(code)
        case .abandoned:
          return .timedOut
        }
      }
    }
  }
}
