import Core
import Dispatch
import Foundation
import Testing

@Suite("offThePool: blocking work on threads of its own", .timeLimit(.minutes(10)))
struct OffThePoolTests {
  struct Refused: Error, Equatable {}

  @Test("more bodies than the pool has threads block at once, and each returns its value")
  func bodiesBlockTogether() async throws {
    // On the pool, the third body of a two-thread pool would wait for a free thread
    // that never comes, and the hang guard would fail the test.
    let count = ProcessInfo.processInfo.activeProcessorCount + 2
    let (arrivals, arrived) = AsyncStream.makeStream(of: Int.self)
    let gate = DispatchSemaphore(value: 0)
    let values = try await withThrowingTaskGroup(of: Int.self) { group in
      for number in 0..<count {
        group.addTask {
          try await offThePool {
            arrived.yield(number)
            _ = gate.wait(timeout: .now() + 60)
            return number * 10
          }
        }
      }
      var waiting = Set<Int>()
      for await number in arrivals {
        waiting.insert(number)
        if waiting.count == count { break }
      }
      #expect(waiting == Set(0..<count))
      for _ in 0..<count { gate.signal() }
      var values: [Int] = []
      for try await value in group { values.append(value) }
      return values.sorted()
    }
    #expect(values == (0..<count).map { $0 * 10 })
  }

  @MainActor
  @Test("called from the main actor, the body runs off the main thread")
  func offTheMainThread() async throws {
    let wasMain = try await offThePool { Thread.isMainThread }
    #expect(!wasMain)
  }

  @Test("what the body throws, the caller catches")
  func throwsThrough() async {
    await #expect(throws: Refused()) { try await offThePool { throw Refused() } }
  }

  @Test(
    "Docs/Concurrency.md: a child process waited for off the pool",
    arguments: [("/bin/true", 0), ("/bin/false", 1)] as [(String, Int32)])
  func guideExample(program: String, expected: Int32) async throws {
    let status = try await offThePool { () throws -> Int32 in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: program)
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
    #expect(status == expected)
  }
}
