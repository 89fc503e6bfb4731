import Core
import CoreTesting
import Testing

@Suite("Navigation intents and exposure", .timeLimit(.minutes(10)))
@MainActor
struct NavigationExposureTests {
  let clock = ManualClock()
  let log = EventLog()

  /// The source screen, and the destination screen the shell shows for `token`.
  func destination(for token: NavigationToken) -> ScreenBinding<ItemsModel> {
    ScreenBinding(ItemsInteractor(clock: clock), token: token)
  }

  @Test(
    "navigate sets the view model's intent with its destination and presentation",
    arguments: [
      (ItemsDestination.item(3), IntentPresentation.push, "push"),
      (.settings, .sheet, "sheet"),
      (.item(1), .alert(title: "Gone"), "alert Gone 0"),
      (
        .item(2),
        .confirmationDialog(
          title: "Delete?",
          actions: [
            IntentAction("Delete", role: .destructive), IntentAction("Cancel", role: .cancel),
          ]),
        "dialog Delete? destructive,cancel"
      ),
    ])
  func navigate(destination: ItemsDestination, presentation: IntentPresentation, shape: String) {
    let interactor = ItemsInteractor(clock: clock)
    let token = interactor.navigate(to: destination, presentation: presentation)
    let intent = interactor.viewModel.navigation
    #expect(intent?.destination == destination)
    #expect(intent?.token == token)
    #expect(intent.map { Self.describe($0.presentation) } == shape)
  }

  static func describe(_ presentation: IntentPresentation) -> String {
    switch presentation {
    case .push: "push"
    case .sheet: "sheet"
    case .alert(let title, _, let actions): "alert \(title) \(actions.count)"
    case .confirmationDialog(let title, _, let actions):
      "dialog \(title) \(actions.map(\.role.rawValue).joined(separator: ","))"
    case .perform: "perform"
    }
  }

  @Test("each navigation has its own token")
  func distinctTokens() {
    let interactor = ItemsInteractor(clock: clock)
    let first = interactor.navigate(to: .settings)
    let second = interactor.navigate(to: .settings)
    #expect(first != second)
    #expect(interactor.viewModel.navigation?.token == second)
  }

  @Test("didAppear and didDisappear fire on every appearance the shell reports")
  func appearDisappear() {
    let source = ItemsInteractor(clock: clock)
    let token = source.navigate(to: .item(1))
    source.observe(token, .didAppear) { [log] in log.append("appear") }
    source.observe(token, .didDisappear) { [log] in log.append("disappear") }
    let screen = destination(for: token)
    screen.appear()
    screen.appear()
    screen.disappear()
    screen.appear()
    #expect(log.entries == ["appear", "disappear", "appear"])
    #expect(token.isVisible)
  }

  @Test("observing a destination that is already visible fires didAppear at once")
  func alreadyVisible() {
    let source = ItemsInteractor(clock: clock)
    let token = source.navigate(to: .item(1))
    destination(for: token).appear()
    source.observe(token, .didAppear) { [log] in log.append("appear") }
    #expect(log.entries == ["appear"])
  }

  @Test("minimumExposure fires exactly at the threshold, once")
  func exposureAtThreshold() async {
    let source = ItemsInteractor(clock: clock)
    let token = source.navigate(to: .item(1))
    source.observe(token, .minimumExposure(.seconds(2))) { [log] in log.append("exposed") }
    let screen = destination(for: token)
    screen.appear()
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(1999))
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .milliseconds(1))
    await source.waitForTasks()
    #expect(log.entries == ["exposed"])
    #expect(clock.sleepDurations == [.seconds(2)])
    screen.disappear()
    screen.appear()
    clock.advance(by: .seconds(5))
    await source.waitForTasks()
    #expect(log.entries == ["exposed"])
    #expect(clock.sleepDurations.count == 1)
  }

  @Test("minimumExposure never fires when the destination leaves just before")
  func dismissedJustBefore() async {
    let source = ItemsInteractor(clock: clock)
    let token = source.navigate(to: .item(1))
    source.observe(token, .minimumExposure(.seconds(2))) { [log] in log.append("exposed") }
    let screen = destination(for: token)
    screen.appear()
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(1999))
    screen.teardown()
    clock.advance(by: .seconds(10))
    await source.waitForTasks()
    #expect(log.entries == [])
    #expect(clock.sleeperCount == 0)
  }

  @Test("a new appearance starts the exposure count again")
  func countRestarts() async {
    let source = ItemsInteractor(clock: clock)
    let token = source.navigate(to: .item(1))
    source.observe(token, .minimumExposure(.seconds(2))) { [log] in log.append("exposed") }
    let screen = destination(for: token)
    screen.appear()
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    screen.disappear()
    screen.appear()
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 1)
    #expect(log.entries == [])
    clock.advance(by: .seconds(1))
    await source.waitForTasks()
    #expect(log.entries == ["exposed"])
  }

  @Test("tearing the observing interactor down ends its observations")
  func teardownEndsObservations() async {
    let source = ItemsInteractor(clock: clock)
    let token = source.navigate(to: .item(1))
    source.observe(token, .didAppear) { [log] in log.append("appear") }
    source.observe(token, .minimumExposure(.seconds(1))) { [log] in log.append("exposed") }
    let screen = destination(for: token)
    screen.appear()
    await clock.waitForSleepers(1)
    source.teardown()
    await source.waitForTasks()
    #expect(clock.sleeperCount == 0)
    screen.disappear()
    screen.appear()
    clock.advance(by: .seconds(5))
    #expect(log.entries == ["appear"])
    source.observe(token, .didAppear) { [log] in log.append("late") }
    #expect(log.entries == ["appear"])
  }

  @Test("exposure timers do not make the interactor busy")
  func exposureIsNotBusy() async {
    let source = ItemsInteractor(clock: clock)
    let token = source.navigate(to: .item(1))
    source.observe(token, .minimumExposure(.seconds(1))) {}
    destination(for: token).appear()
    #expect(!source.isBusy)
    #expect(source.asyncTask {} != nil)
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await source.waitForTasks()
  }
}
