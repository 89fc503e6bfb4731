import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// `mark-read` and `mark-unread` through the built `feed`: an item or a feed, `--all`.
@Suite("the mark-read and mark-unread commands", .timeLimit(.minutes(10)))
struct MarkTests: FeedHomeSuite {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-mark") }

  @Test("mark-unread and mark-read take an item or a feed")
  func markUnread() throws {
    try addFeed()
    #expect(
      try home.run("mark-read", "1").output
        == "Marked 3 items read; '\(appIdentity.name) undo' takes it back.\n")
    #expect(try home.run("mark-unread", "1.2").output == "Marked 1.2 unread.\n")
    let unread = try home.run("read", "--unread").output
    #expect(unread.contains("Item 2") && !unread.contains("Item 3"))
    #expect(try home.run("mark-read", "1.2").output == "Marked 1.2 read.\n")
    #expect(try home.run("read", "--unread").output == "No unread items.\n")
    #expect(
      try home.run("mark-unread", "--all").output
        == "Marked 3 items unread; '\(appIdentity.name) undo' takes it back.\n")
    #expect(try home.run("mark-unread", "1.99", expect: 64).error.contains("no item 1.99"))
  }

  @Test("mark-read --all asks for --yes, saying how many; undo takes the change back")
  func markAllAndUndo() throws {
    try addFeed()
    try home.run("add", try home.write(FeedSamples.rss(title: "More", count: 2), to: "more.xml"))
    try home.run("refresh")
    try home.run("mark-read", "1.3")
    let refused = try home.run("mark-read", "--all", expect: 64)
    #expect(refused.error.contains("--all would mark 4 items of 2 feeds read; nothing was marked"))
    #expect(refused.error.contains("add --yes"))
    #expect(try home.run("read", "--unread").output.contains("1.2"))
    #expect(
      try home.run("mark-read", "--all", "--yes").output
        == "Marked 4 items read; '\(appIdentity.name) undo' takes it back.\n")
    #expect(try home.run("read", "--unread").output == "No unread items.\n")
    #expect(try home.run("undo").output == "undid: marked 4 items of 2 feeds read\n")
    let unread = try home.run("read", "--unread").output
    // The marks the change turned are turned back; the one read before stays read.
    #expect(unread.contains("1.2") && unread.contains("2.1") && !unread.contains("1.3"))
    #expect(try home.run("mark-read", "2").output.contains("Marked 2 items read"))
    #expect(try home.run("undo").output == "undid: marked 2 items of feed 2 read\n")
    #expect(try home.run("undo", expect: 64).error.contains("nothing to undo"))
  }
}
