import Foundation

/// Blocking work — a store transaction that may wait seconds for a lock, then
/// `fsync`s — run on a thread of its own (``offThePool(isolation:_:)``), so the main
/// actor (and the screen drawn on it) never waits for the disk, and settled when the
/// app quits.
///
/// An app makes one `BlockingWork` and gives it to the interactors that save; each
/// save runs through ``run(_:isolation:_:)``, usually by way of the interactor's
/// ``Interactor/blockingTask(_:on:_:then:onFailure:)``, which also shows it as busy.
/// A save calls its ``Commit`` under the store's lock, just before it writes: that
/// is its point of no return.
///
/// When the app quits, ``settle()`` decides what becomes of saves still running: one
/// that has not committed (it still waits for the lock) is abandoned — it will
/// never write — and its label is returned, so the app can say the change was not
/// made; one that has committed is waited for. Nothing is half written, and nothing
/// is lost without a word.
///
/// <!-- doc-test: context
/// import BlueprintTodoFeatures  // the todo sample: TodoStore
/// @MainActor @Observable final class Model: ViewModel { var status = "" }
/// final class Screen: Interactor<Model> {
/// let store = TodoStore(directory: URL(fileURLWithPath: "/tmp/todo"))
/// func markDone() async {
/// let now = 0
/// // after the block:
/// }
/// }
/// -->
/// ```swift
/// let work = BlockingWork()
/// // in an interactor
/// blockingTask("mark 3 done", on: work) { [store] commit in
///   try store.change { document in
///     _ = try document.setDone([3], true, now: now)
///     try commit()  // throws when the app quit while this waited
///   }
/// } then: { viewModel.status = "done 3" }
/// // after the UI ends
/// let notMade = await work.settle()  // e.g. ["mark 3 done"]
/// ```
public final class BlockingWork: Sendable {
  /// Thrown by a ``Commit`` (and by ``run(_:isolation:_:)``) once the work was abandoned by
  /// ``settle()``: the work must not write.
  public struct Abandoned: Error, CustomStringConvertible {
    /// The work's label.
    public var label: String
    public var description: String { "'\(label)' was abandoned before it was saved" }
  }

  /// The point of no return of one piece of work: call it under the store's lock,
  /// after everything that may fail and before the write.
  public struct Commit: Sendable {
    let job: Job

    /// Marks the work as writing from now on.
    ///
    /// - Throws: ``Abandoned`` when the app settled (quit) while the work waited;
    ///   the work must then throw it on, so nothing is written.
    public func callAsFunction() throws {
      try job.commit()
    }
  }

  private struct State {
    var jobs: [UInt64: Job] = [:]
    var nextID: UInt64 = 0
    var isSettled = false
  }

  private let state = Locked(State())
  /// Whether work runs on the calling task instead of a thread of its own.
  private let isInline: Bool

  /// Creates an empty ledger of work.
  public init() { isInline = false }

  /// A ledger whose work runs on the calling task — on the main actor, for an
  /// interactor — as before it had one: for tests that drive screens turn by turn
  /// and must see a save done after draining the main actor (yours, too: the copied
  /// todo tests use it). Never for an app.
  public static func inline() -> BlockingWork { BlockingWork(isInline: true) }

  private init(isInline: Bool) { self.isInline = isInline }

  /// The labels of the work still running, oldest first.
  public var runningLabels: [String] {
    state.withLock { state in state.jobs.sorted { $0.key < $1.key }.map(\.value.label) }
  }

  /// Runs `body` on a thread of its own and returns what it returns.
  ///
  /// The calling task waits without holding a thread of the cooperative pool or the
  /// main actor: a lock wait of seconds starves nothing. Cancelling the calling task
  /// does not stop the work (a save that was asked for is made); only ``settle()``
  /// abandons it.
  ///
  /// - Parameters:
  ///   - label: What the work does, in the user's words (`mark 3 done`); what
  ///     ``settle()`` returns when the work is abandoned.
  ///   - isolation: The caller's actor, where the result is delivered.
  ///   - body: The blocking work; it calls its ``Commit`` just before it writes.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; ``Abandoned`` when the ledger was settled already.
  public func run<Value: Sendable>(
    _ label: String, isolation: isolated (any Actor)? = #isolation,
    _ body: @escaping @Sendable (Commit) throws -> Value
  ) async throws -> Value {
    let job = Job(label: label)
    let id = try state.withLock { state throws(Abandoned) -> UInt64 in
      guard !state.isSettled else { throw Abandoned(label: label) }
      state.nextID += 1
      state.jobs[state.nextID] = job
      return state.nextID
    }
    return try await onThread(isolation: isolation) {
      defer {
        job.finish()
        self.state.withLock { state in state.jobs[id] = nil }
      }
      return try body(Commit(job: job))
    }
  }

  /// Runs `body`, blocking work that writes nothing (a read), on a thread of its
  /// own and returns what it returns; ``settle()`` neither reports nor waits for it.
  ///
  /// - Parameters:
  ///   - isolation: The caller's actor, where the result is delivered.
  ///   - body: The blocking read.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func read<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await onThread(isolation: isolation, body)
  }

  /// Runs `body` off the pool (``offThePool(isolation:_:)``), or at once, on the
  /// caller's actor, when the ledger is inline.
  private func onThread<Value: Sendable>(
    isolation: isolated (any Actor)?, _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    if isInline { return try body() }
    return try await offThePool(isolation: isolation, body)
  }

  /// Ends the ledger, as an app does when it quits: work that has not committed is
  /// abandoned (it will never write), work that has is waited for, and no new work
  /// starts.
  ///
  /// - Returns: The labels of the abandoned work, oldest first — the changes that
  ///   were not made.
  public func settle() async -> [String] {
    let jobs = state.withLock { state in
      state.isSettled = true
      return state.jobs.sorted { $0.key < $1.key }.map(\.value)
    }
    var abandoned: [String] = []
    for job in jobs {
      if job.abandon() {
        abandoned.append(job.label)
      } else {
        await job.finished()
      }
    }
    return abandoned
  }
}

extension BlockingWork {
  /// One piece of work: whether it committed, was abandoned or finished, and who
  /// waits for its end.
  final class Job: Sendable {
    enum Phase {
      case running
      case committed
      case abandoned
      case finished
    }

    struct State {
      var phase = Phase.running
      var waiters: [CheckedContinuation<Void, Never>] = []
    }

    let label: String
    private let state = Locked(State())

    init(label: String) { self.label = label }

    /// On the work's thread: from now on the work writes.
    func commit() throws(Abandoned) {
      let isAbandoned = state.withLock { state in
        if state.phase == .running { state.phase = .committed }
        return state.phase == .abandoned
      }
      if isAbandoned { throw Abandoned(label: label) }
    }

    /// Abandons the work unless it committed or finished; true when it was abandoned.
    func abandon() -> Bool {
      state.withLock { state in
        guard state.phase == .running else { return state.phase == .abandoned }
        state.phase = .abandoned
        return true
      }
    }

    /// On the work's thread, when the body returned.
    func finish() {
      let waiters = state.withLock { state in
        if state.phase != .abandoned { state.phase = .finished }
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter.resume() }
    }

    /// Returns when the body has returned.
    func finished() async {
      await withCheckedContinuation { continuation in
        let isDone = state.withLock { state in
          if state.phase == .finished { return true }
          state.waiters.append(continuation)
          return false
        }
        if isDone { continuation.resume() }
      }
    }
  }
}
