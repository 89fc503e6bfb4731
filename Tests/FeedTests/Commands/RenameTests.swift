import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// `rename` through the built `feed`.
@Suite("the rename command", .timeLimit(.minutes(10)))
struct RenameTests: FeedHomeSuite {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-rename") }

  @Test("rename sets a title and clears it")
  func rename() throws {
    try addFeed()
    #expect(try home.run("rename", "1", "Daily").output == "Feed 1 is now shown as: Daily\n")
    #expect(try home.run("list").output.contains("Daily"))
    #expect(try home.run("read", "Daily").output.contains("Item 3"))
    #expect(try home.run("rename", "Daily").output == "Feed 1 is now shown as: News\n")
  }
}
