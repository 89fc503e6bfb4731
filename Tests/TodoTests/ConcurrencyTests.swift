import Core
import CoreTesting
import Foundation
import Testing

// 500 process runs: on a 2-core machine shared with other builds this takes
// over a minute, so the hang guard is generous.
@Suite("Concurrent processes", .timeLimit(.minutes(3)))
struct ConcurrencyTests {
  @Test(
    "twenty processes each adding 25 items leave 500 items with 500 distinct ids",
    .tags(.heavy), .enabled(if: HeavyTests.areEnabled))
  func twentyWriters() async throws {
    let home = try TodoHome()
    // Each writer is a shell that runs `todo add` 25 times; all start together. They
    // run at the lowest priority so the 500 processes do not starve timing-sensitive
    // tests running in parallel (the lock contention between them is the same).
    // On a loaded machine a niced lock holder can be starved past the 5 s lock
    // timeout; that add fails with 75 before touching the file, and the writer
    // retries it as a script would. Any other failure, a lost add or a reused id
    // still fails the test.
    let script = #"""
      for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25; do
        tries=0
        until "$0" add "writer $1 item $i" > /dev/null 2> /dev/null; do
          status=$?
          tries=$((tries + 1))
          if [ "$status" -ne 75 ] || [ "$tries" -ge 5 ]; then exit "$status"; fi
        done
      done
      """#
    let writers = (1...20).map { writer in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
      process.arguments = [
        "-n", "19", "/bin/sh", "-c", script, home.product.url.path, String(writer),
      ]
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
