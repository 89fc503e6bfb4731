public import Observation

/// A busy flag several tasks share: while one runs through it, the others are ignored.
///
/// Pass a gate to ``Interactor/asyncTask(gate:_:onFailure:finally:)`` to gate work
/// across interactors — for example one "sync" gate for every screen that can sync.
/// A gate is `@Observable`, so a shell can show ``isBusy``.
@MainActor
@Observable
public final class TaskGate {
  /// Whether a task is running through the gate.
  public private(set) var isBusy = false

  /// Creates an open gate.
  public init() {}

  /// Closes the gate if it is open.
  ///
  /// - Returns: True when the gate was open and is now closed.
  func enter() -> Bool {
    guard !isBusy else { return false }
    isBusy = true
    return true
  }

  /// Opens the gate again.
  func leave() { isBusy = false }
}
