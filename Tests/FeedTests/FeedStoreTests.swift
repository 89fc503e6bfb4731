import BlueprintFeedFormats
import BlueprintFeedModel
import Core
import CoreTesting
import Foundation
import Testing

@Suite("The feed store and the item cache")
struct FeedStoreTests {
  func items(_ numbers: ClosedRange<Int>) -> [ParsedItem] {
    numbers.reversed().map { number in
      ParsedItem(
        id: "i\(number)", title: "Item \(number)",
        published: Date(timeIntervalSince1970: TimeInterval(number) * 3600))
    }
  }

  @Test("merging keeps numbers and read marks, adds new items, and bounds the cache")
  func merge() {
    var record = FeedRecord()
    #expect(record.merge(items(1...3), now: FeedSamples.now, limit: 4) == 3)
    #expect(record.items.map(\.id) == ["i3", "i2", "i1"])
    #expect(record.items.map(\.number) == [3, 2, 1])
    record.read = ["i1", "i3"]

    #expect(record.merge(items(2...5), now: FeedSamples.now, limit: 4) == 2)
    #expect(record.items.map(\.id) == ["i5", "i4", "i3", "i2"])
    #expect(record.items.first { $0.id == "i3" }?.number == 3)
    #expect(record.read == ["i3"])  // i1 fell out of the cache, and its mark with it
    #expect(record.unreadCount == 3)
  }

  @Test("the default cache keeps 500 items per feed")
  func defaultLimit() {
    var record = FeedRecord()
    record.merge(
      items(1...620), now: FeedSamples.now,
      limit: FeedStore(store: InMemoryKeyValueStore()).itemLimit)
    #expect(record.items.count == 500)
    #expect(record.items.first?.id == "i620")
  }

  @Test("a feed listing more items than the cache keeps: only kept items count as new")
  func longFeed() {
    var record = FeedRecord()
    let feed = items(1...12)
    #expect(record.merge(feed, now: FeedSamples.now, limit: 5) == 5)
    #expect(record.items.map(\.id) == ["i12", "i11", "i10", "i9", "i8"])
    #expect(record.items.map(\.number) == [5, 4, 3, 2, 1])
    // The same document again: the 7 items that did not fit are not new each time.
    #expect(record.merge(feed, now: FeedSamples.now, limit: 5) == 0)
    #expect(record.items.map(\.number) == [5, 4, 3, 2, 1])
    #expect(record.merge(items(1...13), now: FeedSamples.now, limit: 5) == 1)
    #expect(record.items.map(\.number) == [6, 5, 4, 3, 2])
  }

  /// Undated items (or items of one date) are ordered by the feed's list; a new one
  /// listed below the cached ones is not newer than they are.
  @Test(
    "a long feed of undated or same-dated items: its tail is not new again, read marks stay",
    arguments: [nil, Date(timeIntervalSince1970: 1_000_000)])
  func longUndatedFeed(date: Date?) {
    let feed = (1...12).reversed().map { ParsedItem(id: "i\($0)", title: "\($0)", published: date) }
    var record = FeedRecord()
    #expect(record.merge(feed, now: FeedSamples.now, limit: 5) == 5)
    #expect(Set(record.items.map(\.id)) == ["i12", "i11", "i10", "i9", "i8"])
    record.read = Set(record.items.map(\.id))
    for later in 1...3 {
      let now = FeedSamples.now.addingTimeInterval(TimeInterval(later) * 3600)
      #expect(record.merge(feed, now: now, limit: 5) == 0)
      #expect(Set(record.items.map(\.id)) == ["i12", "i11", "i10", "i9", "i8"])
      #expect(record.unreadCount == 0)
      #expect(record.nextNumber == 6)
    }
    // A new item at the top still comes in, pushing out the lowest.
    let newer = [ParsedItem(id: "i13", title: "13", published: date)] + feed
    #expect(record.merge(newer, now: FeedSamples.now.addingTimeInterval(4 * 3600), limit: 5) == 1)
    #expect(Set(record.items.map(\.id)) == ["i13", "i12", "i11", "i10", "i9"])
  }

  @Test("a repeated guid in one fetch is kept once")
  func duplicates() {
    var record = FeedRecord()
    let twice = [ParsedItem(id: "same", title: "A"), ParsedItem(id: "same", title: "B")]
    #expect(record.merge(twice, now: FeedSamples.now, limit: 10) == 1)
    #expect(record.items.count == 1)
  }

  @Test("check times merge into one table of subscribed feeds; a damaged table is replaced")
  func checkTimes() throws {
    let store = FeedStore(store: InMemoryKeyValueStore())
    let a = try store.add(try #require(URL(string: "https://a.example/feed")))
    let b = try store.add(try #require(URL(string: "https://b.example/feed")))
    let earlier = FeedSamples.now.addingTimeInterval(-3600)
    try store.noteChecked([a.id: earlier, b.id: earlier])
    try store.noteChecked([a.id: FeedSamples.now, "99": FeedSamples.now])  // 99: not subscribed
    #expect(try store.feeds().map(\.record.lastFetched) == [FeedSamples.now, earlier])
    // Written as every stored value is: the bytes JSONEncoder writes, sorted and indented.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let expected = try encoder.encode([a.id: FeedSamples.now, b.id: earlier]) + Data("\n".utf8)
    #expect(try store.store.data(forKey: "checked") == expected)

    try store.store.setData(Data("{\"1\": ".utf8), forKey: "checked")
    try store.noteChecked([b.id: FeedSamples.now])
    let replaced = try store.store.value([String: Date].self, forKey: "checked")
    #expect(replaced == [b.id: FeedSamples.now])
  }

  @Test("each feed is its own file; the subscription list is a separate small one")
  func layout() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FeedStore(store: FileKeyValueStore(directory: folder.url))
    let a = try store.add(try #require(URL(string: "https://a.example/feed")))
    let b = try store.add(try #require(URL(string: "https://b.example/feed")), title: "B")
    try store.updateRecord(b.id) { $0.merge(items(1...2), now: FeedSamples.now, limit: 10) }
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { !$0.hasPrefix(".") }.sorted()
    // The second add kept the first list as its last good version (FileKeyValueStore).
    #expect(files == ["feed-2.json", "subscriptions.json", "subscriptions.json.last-good"])
    #expect(try store.feeds().map(\.displayTitle) == ["https://a.example/feed", "B"])
    #expect(throws: FeedStoreError.alreadySubscribed(a)) { try store.add(a.url) }
    try store.remove(b.id)
    #expect(try store.subscriptions().feeds == [a])
    #expect(!FileManager.default.fileExists(atPath: folder.appending("feed-2.json").path))
  }

  @Test(
    "feed references: id, URL (scheme and host in any case), or a unique title",
    arguments: [
      ("2", "2"), ("https://b.example/feed", "2"), ("HTTPS://B.Example/feed#x", "2"),
      ("https://b.example/FEED", nil), ("news", "1"), ("NEWS", "1"), ("nope", nil),
    ])
  func find(reference: String, expected: String?) {
    var list = SubscriptionList()
    list.feeds = [
      Subscription(id: "1", url: URL(fileURLWithPath: "/a.xml"), customTitle: "News"),
      Subscription(
        id: "2", url: URL(string: "https://b.example/feed") ?? URL(fileURLWithPath: "/")),
    ]
    #expect(list.find(reference)?.id == expected)
  }

  @Test(
    "URLs and paths a user can add",
    arguments: [
      ("https://example.com/feed.xml", "https://example.com/feed.xml"),
      ("HTTP://example.com/x", "http://example.com/x"),
      ("feed.xml", "file:///tmp/work/feed.xml"),
      ("../feed.xml", "file:///tmp/feed.xml"),
      ("/srv/f.xml", "file:///srv/f.xml"),
      ("file:///srv/f.xml", "file:///srv/f.xml"),
    ])
  func locations(text: String, expected: String) throws {
    #expect(
      try FeedLocation.url(from: text, currentDirectory: "/tmp/work").absoluteString == expected)
  }

  @Test(
    "other schemes and broken URLs are refused",
    arguments: [
      "ftp://example.com/feed", "javascript:alert(1)", "gopher://x", "https://", "  ",
    ])
  func refused(text: String) {
    #expect(throws: FetchError.self) { try FeedLocation.url(from: text, currentDirectory: "/") }
  }
}
