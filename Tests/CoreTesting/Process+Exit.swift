public import Foundation

extension Process {
  /// Starts the process and waits for it to exit without blocking a thread.
  ///
  /// `waitUntilExit()` holds one of swift-testing's few threads for as long as the
  /// process runs; on a 2-core machine two such tests starve every other test of
  /// threads, and their time limits run out. Await this instead.
  ///
  /// <!-- doc-test: context
  /// let process = Process()
  /// -->
  /// ```swift
  /// let status = try await process.runToExit()
  /// ```
  ///
  /// - Returns: The exit status (or the signal number when a signal ended it).
  /// - Throws: When the process cannot be started.
  public func runToExit() async throws -> Int32 {
    try await withCheckedThrowingContinuation { continuation in
      terminationHandler = { process in continuation.resume(returning: process.terminationStatus) }
      do {
        try run()
      } catch {
        terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
  }

  /// Starts all `processes` at once and waits, without blocking threads, until
  /// every one has exited.
  ///
  /// - Parameter processes: Configured, not yet started processes.
  /// - Returns: Their exit statuses, in the same order.
  /// - Throws: When a process cannot be started.
  public static func runAllToExit(_ processes: [Process]) async throws -> [Int32] {
    try await withThrowingTaskGroup(of: (Int, Int32).self) { group in
      for (index, process) in processes.enumerated() {
        group.addTask { (index, try await process.runToExit()) }
      }
      var statuses = Array(repeating: Int32(-1), count: processes.count)
      for try await (index, status) in group { statuses[index] = status }
      return statuses
    }
  }
}
