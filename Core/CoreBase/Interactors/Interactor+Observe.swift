extension Interactor {
  /// Calls `body` on the main actor with each element of `changes` until the
  /// interactor is torn down: how a screen follows a store's commits
  /// (`store.dataChanges(forKey:)`, from any process for ``FileKeyValueStore``).
  ///
  /// The observation is not work the screen waits for: it neither shows busy nor
  /// counts in ``isWorking`` or ``waitForTasks()`` (it lasts until ``teardown()``), so
  /// a test that settles a screen does not wait for it; what `body` starts does count.
  /// `body` runs once per element, in order; elements that arrived while it ran are
  /// each given after it. A body that starts a load keeps one running at a time with
  /// ``LiveReload``.
  ///
  /// <!-- doc-test: context
  /// @MainActor @Observable final class Model: ViewModel {}
  /// final class Screen: Interactor<Model> {
  /// let store = InMemoryKeyValueStore()
  /// func reload() {}
  /// // after the block:
  /// }
  /// -->
  /// ```swift
  /// override func prepare() {
  ///   reload()
  ///   observe(store.dataChanges(forKey: "todos")) { [weak self] _ in self?.reload() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - changes: The stream to follow; it ends with the task.
  ///   - body: Called with each element.
  /// - Returns: A handle to stop following, or `nil` once torn down.
  @discardableResult
  public func observe<Element: Sendable>(
    _ changes: AsyncStream<Element>,
    _ body: @escaping @MainActor (Element) -> Void
  ) -> TaskHandle? {
    guard !isTornDown else { return nil }
    let task = Task { @MainActor () -> TaskOutcome in
      for await element in changes {
        guard !Task.isCancelled else { return .cancelled }
        body(element)
      }
      return Task.isCancelled ? .cancelled : .completed
    }
    observations.append(task)
    return TaskHandle(task: task)
  }
}

/// One reload at a time, and one more after it when a change came while it ran: how
/// a screen that reloads on every commit stays at the latest without queueing a
/// reload per commit (a burst of a thousand commits is a few reloads).
///
/// <!-- doc-test: context
/// @MainActor @Observable final class Model: ViewModel {}
/// final class Screen: Interactor<Model> {
/// let store = InMemoryKeyValueStore()
/// let live = LiveReload()
/// func reload(then done: @escaping @MainActor () -> Void) { done() }
/// func watch() {
/// // after the block:
/// }
/// }
/// -->
/// ```swift
/// let live = LiveReload()
/// observe(store.dataChanges(forKey: "todos")) { [weak self] _ in
///   self?.live.request { done in self?.reload(then: done) }
/// }
/// ```
@MainActor
public final class LiveReload {
  private var isRunning = false
  private var isRequested = false

  /// Creates an idle reloader.
  public init() {}

  /// Whether a reload runs now.
  public var isReloading: Bool { isRunning }

  /// Starts `reload` now, or once the running one calls its `done` (then once for
  /// every request made meanwhile).
  ///
  /// - Parameter reload: Starts a reload and calls `done` when it has finished, failed
  ///   or was not started.
  public func request(
    _ reload: @escaping @MainActor (_ done: @escaping @MainActor () -> Void) -> Void
  ) {
    guard !isRunning else {
      isRequested = true
      return
    }
    isRunning = true
    isRequested = false
    reload { [weak self] in
      guard let self else { return }
      isRunning = false
      if isRequested { request(reload) }
    }
  }
}
