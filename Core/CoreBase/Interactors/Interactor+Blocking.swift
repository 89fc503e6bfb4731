extension Interactor {
  /// Runs blocking work — a store transaction: a lock, a write, `fsync`s — on a
  /// thread of its own under the busy state, then hands its result back on the main
  /// actor.
  ///
  /// The screen stays responsive while the work waits for a lock: keys, resizes and
  /// quitting are handled, and the shell shows busy (the terminal's status line
  /// spinner, SwiftUI's `onBusy`), as for network work. Gated like
  /// ``asyncTask(_:onFailure:finally:)``: while busy, a second call is ignored and
  /// returns `nil`. Errors go to `onFailure`, else to the error chain.
  ///
  /// <!-- doc-test: context
  /// import BlueprintTodoFeatures  // the todo sample: TodoStore
  /// import BlueprintTodoModel  // TodoItem
  /// @MainActor @Observable final class Model: ViewModel { var items: [TodoItem] = [] }
  /// final class Screen: Interactor<Model> {
  /// let store = TodoStore(directory: URL(fileURLWithPath: "/tmp/todo"))
  /// let work = BlockingWork()
  /// func markDone(_ id: Int, now: Int) {
  /// // after the block:
  /// }
  /// }
  /// -->
  /// ```swift
  /// blockingTask("mark \(id) done", on: work) { [store] commit in
  ///   try store.change { document in
  ///     _ = try document.setDone([id], true, now: now)
  ///     try commit()
  ///     return document.items
  ///   }
  /// } then: { items in
  ///   viewModel.items = items
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - label: What the work does, in the user's words; reported by
  ///     ``BlockingWork/settle()`` when the app quits before the work committed.
  ///   - work: The app's ledger of blocking work.
  ///   - body: The blocking work; it calls its commit just before it writes.
  ///   - then: Takes the result on the main actor.
  ///   - onFailure: Handles an error instead of the error chain.
  /// - Returns: The running task, or `nil` when the interactor was busy or torn down.
  @discardableResult
  public func blockingTask<Value: Sendable>(
    _ label: String, on work: BlockingWork,
    _ body: @escaping @Sendable (BlockingWork.Commit) throws -> Value,
    @_implicitSelfCapture then: @escaping @MainActor (Value) -> Void,
    @_implicitSelfCapture onFailure: (@MainActor (any Error) -> Void)? = nil
  ) -> TaskHandle? {
    asyncTask(
      { then(try await work.run(label, body)) },
      onFailure: onFailure)
  }
}
