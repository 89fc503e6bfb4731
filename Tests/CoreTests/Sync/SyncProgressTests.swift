import Core
import CoreTesting
import Foundation
import Testing

/// `SyncEngine.onProgress`: what a command's progress line shows during a long sync.
@Suite("Sync engine: progress as the counts change")
struct SyncProgressTests {
  @Test("onProgress is told each change of the counts, ending with the result's")
  func progress() async throws {
    let remote = InMemorySyncRemote()
    for index in 1...3 {
      remote.put(
        remoteBody(uid: "r\(index)", ["title": "from server \(index)"]),
        at: "/user/tasks/r\(index).ics")
    }
    let side = SyncSide(remote: remote)
    side.local.add(["title": "from here"])
    side.local.add(["title": "and here"])
    let seen = Locked<[SyncResult]>([])
    var engine = side.engine
    engine.onProgress = { counts in seen.withLock { $0.append(counts) } }
    let result = try await engine.sync()
    let reports = seen.withLock { $0 }
    #expect(result.sent == 2 && result.received == 3)
    #expect(reports.count >= 3, "\(reports.count)")
    #expect(reports.last?.description == result.description)
    #expect(reports.last?.requests == result.requests)
    // The counts only grow, one change at a time.
    for (earlier, later) in zip(reports, reports.dropFirst()) {
      #expect(later.requests >= earlier.requests && later.sent >= earlier.sent)
      #expect(later.received >= earlier.received)
    }
  }
}
