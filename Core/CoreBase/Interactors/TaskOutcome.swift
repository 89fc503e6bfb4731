/// How a task started by an ``Interactor`` ended.
public enum TaskOutcome: Sendable {
  /// The operation returned normally.
  case completed
  /// The operation threw; the error went to `onFailure` or the error chain.
  case failed(any Error)
  /// The task was cancelled; whatever the operation returned or threw was discarded.
  case cancelled

  /// Whether the operation returned normally.
  public var isCompleted: Bool {
    if case .completed = self { return true }
    return false
  }

  /// Whether the task was cancelled.
  public var isCancelled: Bool {
    if case .cancelled = self { return true }
    return false
  }

  /// The error of a failed task, or nil.
  public var error: (any Error)? {
    if case .failed(let error) = self { return error }
    return nil
  }
}

/// A running task started by an ``Interactor``: cancel it, or await how it ended.
public struct TaskHandle: Sendable {
  let task: Task<TaskOutcome, Never>

  /// Asks the task to stop; cancellation is cooperative (see ``Interactor``).
  public func cancel() { task.cancel() }

  /// Waits for the task to end, after its `onFailure` and `finally` have run.
  public var outcome: TaskOutcome {
    get async { await task.value }
  }
}
