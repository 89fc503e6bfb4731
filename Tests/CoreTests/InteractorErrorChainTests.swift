import Core
import CoreTesting
import Testing

@Suite("Interactor error and busy chains", .timeLimit(.minutes(10)))
@MainActor
struct InteractorErrorChainTests {
  let log = EventLog()

  /// How each tier answers: nil means the tier has no handler.
  struct Case: Sendable, CustomTestStringConvertible {
    var binding: Bool?
    var ambient: Bool?
    var calls: [String]
    var dropped: Int
    var testDescription: String {
      "binding \(String(describing: binding)), ambient \(String(describing: ambient))"
    }
  }

  @Test(
    "an error goes to the binding, then the ambient handler, else it is dropped and counted",
    arguments: [
      Case(binding: true, ambient: true, calls: ["binding"], dropped: 0),
      Case(binding: false, ambient: true, calls: ["binding", "ambient"], dropped: 0),
      Case(binding: false, ambient: false, calls: ["binding", "ambient"], dropped: 1),
      Case(binding: nil, ambient: true, calls: ["ambient"], dropped: 0),
      Case(binding: nil, ambient: nil, calls: [], dropped: 1),
      Case(binding: true, ambient: nil, calls: ["binding"], dropped: 0),
    ])
  func chain(_ tiers: Case) async {
    let interactor = ItemsInteractor(log: log)
    let log = log
    var ambient = AmbientHandlers()
    if let answer = tiers.ambient {
      ambient.onError = { _ in
        log.append("ambient")
        return answer
      }
    }
    var onError: (@MainActor (any Error) -> Bool)?
    if let answer = tiers.binding {
      onError = { _ in
        log.append("binding")
        return answer
      }
    }
    _ = ScreenBinding(interactor, onError: onError, ambient: ambient)
    interactor.asyncTask { throw TestError("boom") }
    await interactor.waitForTasks()
    #expect(log.entries == tiers.calls)
    #expect(interactor.droppedErrorCount == tiers.dropped)
  }

  @Test("onFailure takes the error instead of the chain")
  func onFailureTakesError() async {
    let interactor = ItemsInteractor(log: log)
    var chain: [String] = []
    _ = ScreenBinding(
      interactor,
      onError: {
        chain.append("\($0)")
        return false
      })
    var local: [String] = []
    interactor.asyncTask({ throw TestError("local") }, onFailure: { local.append("\($0)") })
    await interactor.waitForTasks()
    #expect(local == ["TestError(local)"])
    #expect(chain == [])
    #expect(interactor.droppedErrorCount == 0)
  }

  @Test("a cancelled task surfaces no error, whatever it throws")
  func cancelledSurfacesNothing() async {
    let clock = ManualClock()
    let interactor = ItemsInteractor(log: log)
    var chain: [String] = []
    _ = ScreenBinding(
      interactor,
      onError: {
        chain.append("\($0)")
        return false
      })
    var local: [String] = []
    interactor.asyncTask(
      { [clock] in
        try? await clock.sleep(for: .seconds(1))
        throw TestError("after cancel")
      }, onFailure: { local.append("\($0)") })
    await clock.waitForSleepers(1)
    interactor.cancelTasks()
    await interactor.waitForTasks()
    interactor.report(CancellationError())
    #expect(chain == [])
    #expect(local == [])
    #expect(interactor.droppedErrorCount == 0)
  }

  @Test("busy changes go to the binding's handler when it has one")
  func busyToBinding() async {
    let interactor = ItemsInteractor(log: log)
    let log = log
    var busy: [Bool] = []
    _ = ScreenBinding(
      interactor, onBusy: { busy.append($0) },
      ambient: AmbientHandlers(onBusy: { log.append("ambient \($0)") }))
    interactor.asyncTask {}
    #expect(busy == [true])
    await interactor.waitForTasks()
    #expect(busy == [true, false])
    #expect(log.entries == [])
  }

  @Test("busy changes go to the ambient handler when the binding has none")
  func busyToAmbient() async {
    let interactor = ItemsInteractor(log: log)
    let log = log
    _ = ScreenBinding(interactor, ambient: AmbientHandlers(onBusy: { log.append("busy \($0)") }))
    interactor.asyncTask {}
    await interactor.waitForTasks()
    #expect(log.entries == ["busy true", "busy false"])
  }

  @Test("gated tasks and loads do not touch the busy flag")
  func gatedTasksAreNotBusy() async {
    let interactor = ItemsInteractor(log: log)
    var busy: [Bool] = []
    _ = ScreenBinding(interactor, onBusy: { busy.append($0) })
    interactor.asyncTask(gateKey: 1) {}
    interactor.asyncTask(gate: TaskGate()) {}
    interactor.load(\.detail) { 1 }
    await interactor.waitForTasks()
    #expect(busy == [])
  }
}
