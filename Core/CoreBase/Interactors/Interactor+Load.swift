extension Interactor {
  /// Loads a value into a ``Loadable`` property of the view model.
  ///
  /// The property goes `.loading` on the same turn, then `.loaded(value)` or
  /// `.failed(error)`. The error stays in the property; it does not go to the error
  /// chain. One load per key path runs at a time: a second call while one runs is
  /// ignored. A cancelled load sets the property back to `.idle`.
  ///
  /// <!-- doc-test: context
  /// import BlueprintTodoFeatures  // the todo sample: TodoStore
  /// import BlueprintTodoModel  // TodoItem
  /// @MainActor @Observable final class Model: ViewModel { var todos: Loadable<[TodoItem]> = .idle }
  /// final class Screen: Interactor<Model> {
  /// let store = TodoStore(directory: URL(fileURLWithPath: "/tmp/todo"))
  /// let work = BlockingWork()
  /// func reload() {
  /// // after the block:
  /// }
  /// }
  /// -->
  /// ```swift
  /// load(\.todos, keepingPreviousValue: true) { [store, work] in
  ///   try await work.read { try store.load().items }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The view model's `Loadable` property.
  ///   - keepingPreviousValue: Keep the current value visible while loading and after
  ///     a failure (`.loading(previous:)`, `.failed(_, previous:)`).
  ///   - operation: Produces the value, on the main actor.
  /// - Returns: The task, or nil when it was not started.
  @discardableResult
  public func load<Value>(
    _ keyPath: ReferenceWritableKeyPath<V, Loadable<Value>>,
    keepingPreviousValue: Bool = false,
    @_implicitSelfCapture _ operation: @escaping @MainActor () async throws -> Value
  ) -> TaskHandle? {
    let key = AnyHashable(keyPath)
    guard !isTornDown, !isKeyBusy(key) else { return nil }
    let model = viewModel
    let previous = keepingPreviousValue ? model[keyPath: keyPath].value : nil
    model[keyPath: keyPath] = .loading(previous: previous)
    return spawn(
      .key(key),
      {
        let value = try await operation()
        try Task.checkCancellation()
        model[keyPath: keyPath] = .loaded(value)
      },
      onFailure: { error in model[keyPath: keyPath] = .failed(error, previous: previous) },
      finally: { outcome in
        if outcome.isCancelled { model[keyPath: keyPath] = .idle }
      }
    )
  }
}
