public import Testing

/// Waits, yielding to other tasks, until `condition` holds: for a test to wait for an
/// event it cannot await directly (a view model's state, a count of running work).
///
/// The wait is bounded only as a guard against a hang: past `bound` of real time it
/// records an issue at the caller and returns `false`, so a condition that never comes
/// fails the test instead of spinning until the suite's time limit. The bound decides no
/// assertion; a passing run ends as soon as the condition holds.
///
/// <!-- doc-test: skip a fragment: `feeds` comes from its surroundings -->
/// ```swift
/// feeds.refresh()
/// await waitUntil("the first feed finished") { feeds.viewModel.refreshing.count == 1 }
/// ```
///
/// - Parameters:
///   - description: What is awaited, for the issue recorded on a hang.
///   - bound: How long to wait at most (a hang guard).
///   - sourceLocation: Where the issue is recorded.
///   - isolation: The caller's actor, on which `condition` is evaluated.
///   - condition: What must hold.
/// - Returns: Whether the condition held.
@discardableResult
public func waitUntil(
  _ description: String = "the condition",
  bound: Duration = .seconds(300),
  sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  _ condition: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let giveUp = clock.now.advanced(by: bound)
  while !condition() {
    if clock.now >= giveUp {
      Issue.record("gave up waiting for \(description)", sourceLocation: sourceLocation)
      return false
    }
    await Task.yield()
  }
  return true
}
