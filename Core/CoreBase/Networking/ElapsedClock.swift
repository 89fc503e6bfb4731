/// Any `Clock<Duration>`, reduced to what the client needs: elapsed time and sleep.
package struct ElapsedClock: Sendable {
  /// Time since the clock was wrapped.
  let elapsed: @Sendable () -> Duration
  /// Sleeps for a duration; throws when the calling task is cancelled.
  let sleep: @Sendable (Duration) async throws -> Void

  package init<C: Clock<Duration>>(_ clock: C) {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
    sleep = { duration in try await clock.sleep(for: duration) }
  }
}
