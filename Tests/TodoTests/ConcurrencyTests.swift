import Core
import CoreTesting
import Foundation
import Testing

// 500 process runs: on a 2-core machine shared with other work this can take a few
// minutes, so the hang guard is generous.
@Suite("Concurrent processes", .timeLimit(.minutes(20)))
struct ConcurrencyTests {
  @Test(
    "twenty processes each adding 25 items leave 500 items with 500 distinct ids",
    .tags(.heavy), .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason))
  func twentyWriters() async throws {
    let home = try TodoHome()
    // Each writer is a shell that runs `todo add` 25 times; all start together. The
    // lock is fair (a first-come, first-served queue in front of the folder lock), so
    // no add may fail, not even with 75: any failure, a lost add or a reused id fails
    // the test. The writers run at normal priority: at `nice 19` beside CPU-bound
    // work they would barely run at all.
    let script = #"""
      for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25; do
        "$0" add "writer $1 item $i" > /dev/null || exit $?
      done
      """#
    let writers = (1...20).map { writer in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script, home.product.url.path, String(writer)]
      process.environment = home.environment
      return process
    }
    // Awaited, not waitUntilExit(): that would hold a test thread for the whole run.
    #expect(try await Process.runAllToExit(writers).allSatisfy { $0 == 0 })

    let json = try home.output(["list", "--json"])
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    let ids = items.compactMap { $0["id"] as? Int }
    #expect(items.count == 500)
    #expect(Set(ids).count == 500)
    #expect(Set(ids) == Set(1...500))
    let titles = Set(items.compactMap { $0["title"] as? String })
    #expect(titles.count == 500)
  }
}
