import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// `show` through the built `feed`.
@Suite("the show command", .timeLimit(.minutes(10)))
struct ShowTests: FeedHomeSuite {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-show") }

  @Test("feed show dates the item as the listings do")
  func showDate() throws {
    try addFeed()
    let listed = try home.run("read").output
    #expect(listed.contains("2026-10-04"))
    #expect(try home.run("show", "1.3").output.contains("News · 2026-10-04\n"))
  }
}
