import Core

/// A clock that moves only when a test advances it.
///
/// Sleepers suspend until ``advance(by:)`` moves `now` to or past their deadline.
/// ``waitForSleepers(_:)`` lets a test wait — without real time — until the code
/// under test has started sleeping, and ``sleepDurations`` records every sleep
/// that was requested, so tests can assert exact delays.
///
/// ```swift
/// let clock = ManualClock()
/// let task = Task { try await clock.sleep(for: .seconds(2)) }
/// await clock.waitForSleepers(1)
/// clock.advance(by: .seconds(2))
/// try await task.value
/// ```
public final class ManualClock: Clock, Sendable {
  /// A point on a manual clock: the time advanced since it was created.
  public struct Instant: InstantProtocol, CustomStringConvertible {
    /// Time since the clock was created.
    public var offset: Duration

    /// Creates an instant `offset` after the clock's start.
    public init(offset: Duration) { self.offset = offset }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    public var description: String { "\(offset)" }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct Waiter {
    var count: Int
    var continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
    var cancelledBeforeStart: Set<Int> = []
    var waiters: [Waiter] = []
    var sleepDurations: [Duration] = []
  }

  private let state = Locked(State())

  /// Creates a clock at offset zero.
  public init() {}

  public var now: Instant { state.withLock { $0.now } }
  public var minimumResolution: Duration { .zero }

  /// Every sleep requested so far, as the distance from `now` to its deadline.
  public var sleepDurations: [Duration] { state.withLock { $0.sleepDurations } }

  /// How many tasks are sleeping on this clock right now.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = state.withLock { state -> Int in
      state.nextID += 1
      state.sleepDurations.append(state.now.duration(to: deadline))
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let action = state.withLock { state -> ResumeAction in
          if state.cancelledBeforeStart.remove(id) != nil { return .cancel(continuation) }
          if deadline <= state.now { return .resume(continuation) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return .wake(Self.readyWaiters(&state))
        }
        action.run()
      }
    } onCancel: {
      let action = state.withLock { state -> ResumeAction in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelledBeforeStart.insert(id)
          return .none
        }
        return .cancel(sleeper.continuation)
      }
      action.run()
    }
  }

  /// Moves the clock forward and wakes every sleeper whose deadline has come.
  public func advance(by duration: Duration) {
    let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let ready = state.sleepers.filter { $0.value.deadline <= now }
      for key in ready.keys { state.sleepers.removeValue(forKey: key) }
      return ready.sorted { $0.value.deadline < $1.value.deadline }.map(\.value.continuation)
    }
    for continuation in due { continuation.resume() }
  }

  /// Suspends until at least `count` tasks are sleeping on this clock.
  public func waitForSleepers(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.sleepers.count >= count { return true }
        state.waiters.append(Waiter(count: count, continuation: continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  private static func readyWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
    let count = state.sleepers.count
    let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
    state.waiters.removeAll { $0.count <= count }
    return ready
  }

  private enum ResumeAction {
    case none
    case resume(CheckedContinuation<Void, any Error>)
    case cancel(CheckedContinuation<Void, any Error>)
    case wake([CheckedContinuation<Void, Never>])

    func run() {
      switch self {
      case .none: break
      case .resume(let continuation): continuation.resume()
      case .cancel(let continuation): continuation.resume(throwing: CancellationError())
      case .wake(let waiters): for waiter in waiters { waiter.resume() }
      }
    }
  }
}
