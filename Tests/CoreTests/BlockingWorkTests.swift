import Core
import CoreTesting
import Dispatch
import Foundation
import Testing

/// A gate a blocking body waits at until the test opens it (a hang guard bounds the
/// wait), and the events the body reports as it goes.
final class WorkGate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  let events: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation
  private let log = Locked<[String]>([])

  init() { (events, continuation) = AsyncStream.makeStream(of: String.self) }

  /// On the body's thread: says `event`, then waits for ``open()``.
  func wait(saying event: String) {
    note(event)
    _ = semaphore.wait(timeout: .now() + 60)
  }

  /// Records `event` and tells the test.
  func note(_ event: String) {
    log.withLock { $0.append(event) }
    continuation.yield(event)
  }

  func open() { semaphore.signal() }

  /// Everything noted, in order.
  var noted: [String] { log.withLock { $0 } }

  /// Waits for the next event.
  func next() async -> String? {
    var iterator = events.makeAsyncIterator()
    return await iterator.next()
  }
}

@Suite("BlockingWork: blocking store work off the main actor, settled on quit")
struct BlockingWorkTests {
  @Test("work runs on a thread of its own and returns its value")
  func runsOffTheMainThread() async throws {
    let work = BlockingWork()
    let isMain = try await work.run("check") { _ in Thread.isMainThread }
    #expect(!isMain)
    #expect(try await work.read { 6 * 7 } == 42)
    #expect(work.runningLabels.isEmpty)
  }

  @Test("settling abandons work that has not committed: its commit throws, nothing is written")
  func abandonsUncommitted() async throws {
    let work = BlockingWork()
    let gate = WorkGate()
    let written = Locked(false)
    let task = Task {
      try await work.run("mark 3 done") { commit in
        gate.wait(saying: "waiting for the lock")
        try commit()
        written.withLock { $0 = true }
      }
    }
    #expect(await gate.next() == "waiting for the lock")
    #expect(work.runningLabels == ["mark 3 done"])
    #expect(await work.settle() == ["mark 3 done"])
    gate.open()
    await #expect(throws: BlockingWork.Abandoned.self) { try await task.value }
    #expect(written.withLock { $0 } == false)
    // No new work starts once settled.
    await #expect(throws: BlockingWork.Abandoned.self) {
      try await work.run("later") { _ in }
    }
  }

  @Test("settling waits for work that committed, and reports nothing")
  func waitsForCommitted() async throws {
    let work = BlockingWork()
    let gate = WorkGate()
    let task = Task {
      try await work.run("delete 4") { commit in
        try commit()
        gate.wait(saying: "writing")
        gate.note("written")
      }
    }
    #expect(await gate.next() == "writing")
    async let notMade = work.settle()
    gate.open()
    #expect(await notMade == [])
    gate.note("settled")
    #expect(gate.noted == ["writing", "written", "settled"])
    try await task.value
  }

  @Test("a read is neither reported nor waited for by settling")
  func readsAreNotReported() async throws {
    let work = BlockingWork()
    let gate = WorkGate()
    let task = Task { try await work.read { gate.wait(saying: "reading") } }
    #expect(await gate.next() == "reading")
    #expect(await work.settle() == [])
    gate.open()
    try await task.value
  }

  @MainActor
  @Test("blockingTask: busy while the work waits, the main actor free, the result handed back")
  func interactorBlockingTask() async throws {
    let interactor = ItemsInteractor()
    let work = BlockingWork()
    let gate = WorkGate()
    var busyChanges: [Bool] = []
    let binding = ScreenBinding(interactor, onBusy: { busyChanges.append($0) })
    binding.appear()
    let handle = interactor.blockingTask("count", on: work) { commit in
      gate.wait(saying: "waiting")
      try commit()
      return 3
    } then: { count in
      interactor.viewModel.count = count
    }
    #expect(handle != nil)
    #expect(await gate.next() == "waiting")
    // The body is blocked on its own thread; this code runs on the main actor meanwhile.
    #expect(interactor.isBusy)
    let second = interactor.blockingTask("again", on: work, { _ in 0 }, then: { _ in })
    #expect(second == nil)
    gate.open()
    await interactor.waitForTasks()
    #expect(interactor.viewModel.count == 3)
    #expect(!interactor.isBusy)
    #expect(busyChanges == [true, false])
  }
}
