import Core
import CoreTesting
import Observation
import Testing

@Suite("Interactor tasks", .timeLimit(.minutes(10)))
@MainActor
struct InteractorTests {
  let clock = ManualClock()
  let log = EventLog()

  // MARK: - Gating

  @Test("the busy flag is set on the same turn and a second call is ignored")
  func busyGatingSameTurn() async {
    let interactor = ItemsInteractor(log: log)
    let first = interactor.asyncTask { [clock, log] in
      try await clock.sleep(for: .seconds(1))
      log.append("first")
    }
    #expect(first != nil)
    #expect(interactor.isBusy)
    let second = interactor.asyncTask { [log] in log.append("second") }
    #expect(second == nil)
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await interactor.waitForTasks()
    #expect(!interactor.isBusy)
    #expect(log.entries == ["first"])
    #expect(interactor.asyncTask {} != nil)
    await interactor.waitForTasks()
  }

  @Test("tasks with different gate keys run side by side; the same key is ignored")
  func gateKeys() async {
    let interactor = ItemsInteractor(log: log)
    let sleep: @MainActor () async throws -> Void = { [clock] in
      try await clock.sleep(for: .seconds(1))
    }
    #expect(interactor.asyncTask(gateKey: 1, sleep) != nil)
    #expect(interactor.isRunning(gateKey: 1))
    #expect(interactor.asyncTask(gateKey: 1, sleep) == nil)
    #expect(interactor.asyncTask(gateKey: 2, sleep) != nil)
    #expect(interactor.asyncTask(gateKey: "1", sleep) != nil)
    #expect(!interactor.isBusy)
    #expect(interactor.runningTaskCount == 3)
    await clock.waitForSleepers(3)
    clock.advance(by: .seconds(1))
    await interactor.waitForTasks()
    #expect(!interactor.isRunning(gateKey: 1))
    #expect(interactor.runningTaskCount == 0)
  }

  @Test("a shared TaskGate gates tasks across interactors")
  func sharedGate() async {
    let gate = TaskGate()
    let first = ItemsInteractor(log: log)
    let second = ItemsInteractor(log: log)
    first.asyncTask(gate: gate) { [clock] in try await clock.sleep(for: .seconds(1)) }
    #expect(gate.isBusy)
    #expect(second.asyncTask(gate: gate) {} == nil)
    #expect(second.asyncTask {} != nil)
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await first.waitForTasks()
    await second.waitForTasks()
    #expect(!gate.isBusy)
  }

  // MARK: - Outcomes

  @Test("finally and the handle report completed, failed and cancelled")
  func outcomes() async throws {
    let interactor = ItemsInteractor(log: log)
    var outcomes: [String] = []
    let record: @MainActor (TaskOutcome) -> Void = { outcome in
      switch outcome {
      case .completed: outcomes.append("completed")
      case .failed(let error): outcomes.append("failed \(error)")
      case .cancelled: outcomes.append("cancelled")
      }
    }
    let started = interactor.asyncTask(gateKey: 1, {}, finally: record)
    let completed = try #require(started)
    #expect(await completed.outcome.isCompleted)
    let failing: @MainActor () async throws -> Void = { throw TestError("boom") }
    let startedFailing = interactor.asyncTask(gateKey: 2, failing, finally: record)
    let failed = try #require(startedFailing)
    #expect(await failed.outcome.error as? TestError == TestError("boom"))
    let sleep: @MainActor () async throws -> Void = { [clock] in
      try await clock.sleep(for: .seconds(1))
    }
    let startedSleeping = interactor.asyncTask(gateKey: 3, sleep, finally: record)
    let cancelled = try #require(startedSleeping)
    await clock.waitForSleepers(1)
    cancelled.cancel()
    #expect(await cancelled.outcome.isCancelled)
    #expect(outcomes == ["completed", "failed TestError(boom)", "cancelled"])
  }

  @Test("work that ignores cancellation and returns is still reported as cancelled")
  func cooperativeCancellation() async {
    let interactor = ItemsInteractor(log: log)
    var outcome: TaskOutcome?
    let handle = interactor.asyncTask(
      { [clock, log] in
        try? await clock.sleep(for: .seconds(1))
        log.append("finished anyway")
      },
      finally: { outcome = $0 })
    await clock.waitForSleepers(1)
    handle?.cancel()
    await interactor.waitForTasks()
    #expect(log.entries == ["finished anyway"])
    #expect(outcome?.isCancelled == true)
  }

  // MARK: - Cancellation and teardown

  @Test("cancelTasks cancels every tracked task without surfacing errors")
  func cancelTasks() async {
    let interactor = ItemsInteractor(log: log)
    var outcomes: [Bool] = []
    let sleep: @MainActor () async throws -> Void = { [clock] in
      try await clock.sleep(for: .seconds(1))
    }
    interactor.asyncTask(sleep, finally: { outcomes.append($0.isCancelled) })
    interactor.asyncTask(gateKey: "a", sleep, finally: { outcomes.append($0.isCancelled) })
    await clock.waitForSleepers(2)
    interactor.cancelTasks()
    await interactor.waitForTasks()
    #expect(outcomes == [true, true])
    #expect(!interactor.isBusy)
    #expect(interactor.droppedErrorCount == 0)
    #expect(interactor.asyncTask {} != nil)
    await interactor.waitForTasks()
  }

  @Test("teardown cancels tasks, and a torn-down interactor starts no new work")
  func teardown() async {
    let interactor = ItemsInteractor(log: log)
    var outcome: TaskOutcome?
    interactor.asyncTask(
      { [clock] in try await clock.sleep(for: .seconds(1)) }, finally: { outcome = $0 })
    await clock.waitForSleepers(1)
    interactor.teardown()
    await interactor.waitForTasks()
    #expect(outcome?.isCancelled == true)
    #expect(clock.sleeperCount == 0)
    #expect(interactor.isTornDown)
    #expect(interactor.asyncTask {} == nil)
    #expect(interactor.asyncTask(gateKey: 1) {} == nil)
    #expect(interactor.load(\.detail) { 1 } == nil)
    #expect(interactor.viewModel.detail == .idle)
  }

  @Test("an interactor that goes away cancels its tasks")
  func deinitCancels() async throws {
    var interactor: ItemsInteractor? = ItemsInteractor(log: log)
    weak let weakInteractor = interactor
    let started = interactor?.asyncTask { [clock] in try await clock.sleep(for: .seconds(1)) }
    let handle = try #require(started)
    await clock.waitForSleepers(1)
    interactor = nil
    #expect(weakInteractor == nil)
    #expect(await handle.outcome.isCancelled)
  }

  // MARK: - Synchronous work

  @Test("performThrowable returns the value, or nil and routes the error")
  func performThrowable() {
    let interactor = ItemsInteractor(log: log)
    var handled: [String] = []
    _ = ScreenBinding(
      interactor,
      onError: {
        handled.append("\($0)")
        return true
      })
    #expect(interactor.performThrowable { 42 } == 42)
    let failed: Int? = interactor.performThrowable { throw TestError("sync") }
    #expect(failed == nil)
    #expect(handled == ["TestError(sync)"])
    var local: [String] = []
    interactor.performThrowable({ throw TestError("local") }, onFailure: { local.append("\($0)") })
    #expect(local == ["TestError(local)"])
    #expect(handled == ["TestError(sync)"])
  }

  // MARK: - Observation

  @Test("Observation reports view model changes an interactor makes, on Linux")
  func viewModelObservation() async {
    let interactor = ItemsInteractor(log: log)
    let fired = ObservationCounter()
    withObservationTracking {
      _ = interactor.viewModel.count
    } onChange: {
      fired.increment()
    }
    interactor.asyncTask { interactor.viewModel.count += 1 }
    #expect(fired.count == 0)
    await interactor.waitForTasks()
    #expect(fired.count == 1)
    #expect(interactor.viewModel.count == 1)
  }
}
