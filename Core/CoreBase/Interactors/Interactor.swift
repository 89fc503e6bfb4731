/// The logic of one screen: owns its async work, errors, busy state and navigation.
///
/// Subclass it per screen. The view model stays passive; the interactor changes it.
/// A ``ScreenBinding`` connects an interactor to a shell: on the first appearance it
/// runs the binding's `setup` and then ``prepare()``, once.
///
/// <!-- doc-test: context
/// import BlueprintTodoFeatures  // the todo sample: TodoStore
/// import BlueprintTodoModel  // TodoItem
/// -->
/// ```swift
/// @MainActor @Observable
/// final class TodoListModel: ViewModel {
///   var todos: Loadable<[TodoItem]> = .idle
/// }
///
/// final class TodoListInteractor: Interactor<TodoListModel> {
///   let store: TodoStore
///   let work = BlockingWork()
///
///   init(store: TodoStore) {
///     self.store = store
///     super.init(viewModel: TodoListModel())
///   }
///
///   override func prepare() { reload() }
///
///   func reload() {
///     load(\.todos) { [store, work] in try await work.read { try store.load().items } }
///   }
///
///   func delete(_ id: Int) {
///     blockingTask("delete \(id)", on: work) { [store] commit in
///       try store.change { document in
///         _ = try document.remove([id])
///         try commit()
///       }
///     } then: { self.reload() }
///   }
/// }
/// ```
///
/// ## Tasks
///
/// Every task an interactor starts is tracked: ``cancelTasks()`` and ``teardown()``
/// cancel them all, and a torn-down interactor starts no new ones. Cancellation is
/// cooperative — the operation keeps running until it reaches a suspension point that
/// checks for cancellation (`Task.checkCancellation()`, a cancellable sleep, a
/// `URLSession` call). Whatever it returns or throws after it was cancelled is
/// discarded: the task reports ``TaskOutcome/cancelled`` and no error is surfaced.
///
/// The closures given to ``asyncTask(_:onFailure:finally:)``, ``load(_:keepingPreviousValue:_:)``
/// and ``observe(_:_:perform:)`` capture `self` implicitly, as `Task { }` does: write
/// `load(\.feed) { try await repository.fetchPosts() }`. The interactor then lives until
/// its tasks end; ``teardown()`` cancels them.
///
/// ## Errors and busy state
///
/// An error from a task without `onFailure`, or passed to ``report(_:)``, goes first to
/// the binding's `onError`, then to the ``AmbientHandlers/onError`` of the subtree; when
/// neither returns true it is dropped and counted in ``droppedErrorCount``. Changes of
/// ``isBusy`` go to the binding's `onBusy` when it has one, else to the ambient one.
@MainActor
open class Interactor<V: ViewModel> {
  /// The screen's state, which this interactor changes.
  public let viewModel: V
  /// The clock that times exposure observations; `ContinuousClock` unless injected.
  public let clock: any Clock<Duration>

  /// Whether a task started with ``asyncTask(_:onFailure:finally:)`` is running.
  ///
  /// Set on the same turn as the call, before the task starts.
  public private(set) var isBusy = false
  /// How many errors reached the end of the error chain unhandled.
  public private(set) var droppedErrorCount = 0
  /// Whether ``prepare()`` has run.
  public private(set) var isPrepared = false
  /// Whether ``teardown()`` has run; a torn-down interactor starts no tasks.
  public private(set) var isTornDown = false

  var errorHandler: (@MainActor (any Error) -> Bool)?
  var busyHandler: (@MainActor (Bool) -> Void)?
  /// The binding that presents this screen's navigation intents. The binding holds the
  /// interactor too; ``teardown()`` breaks that cycle.
  var navigationPresenter: (any NavigationPresenter)?
  var ambient = AmbientHandlers()

  private var tasks: [UInt64: Task<TaskOutcome, Never>] = [:]
  /// The observations (``observe(_:_:)``): they last as long as the interactor, so
  /// neither ``waitForTasks()`` nor ``isWorking`` counts them; teardown ends them.
  var observations: [Task<TaskOutcome, Never>] = []
  private var runningTimers = 0
  private var nextTaskID: UInt64 = 0
  private var busyKeys: Set<AnyHashable> = []
  private var tokenListeners: [(token: NavigationToken, id: Int)] = []

  /// Creates an interactor for a view model.
  ///
  /// - Parameters:
  ///   - viewModel: The screen's state.
  ///   - clock: Times ``NavigationEvent/minimumExposure(_:)-enum.case``; tests pass a manual clock.
  public init(viewModel: V, clock: any Clock<Duration> = ContinuousClock()) {
    self.viewModel = viewModel
    self.clock = clock
  }

  deinit {
    for task in tasks.values { task.cancel() }
    for task in observations { task.cancel() }
  }

  /// Runs once, on the screen's first appearance, after the binding's `setup`.
  ///
  /// Override it to start loading. The default does nothing.
  open func prepare() {}

  /// How many tracked tasks are still running.
  public var runningTaskCount: Int { tasks.count }

  /// Whether a tracked task other than a timer is running: work whose result the
  /// screen will show. A ``NavigationEvent/minimumExposure(_:)-enum.case`` timer, which waits on
  /// ``clock`` for as long as its destination is shown, is not work.
  public var isWorking: Bool { tasks.count > runningTimers }

  /// Whether a task gated by `key` is running.
  ///
  /// - Parameter key: A key passed to ``asyncTask(gateKey:_:onFailure:finally:)``.
  /// - Returns: True while a task holds that key.
  public func isRunning(gateKey key: some Hashable & Sendable) -> Bool {
    isKeyBusy(AnyHashable(key))
  }

  func isKeyBusy(_ key: AnyHashable) -> Bool { busyKeys.contains(key) }

  // MARK: - Lifecycle

  /// Runs `setup`, then ``prepare()``, unless they have run before.
  func prepareIfNeeded(setup: () -> Void) {
    guard !isPrepared, !isTornDown else { return }
    isPrepared = true
    setup()
    prepare()
  }

  /// Cancels every running task; each reports ``TaskOutcome/cancelled`` when it ends.
  public func cancelTasks() {
    for task in tasks.values { task.cancel() }
  }

  /// Ends the interactor: cancels its tasks and observations; it starts no new tasks.
  ///
  /// Shells call it when the screen is gone for good (``ScreenBinding/teardown()``).
  public func teardown() {
    guard !isTornDown else { return }
    isTornDown = true
    // A screen that is gone presents nothing (its intents stay in the view model), and
    // dropping the binding breaks the cycle through it.
    navigationPresenter = nil
    for (token, id) in tokenListeners { token.removeListener(id) }
    tokenListeners = []
    cancelTasks()
    for task in observations { task.cancel() }
    observations = []
  }

  /// Waits until every tracked task has ended, including tasks started meanwhile.
  ///
  /// Tests call it instead of sleeping: after it returns, every `onFailure` and
  /// `finally` has run and the view model holds the tasks' results.
  public func waitForTasks() async {
    while let task = tasks.min(by: { $0.key < $1.key })?.value {
      _ = await task.value
    }
  }

  // MARK: - Tasks

  /// Starts async work gated by ``isBusy``: while one such task runs, calls are ignored.
  ///
  /// - Parameters:
  ///   - operation: The work, on the main actor; `await` inside it leaves the actor.
  ///   - onFailure: Handles an error the operation throws; without it the error goes
  ///     to the error chain. Call ``report(_:)`` from it to do both.
  ///   - finally: Runs last, with how the task ended.
  /// - Returns: The task, or nil when it was not started (busy, or torn down).
  @discardableResult
  public func asyncTask(
    @_implicitSelfCapture _ operation: @escaping @MainActor () async throws -> Void,
    @_implicitSelfCapture onFailure: (@MainActor (any Error) -> Void)? = nil,
    @_implicitSelfCapture finally: (@MainActor (TaskOutcome) -> Void)? = nil
  ) -> TaskHandle? {
    spawn(.busy, operation, onFailure: onFailure, finally: finally)
  }

  /// Starts async work gated by a shared ``TaskGate`` instead of ``isBusy``.
  ///
  /// - Parameters:
  ///   - gate: The gate; while a task runs through it, calls are ignored.
  ///   - operation: The work, on the main actor.
  ///   - onFailure: Handles an error; without it the error goes to the error chain.
  ///   - finally: Runs last, with how the task ended.
  /// - Returns: The task, or nil when it was not started.
  @discardableResult
  public func asyncTask(
    gate: TaskGate,
    @_implicitSelfCapture _ operation: @escaping @MainActor () async throws -> Void,
    @_implicitSelfCapture onFailure: (@MainActor (any Error) -> Void)? = nil,
    @_implicitSelfCapture finally: (@MainActor (TaskOutcome) -> Void)? = nil
  ) -> TaskHandle? {
    spawn(.gate(gate), operation, onFailure: onFailure, finally: finally)
  }

  /// Starts async work gated by a key instead of ``isBusy``: one task per key at a time.
  ///
  /// - Parameters:
  ///   - gateKey: The key, e.g. the id of the row being saved.
  ///   - operation: The work, on the main actor.
  ///   - onFailure: Handles an error; without it the error goes to the error chain.
  ///   - finally: Runs last, with how the task ended.
  /// - Returns: The task, or nil when it was not started.
  @discardableResult
  public func asyncTask(
    gateKey: some Hashable & Sendable,
    @_implicitSelfCapture _ operation: @escaping @MainActor () async throws -> Void,
    @_implicitSelfCapture onFailure: (@MainActor (any Error) -> Void)? = nil,
    @_implicitSelfCapture finally: (@MainActor (TaskOutcome) -> Void)? = nil
  ) -> TaskHandle? {
    spawn(.key(AnyHashable(gateKey)), operation, onFailure: onFailure, finally: finally)
  }

  /// Runs synchronous throwing work, routing its error like a task's.
  ///
  /// - Parameters:
  ///   - body: The work.
  ///   - onFailure: Handles an error; without it the error goes to the error chain.
  /// - Returns: What `body` returned, or nil when it threw.
  @discardableResult
  public func performThrowable<T>(
    _ body: () throws -> T,
    onFailure: ((any Error) -> Void)? = nil
  ) -> T? {
    do {
      return try body()
    } catch {
      if let onFailure { onFailure(error) } else { report(error) }
      return nil
    }
  }

  // MARK: - Error chain

  /// Sends an error down the chain: the binding's handler, then the ambient one.
  ///
  /// A `CancellationError` is ignored. An error no handler takes is counted in
  /// ``droppedErrorCount``.
  ///
  /// - Parameter error: The error to surface.
  public func report(_ error: any Error) {
    if error is CancellationError { return }
    if errorHandler?(error) == true { return }
    if ambient.onError?(error) == true { return }
    droppedErrorCount += 1
  }

  // MARK: - Plumbing

  enum Gating {
    case busy
    case gate(TaskGate)
    case key(AnyHashable)
    /// Ungated, and not work: it waits on the clock (see ``isWorking``).
    case timer
  }

  func spawn(
    _ gating: Gating,
    _ operation: @escaping @MainActor () async throws -> Void,
    onFailure: (@MainActor (any Error) -> Void)?,
    finally: (@MainActor (TaskOutcome) -> Void)?
  ) -> TaskHandle? {
    guard !isTornDown, enter(gating) else { return nil }
    nextTaskID += 1
    let id = nextTaskID
    let task = Task { [weak self] () -> TaskOutcome in
      let outcome: TaskOutcome
      do {
        try await operation()
        outcome = Task.isCancelled ? .cancelled : .completed
      } catch {
        outcome = Task.isCancelled || error is CancellationError ? .cancelled : .failed(error)
      }
      if let self {
        self.leave(gating, task: id)
      } else if case .gate(let gate) = gating {
        gate.leave()
      }
      if case .failed(let error) = outcome {
        if let onFailure { onFailure(error) } else { self?.report(error) }
      }
      finally?(outcome)
      return outcome
    }
    tasks[id] = task
    return TaskHandle(task: task)
  }

  func addTokenListener(
    _ token: NavigationToken,
    _ listener: @escaping @MainActor (NavigationToken.Signal) -> Void
  ) {
    tokenListeners.append((token, token.addListener(listener)))
  }

  private func enter(_ gating: Gating) -> Bool {
    switch gating {
    case .busy:
      guard !isBusy else { return false }
      setBusy(true)
      return true
    case .gate(let gate):
      return gate.enter()
    case .key(let key):
      return busyKeys.insert(key).inserted
    case .timer:
      runningTimers += 1
      return true
    }
  }

  private func leave(_ gating: Gating, task id: UInt64) {
    tasks[id] = nil
    switch gating {
    case .busy: setBusy(false)
    case .gate(let gate): gate.leave()
    case .key(let key): busyKeys.remove(key)
    case .timer: runningTimers -= 1
    }
  }

  private func setBusy(_ busy: Bool) {
    isBusy = busy
    if let busyHandler {
      busyHandler(busy)
    } else {
      ambient.onBusy?(busy)
    }
  }
}
