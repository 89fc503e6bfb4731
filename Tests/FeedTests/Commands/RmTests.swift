import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// `rm` through the built `feed`.
@Suite("the rm command", .timeLimit(.minutes(10)))
struct RmTests: FeedHomeSuite {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-rm") }

  @Test("rm forgets the feed's items: its record and the record's last good version go")
  func removeForgets() throws {
    let path = try home.write(FeedSamples.rss(title: "Local", count: 2), to: "local.xml")
    try home.run("add", path)
    try home.run("mark-read", "--all")  // an update, which keeps the version it replaced
    let files = { try FileManager.default.contentsOfDirectory(atPath: home.dataFolder.path) }
    #expect(try files().contains("feed-1.json.last-good"))
    try home.run("rm", "1")
    #expect(try files().filter { $0.hasPrefix("feed-1.") } == [])
  }
}
