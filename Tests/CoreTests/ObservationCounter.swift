import Core

/// Counts `withObservationTracking` change callbacks, which are `@Sendable`.
final class ObservationCounter: Sendable {
  private let value = Locked(0)

  func increment() { value.withLock { $0 += 1 } }

  var count: Int { value.withLock { $0 } }
}
