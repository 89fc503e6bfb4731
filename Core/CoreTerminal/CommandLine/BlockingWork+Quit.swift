public import CoreBase

extension BlockingWork {
  /// Settles the app's blocking work when its terminal UI ends: saves that had
  /// committed are finished; saves still waiting (for another process's lock) are
  /// abandoned, never half written, and reported.
  ///
  /// <!-- doc-test: skip a fragment: `runtime` and `work` come from its surroundings -->
  /// ```swift
  /// try await runtime.run()
  /// try await work.settleOnQuit()  // todo: error: quit before … was saved …
  /// ```
  ///
  /// - Throws: ``AppError`` (exit 75) naming the changes that were not made.
  public func settleOnQuit() async throws {
    let notMade = await settle()
    guard !notMade.isEmpty else { return }
    let list = notMade.map(\.terminalSafe).joined(separator: ", ")
    throw AppError(
      "quit before \(notMade.count == 1 ? "this change was" : "these changes were") saved, "
        + "so \(notMade.count == 1 ? "it was" : "they were") not made: \(list)",
      hint: "another process held the lock; make the change again when it is done",
      exitCode: .tempFail)
  }
}
