import Foundation

/// Runs blocking work on a thread of its own and returns what it returns: the one
/// way Blueprint leaves Swift's cooperative thread pool.
///
/// The pool has one thread per core (two, on a small machine), and every task in
/// the process shares them: a thread that waits for a lock, a child process or
/// `fsync` is a thread no other task can use. `offThePool` starts a new thread for
/// `body`; the calling task waits without holding a thread of the pool or its
/// actor, and resumes on that actor when `body` is done. Cancelling the calling
/// task does not stop `body` (a blocking call cannot be interrupted); it runs to its
/// end and its result is delivered.
///
/// <!-- doc-test: context
/// let process = Process()
/// -->
/// ```swift
/// // a test that runs a child process
/// let status = try await offThePool { () throws -> Int32 in
///   try process.run()
///   process.waitUntilExit()
///   return process.terminationStatus
/// }
/// ```
///
/// Stores use it by way of ``BlockingWork`` (which adds a ledger an app settles
/// when it quits) and ``Interactor/blockingTask(_:on:_:then:onFailure:)``.
///
/// - Parameters:
///   - isolation: The caller's actor, where the result is delivered.
///   - body: The blocking work.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func offThePool<Value: Sendable>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
    startBlockingThread { continuation.resume(with: Result { try body() }) }
  }
}

/// Starts `body` on a new thread: the one place Core makes a thread for blocking
/// work (``offThePool(isolation:_:)`` and a lock request's deadline wait use it).
func startBlockingThread(_ body: @escaping @Sendable () -> Void) {
  Thread.detachNewThread(body)
}
