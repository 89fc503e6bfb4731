import Core
import CoreTesting
import Observation
import Testing

@Suite("Interactor load", .timeLimit(.minutes(10)))
@MainActor
struct InteractorLoadTests {
  let clock = ManualClock()
  let log = EventLog()

  /// A load operation that returns `value` one manual-clock second after it starts.
  func slow<Value>(_ value: Value) -> @MainActor () async throws -> Value {
    { [clock] in
      try await clock.sleep(for: .seconds(1))
      return value
    }
  }

  /// A load operation that throws `error` one manual-clock second after it starts.
  func slowFailure(_ error: TestError) -> @MainActor () async throws -> [String] {
    { [clock] in
      try await clock.sleep(for: .seconds(1))
      throw error
    }
  }

  func finishSleeping(_ interactor: ItemsInteractor, sleepers: Int = 1) async {
    await clock.waitForSleepers(sleepers)
    clock.advance(by: .seconds(1))
    await interactor.waitForTasks()
  }

  @Test("idle → loading on the same turn → loaded")
  func loads() async {
    let interactor = ItemsInteractor(log: log)
    #expect(interactor.viewModel.items == .idle)
    interactor.load(\.items, slow(["a", "b"]))
    #expect(interactor.viewModel.items == .loading(previous: nil))
    await finishSleeping(interactor)
    #expect(interactor.viewModel.items == .loaded(["a", "b"]))
  }

  @Test("a failure stays in the Loadable and does not reach the error chain")
  func failureStaysInLoadable() async {
    let interactor = ItemsInteractor(log: log)
    var chain: [String] = []
    _ = ScreenBinding(
      interactor,
      onError: {
        chain.append("\($0)")
        return true
      })
    interactor.load(\.items, slowFailure(TestError("offline")))
    await finishSleeping(interactor)
    #expect(interactor.viewModel.items == .failed(TestError("offline"), previous: nil))
    #expect(chain == [])
    #expect(interactor.droppedErrorCount == 0)
  }

  @Test("keepingPreviousValue shows the old value while reloading and after a failure")
  func keepsPrevious() async {
    let interactor = ItemsInteractor(log: log)
    interactor.viewModel.items = .loaded(["old"])
    interactor.load(\.items, keepingPreviousValue: true, slowFailure(TestError("x")))
    #expect(interactor.viewModel.items == .loading(previous: ["old"]))
    #expect(interactor.viewModel.items.value == ["old"])
    await finishSleeping(interactor)
    #expect(interactor.viewModel.items == .failed(TestError("x"), previous: ["old"]))
    interactor.load(\.items, keepingPreviousValue: true, slow(["new"]))
    #expect(interactor.viewModel.items == .loading(previous: ["old"]))
    await finishSleeping(interactor)
    #expect(interactor.viewModel.items == .loaded(["new"]))
  }

  @Test("without keepingPreviousValue a reload clears the value")
  func dropsPrevious() async {
    let interactor = ItemsInteractor(log: log)
    interactor.viewModel.items = .loaded(["old"])
    interactor.load(\.items, slowFailure(TestError("x")))
    #expect(interactor.viewModel.items == .loading(previous: nil))
    await finishSleeping(interactor)
    #expect(interactor.viewModel.items == .failed(TestError("x"), previous: nil))
  }

  @Test("loads are gated per key path")
  func gatedPerKeyPath() async {
    let interactor = ItemsInteractor(log: log)
    #expect(interactor.load(\.items, slow(["first"])) != nil)
    #expect(interactor.load(\.items, slow(["second"])) == nil)
    #expect(interactor.load(\.detail, slow(7)) != nil)
    await finishSleeping(interactor, sleepers: 2)
    #expect(interactor.viewModel.items == .loaded(["first"]))
    #expect(interactor.viewModel.detail == .loaded(7))
    #expect(clock.sleepDurations.count == 2)
    #expect(interactor.load(\.items, slow(["third"])) != nil)
    await finishSleeping(interactor)
    #expect(interactor.viewModel.items == .loaded(["third"]))
  }

  @Test("a cancelled load goes back to idle, even with a previous value kept")
  func cancelResetsToIdle() async {
    let interactor = ItemsInteractor(log: log)
    interactor.viewModel.items = .loaded(["old"])
    interactor.load(\.items, keepingPreviousValue: true, slow(["new"]))
    await clock.waitForSleepers(1)
    interactor.cancelTasks()
    await interactor.waitForTasks()
    #expect(interactor.viewModel.items == .idle)
  }

  @Test("a load that ignores cancellation and returns a value still ends idle")
  func cooperativeCancel() async {
    let interactor = ItemsInteractor(log: log)
    let handle = interactor.load(\.detail) { [clock] in
      try? await clock.sleep(for: .seconds(1))
      return 42
    }
    await clock.waitForSleepers(1)
    handle?.cancel()
    await interactor.waitForTasks()
    #expect(interactor.viewModel.detail == .idle)
  }

  @Test("teardown cancels a running load")
  func teardownCancelsLoad() async {
    let interactor = ItemsInteractor(log: log)
    interactor.load(\.items, slow(["never"]))
    await clock.waitForSleepers(1)
    interactor.teardown()
    await interactor.waitForTasks()
    #expect(interactor.viewModel.items == .idle)
    #expect(clock.sleeperCount == 0)
  }

  @Test("Observation reports the loading transition on the same turn")
  func observationFires() async {
    let interactor = ItemsInteractor(log: log)
    let fired = ObservationCounter()
    withObservationTracking {
      _ = interactor.viewModel.items
    } onChange: {
      fired.increment()
    }
    interactor.load(\.items) { ["a"] }
    #expect(fired.count == 1)
    await interactor.waitForTasks()
    #expect(interactor.viewModel.items == .loaded(["a"]))
  }
}
