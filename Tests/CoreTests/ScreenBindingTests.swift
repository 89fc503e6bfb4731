import Core
import CoreTesting
import Observation
import Testing

@Suite("ScreenBinding", .timeLimit(.minutes(10)))
@MainActor
struct ScreenBindingTests {
  let clock = ManualClock()
  let log = EventLog()

  @Test("setup runs before prepare, both once, on the first appearance")
  func setupThenPrepareOnce() {
    let interactor = ItemsInteractor(log: log, clock: clock)
    let binding = ScreenBinding(
      interactor,
      setup: { [log] in
        log.append("setup")
        $0.onPicked = { log.append("picked \($0)") }
      })
    #expect(log.entries == [])
    #expect(!interactor.isPrepared)
    binding.appear()
    binding.disappear()
    binding.appear()
    interactor.onPicked?(4)
    #expect(log.entries == ["setup", "prepare", "picked 4"])
    #expect(interactor.isPrepared)
  }

  @Test("a second binding of the same interactor does not prepare it again")
  func preparedOncePerInteractor() {
    let interactor = ItemsInteractor(log: log, clock: clock)
    ScreenBinding(interactor).appear()
    ScreenBinding(interactor, setup: { [log] _ in log.append("setup again") }).appear()
    #expect(log.entries == ["prepare"])
  }

  @Test("a torn-down screen neither prepares nor reports appearances")
  func noAppearAfterTeardown() {
    let interactor = ItemsInteractor(log: log, clock: clock)
    let token = NavigationToken()
    let binding = ScreenBinding(interactor, token: token)
    binding.teardown()
    binding.appear()
    #expect(log.entries == [])
    #expect(!token.isVisible)
    #expect(!binding.isVisible)
  }

  @Test("onNavigation that returns true keeps the intent out of the view model")
  func onNavigationTakesIntent() {
    let interactor = ItemsInteractor(log: log, clock: clock)
    var seen: [ItemsDestination] = []
    _ = ScreenBinding(
      interactor,
      onNavigation: { intent in
        seen.append(intent.destination)
        return intent.destination == .settings
      })
    interactor.navigate(to: .settings)
    #expect(interactor.viewModel.navigation == nil)
    interactor.navigate(to: .item(2))
    #expect(interactor.viewModel.navigation?.destination == .item(2))
    #expect(seen == [.settings, .item(2)])
  }

  @Test("an intent emitted before the binding existed is presented on the first appearance")
  func presentsPendingOnAppear() {
    let interactor = ItemsInteractor(log: log, clock: clock)
    let token = interactor.navigate(to: .item(3))
    var shown: [NavigationToken] = []
    let binding = ScreenBinding(
      interactor,
      onNavigation: { intent in
        shown.append(intent.token)
        return true
      })
    #expect(shown.isEmpty)
    binding.appear()
    binding.disappear()
    binding.appear()
    #expect(shown == [token])
    let pending = interactor.viewModel.navigation
    #expect(pending == nil)
  }

  @Test("a torn-down screen presents nothing: its intent stays in the view model")
  func noPresentingAfterTeardown() {
    let interactor = ItemsInteractor(log: log, clock: clock)
    var shown = 0
    let binding = ScreenBinding(
      interactor,
      onNavigation: { _ in
        shown += 1
        return true
      })
    binding.appear()
    binding.teardown()
    interactor.navigate(to: .settings)
    #expect(shown == 0)
    let pending = interactor.viewModel.navigation?.destination
    #expect(pending == .settings)
  }

  @Test("takeNavigation hands the pending intent to the shell and clears it")
  func takeNavigation() {
    let interactor = ItemsInteractor(log: log, clock: clock)
    let binding = ScreenBinding(interactor)
    let token = interactor.navigate(to: .item(5), presentation: .sheet)
    let intent = binding.takeNavigation()
    #expect(intent?.destination == .item(5))
    #expect(intent?.token == token)
    #expect(interactor.viewModel.navigation == nil)
    #expect(binding.takeNavigation() == nil)
  }

  @Test("Observation reports a navigation intent on Linux")
  func navigationObservation() {
    let interactor = ItemsInteractor(log: log, clock: clock)
    let fired = ObservationCounter()
    withObservationTracking {
      _ = interactor.viewModel.navigation
    } onChange: {
      fired.increment()
    }
    interactor.navigate(to: .settings)
    #expect(fired.count == 1)
  }

  // MARK: - Router scopes

  @Test("popping a route cancels the work of its screen and only its screen")
  func popCancelsScreenWork() async {
    let router = Router<ItemsDestination>()
    var screens: [(binding: ScreenBinding<ItemsModel>, outcome: () -> TaskOutcome?)] = []
    for _ in 0..<2 {
      let id = router.push(.item(7))
      let interactor = ItemsInteractor(log: log, clock: clock)
      let binding = ScreenBinding(interactor)
      binding.attach(to: router.scope(for: id))
      binding.appear()
      var outcome: TaskOutcome?
      interactor.asyncTask(
        { [clock] in try await clock.sleep(for: .seconds(1)) }, finally: { outcome = $0 })
      screens.append((binding, { outcome }))
    }
    await clock.waitForSleepers(2)
    router.pop()
    let (lower, upper) = (screens[0], screens[1])
    #expect(upper.binding.interactor.isTornDown)
    #expect(!lower.binding.interactor.isTornDown)
    await upper.binding.interactor.waitForTasks()
    #expect(upper.outcome()?.isCancelled == true)
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .seconds(1))
    await lower.binding.interactor.waitForTasks()
    #expect(lower.outcome()?.isCompleted == true)
    #expect(upper.binding.interactor.droppedErrorCount == 0)
  }

  @Test("a deep link that replaces the stack cancels the screens it removes")
  func setPathCancelsRemovedScreens() async {
    let router = Router<ItemsDestination>(path: [.settings])
    let id = router.push(.item(1))
    let interactor = ItemsInteractor(log: log, clock: clock)
    let binding = ScreenBinding(interactor)
    binding.attach(to: router.scope(for: id))
    interactor.load(\.items) { [clock] in
      try await clock.sleep(for: .seconds(1))
      return ["never"]
    }
    await clock.waitForSleepers(1)
    router.setPath([.settings, .item(2)])
    await interactor.waitForTasks()
    #expect(interactor.viewModel.items == .idle)
    #expect(interactor.isTornDown)
  }
}
