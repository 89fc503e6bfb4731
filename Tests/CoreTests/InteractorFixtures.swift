import Core
import CoreTesting
import Observation

/// Where the test screen can lead.
enum ItemsDestination: Hashable, Sendable {
  case item(Int)
  case settings
}

/// The test screen's state.
@MainActor
@Observable
final class ItemsModel: NavigableViewModel {
  var items: Loadable<[String]> = .idle
  var detail: Loadable<Int> = .idle
  var count = 0
  var navigation: NavigationIntent<ItemsDestination>?
}

/// The test screen's interactor: records its lifecycle in a log.
final class ItemsInteractor: Interactor<ItemsModel> {
  let log: EventLog
  var onPicked: ((Int) -> Void)?

  init(log: EventLog = EventLog(), clock: any Clock<Duration> = ManualClock()) {
    self.log = log
    super.init(viewModel: ItemsModel(), clock: clock)
  }

  override func prepare() {
    log.append("prepare")
  }
}

/// Records events in order, on the main actor.
@MainActor
final class EventLog {
  private(set) var entries: [String] = []

  nonisolated init() {}

  func append(_ entry: String) { entries.append(entry) }
}

/// An error whose description names it.
struct TestError: Error, Equatable, CustomStringConvertible {
  var name: String
  init(_ name: String) { self.name = name }
  var description: String { "TestError(\(name))" }
}
