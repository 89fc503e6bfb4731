import BlueprintFeedModel
import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// The reader's keys for going on and for marking: `n`/`N` in an article, `m`/`M` on
/// the feeds screen, and a refresh's summary that lasts until the next key.
@MainActor
@Suite("The interactive reader: next unread in an article, marking feeds", .timeLimit(.minutes(10)))
struct FeedReaderMarkKeysTests {
  let folder: TemporaryDirectory
  var library: FeedLibrary

  init() throws {
    folder = try TemporaryDirectory(prefix: "feed-mark-keys")
    let store = FeedStore(store: FileKeyValueStore(directory: folder.appending("data")))
    library = FeedLibrary(
      store: store, fetcher: FeedFetcher(client: FeedSamples.client()), now: { FeedSamples.now })
  }

  /// Feeds of `counts` items each, added as local files and refreshed on the feeds screen.
  func openFeeds(_ counts: [Int], columns: Int = 60) async throws -> (
    ScreenHarness, FeedsInteractor
  ) {
    for (index, count) in counts.enumerated() {
      let url = folder.appending("feed\(index + 1).xml")
      try Data(FeedSamples.rss(title: "Feed \(index + 1)", count: count).utf8).write(to: url)
      _ = try library.store.add(url)
    }
    let feeds = FeedsInteractor(library: library, work: .inline())
    let harness = ScreenHarness(
      size: TerminalSize(columns: columns, rows: 14), capability: .none,
      root: FeedReaderUI.makeStack(library: library, feeds: feeds))
    await feeds.waitForTasks()
    harness.press(.character("r"))
    await feeds.waitForTasks()
    await harness.settle()
    return (harness, feeds)
  }

  @Test("n and N in an article open the feed's next and previous unread article")
  func articleUnreadKeys() async throws {
    let (harness, feeds) = try await openFeeds([5])
    try library.store.updateRecord("1") { $0.read = ["item-4"] }
    feeds.reloadFeed("1")
    await feeds.waitForTasks()
    // Newest first: 5, 4 (read), 3, 2, 1. Enter opens the items, Enter the first article.
    harness.press(.enter, .enter)
    await harness.settle()
    #expect(harness.text.contains("Text of item 5."))
    harness.press(.character("n"))
    await feeds.waitForTasks()
    await harness.settle()
    #expect(harness.text.contains("Text of item 3."), "\(harness.text)")
    #expect(try library.store.record("1").read == ["item-5", "item-4", "item-3"])
    harness.press(.character("n"), .character("n"))
    await feeds.waitForTasks()
    await harness.settle()
    #expect(harness.text.contains("Text of item 1."))
    harness.press(.character("n"))
    await harness.settle()
    #expect(harness.text.contains("No unread item below."))
    #expect(harness.text.contains("Text of item 1."))
    // Item 4 unread again: N goes back up to it.
    try library.store.updateRecord("1") { $0.read.remove("item-4") }
    feeds.reloadFeed("1")
    await feeds.waitForTasks()
    harness.press(.character("N"))
    await feeds.waitForTasks()
    await harness.settle()
    #expect(harness.text.contains("Text of item 4."), "\(harness.text)")
    harness.press(.character("N"))
    await harness.settle()
    #expect(harness.text.contains("No unread item above."))
    // Back on the items screen, every item is read.
    harness.press(.escape)
    await harness.settle()
    #expect(!harness.text.contains("• Item"), "\(harness.text)")
  }

  @Test("m marks the selected feed read, M every feed; the footer shows M")
  func markFeeds() async throws {
    let (harness, feeds) = try await openFeeds([2, 3], columns: 60)
    #expect(
      harness.text.contains("⏎ Open  r Refresh  m Feed read  M All read  ? Help  q Quit"),
      "\(harness.text)")
    harness.press(.character("m"))
    await feeds.waitForTasks()
    await harness.settle()
    #expect(try library.store.record("1").unreadCount == 0)
    #expect(try library.store.record("2").unreadCount == 3)
    #expect(harness.text.contains("0 unread") && harness.text.contains("3 unread"))
    #expect(harness.text.contains("Marked 2 items of feed 1 read · u undoes"), "\(harness.text)")
    harness.press(.character("M"), .left, .enter)
    await feeds.waitForTasks()
    await harness.settle()
    #expect(try library.store.record("2").unreadCount == 0)
    #expect(!harness.text.contains("3 unread"), "\(harness.text)")
  }

  @Test("M asks first, saying how many; it says what it did, and u takes it back")
  func markEveryFeedAsksAndUndoes() async throws {
    let (harness, feeds) = try await openFeeds([2, 3], columns: 60)
    try library.store.updateRecord("1") { $0.read = ["item-1"] }
    feeds.reloadFeed("1")
    await feeds.waitForTasks()
    harness.press(.character("M"))
    await feeds.waitForTasks()
    await harness.settle()
    #expect(harness.text.contains("Mark 4 items of 2 feeds read?"), "\(harness.text)")
    harness.press(.enter)  // Cancel is highlighted first
    await feeds.waitForTasks()
    await harness.settle()
    #expect(try library.store.record("2").unreadCount == 3)
    #expect(harness.text.contains("1 unread") && harness.text.contains("3 unread"))
    harness.press(.character("M"), .left, .enter)
    await feeds.waitForTasks()
    await harness.settle()
    #expect(try library.store.record("1").unreadCount == 0)
    #expect(try library.store.record("2").unreadCount == 0)
    #expect(harness.text.contains("Marked 4 items of 2 feeds read · u undoes"), "\(harness.text)")
    harness.press(.character("u"))
    await feeds.waitForTasks()
    await harness.settle()
    // Only the marks M turned are turned back: item 1 of feed 1 was read before.
    #expect(try library.store.record("1").read == ["item-1"])
    #expect(try library.store.record("2").unreadCount == 3)
    #expect(harness.text.contains("Undid: marked 4 items of 2 feeds read"), "\(harness.text)")
    #expect(harness.text.contains("1 unread") && harness.text.contains("3 unread"))
    harness.press(.character("u"))
    await feeds.waitForTasks()
    await harness.settle()
    #expect(harness.text.contains("Nothing to undo."), "\(harness.text)")
  }

  @Test("a refresh's summary stays until the next key")
  func noticeClears() async throws {
    let (harness, _) = try await openFeeds([2])
    #expect(harness.text.contains("Refreshed 1 feed: 2 new"), "\(harness.text)")
    harness.press(.down)
    await harness.settle()
    #expect(!harness.text.contains("Refreshed 1 feed"), "\(harness.text)")
  }
}
