import BlueprintFeedModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// A full disk at any write of a sync — a feed's record, the subscription list, the
/// sync state — stops it with the disk's error; the next sync, with room again, reaches
/// exactly what a sync that was never stopped reaches, on both sides.
@Suite(
  "feed sync: a full disk at any write, then the next refresh converges",
  .timeLimit(.minutes(10)))
struct FeedSyncFullDiskTests {
  typealias Scenario = FullDiskSyncScenario

  @Test("the sync that is never stopped: what every stopped one must reach")
  func uninterrupted() async throws {
    let scenario = try await Scenario()
    defer { scenario.stop() }
    let report = try await scenario.syncer.sync()
    #expect(report.addedHere == ["f"])
    #expect(report.removedHere == ["e"])
    #expect(report.subscribedThere.sorted() == ["Ex", "http://127.0.0.1:9/y.xml"])
    #expect(report.unsubscribedThere == ["d"])
    // a 3, c 3 and f 1; f 2, read there, is not fetched.
    #expect(report.newItems == 3)
    let outcome = try scenario.outcome()
    #expect(
      outcome.here.filter { $0.hasPrefix("feed") }.map { $0.split(separator: " ")[4] }
        == ["-", "Bee", "Sea", "Ex", "-", "-"])
    // f came from the server with its title.
    #expect(outcome.here.contains("feed 8 http://127.0.0.1:9/f.xml title - site f"))
    #expect(
      outcome.server.filter { $0.hasPrefix("feed") }.map { String($0.split(separator: " ")[2]) }
        .sorted()
        == ["a", "b", "c", "f", "x", "y"].map { "http://127.0.0.1:9/\($0).xml" })
    // Each side's marks reached the other; the site's items keep theirs.
    let marked = outcome.here.filter { $0.contains(" read") || $0.contains(" starred") }
    #expect(
      marked.map { $0.split(separator: " ", maxSplits: 2)[2] }.sorted()
        == [
          "a 2 read", "b 2 read", "c 1 starred", "c 2 starred", "f 1 starred",
          "x 1 read", "y 1 starred",
        ].sorted())
    let there = outcome.server.filter { $0.contains(" read") || $0.contains(" starred") }
    #expect(
      there.map { $0.split(separator: " ", maxSplits: 3)[3] }.sorted()
        == ["a 2 read", "b 2 read", "c 1 starred", "c 2 starred", "f 1 starred", "f 2 read"])
    #expect(outcome.server.contains { $0.hasPrefix("feed feed/3 ") && $0.hasSuffix("title Sea") })
    #expect(try await scenario.syncer.sync() == FeedSyncReport())
    #expect(try scenario.outcome() == outcome)
  }

  @Test("a first sync never stopped: feeds merged, the site's item adopted with its star")
  func uninterruptedFirstSync() async throws {
    let scenario = try await Scenario(.firstSync)
    defer { scenario.stop() }
    let report = try await scenario.syncer.sync()
    #expect(report.addedHere == ["c"])
    #expect(report.subscribedThere == ["http://127.0.0.1:9/x.xml"])
    let outcome = try scenario.outcome()
    let a2 = try #require(scenario.fake.item("a 2")).id
    #expect(outcome.here.contains("item gr:\(a2) a 2 starred"))
    #expect(scenario.fake.item("a 2")?.starred == true)
    #expect(outcome.here.filter { $0.hasPrefix("item") && $0.contains("a 2") }.count == 1)
    #expect(outcome.here.contains("feed 2 http://127.0.0.1:9/b.xml title Bee site b"))
    #expect(scenario.fake.feeds.first { $0.url.hasSuffix("/b.xml") }?.title == "Bee")
    #expect(outcome.server.contains { $0.hasSuffix(" c 2 starred") })
    #expect(outcome.here.contains { $0.hasSuffix(" c 2 starred") })
    #expect(outcome.here.contains("item x-1 x 1 read"))
    #expect(try await scenario.syncer.sync() == FeedSyncReport())
    #expect(try scenario.outcome() == outcome)
  }

  @Test(
    "a full disk at each write of the sync, then a sync with room",
    arguments: Scenario.Shape.allCases, Scenario.Disk.allCases)
  func everyWrite(shape: Scenario.Shape, disk: Scenario.Disk) async throws {
    // An uninterrupted run gives the writes to fail and the state to reach.
    let plain = try await Scenario(shape)
    defer { plain.stop() }
    let start = plain.disk(disk).writeCount
    _ = try await plain.syncer.sync()
    let writes = plain.disk(disk).writeCount - start
    try #require(writes >= 3, "\(shape), \(disk): \(writes) writes")
    let reached = try plain.outcome()

    for index in 1...writes {
      let label = "\(shape), \(disk) write \(index) of \(writes)"
      let scenario = try await Scenario(shape)
      defer { scenario.stop() }
      scenario.disk(disk).failingWrite = index
      let error = await #expect(throws: PersistenceError.self, "\(label)") {
        _ = try await scenario.syncer.sync()
      }
      #expect(
        error.map(FailingKeyValueStore.isDiskFull) == true, "\(label): \(String(describing: error))"
      )
      scenario.disk(disk).failingWrite = nil
      _ = try await scenario.syncer.sync()
      let outcome = try scenario.outcome()
      #expect(outcome.here == reached.here, "\(label): here")
      #expect(outcome.server == reached.server, "\(label): on the server")
      #expect(try await scenario.syncer.sync() == FeedSyncReport(), "\(label): a quiet sync after")
    }
  }
}
