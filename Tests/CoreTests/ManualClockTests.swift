import Core
import CoreTesting
import Testing

@Suite("ManualClock")
struct ManualClockTests {
  @Test("a sleeper wakes only when the clock reaches its deadline")
  func wakesAtDeadline() async throws {
    let clock = ManualClock()
    let woke = Locked(false)
    let task = Task {
      try await clock.sleep(for: .seconds(2))
      woke.withLock { $0 = true }
    }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 1)
    #expect(woke.withLock { $0 } == false)
    clock.advance(by: .seconds(1))
    try await task.value
    #expect(woke.withLock { $0 })
    #expect(clock.sleepDurations == [.seconds(2)])
  }

  @Test("cancelling a sleeper throws CancellationError")
  func cancellation() async {
    let clock = ManualClock()
    let task = Task { try await clock.sleep(for: .seconds(5)) }
    await clock.waitForSleepers(1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test("a deadline already passed returns at once")
  func pastDeadline() async throws {
    let clock = ManualClock()
    clock.advance(by: .seconds(3))
    try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)), tolerance: nil)
    #expect(clock.now.offset == .seconds(3))
  }
}
