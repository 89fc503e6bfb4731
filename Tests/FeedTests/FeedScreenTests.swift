import BlueprintFeedModel
import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// The interactive reader: interactors headless, screens as golden frames.
@MainActor
@Suite("The interactive reader", .timeLimit(.minutes(10)))
struct FeedScreenTests {
  let folder: TemporaryDirectory
  let library: FeedLibrary

  init() throws {
    folder = try TemporaryDirectory(prefix: "feed-ui")
    let store = FeedStore(store: FileKeyValueStore(directory: folder.appending("data")))
    library = FeedLibrary(
      store: store, fetcher: FeedFetcher(client: FeedSamples.client()),
      now: { FeedSamples.now })
  }

  func addFile(_ text: String, named name: String, title: String? = nil) throws {
    let url = folder.appending(name)
    try Data(text.utf8).write(to: url)
    _ = try library.store.add(url, title: title)
  }

  func makeHarness(columns: Int = 60, rows: Int = 14) -> (ScreenHarness, FeedsInteractor) {
    let feeds = FeedsInteractor(library: library, work: .inline())
    let stack = FeedReaderUI.makeStack(library: library, feeds: feeds)
    let harness = ScreenHarness(
      size: TerminalSize(columns: columns, rows: rows), capability: .none, root: stack)
    return (harness, feeds)
  }

  @Test("first run: the sample feed and how to add real ones")
  func firstRun() async {
    let (harness, feeds) = makeHarness()
    await feeds.waitForTasks()
    await harness.settle()
    #expect(feeds.viewModel.isSample)
    // The hint names the command: a copy of the sample shows its own name there.
    assertGolden(
      harness.text.replacingOccurrences(of: "\(appIdentity.name) add URL", with: "feed add URL"),
      named: "feeds-sample")
    harness.press(.enter)
    await harness.settle()
    assertGolden(harness.text, named: "items-sample")
  }

  @Test("feeds with unread counts, a failing feed marked; items; article; read marks")
  func browse() async throws {
    try addFile(FeedSamples.rss(title: "Local news", count: 3), named: "news.xml")
    try addFile("<html>not a feed</html>", named: "broken.xml", title: "Broken")
    let (harness, feeds) = makeHarness()
    await feeds.waitForTasks()
    harness.press(.character("r"))
    await feeds.waitForTasks()
    await harness.settle()
    assertGolden(harness.text, named: "feeds-refreshed")

    harness.press(.enter)
    await harness.settle()
    assertGolden(harness.text, named: "items")

    harness.press(.down, .enter)
    await harness.settle()
    assertGolden(harness.text, named: "article")
    #expect(try library.store.record("1").read == ["item-2"])  // opening marks read

    harness.press(.character("m"))
    await harness.settle()
    #expect(try library.store.record("1").read.isEmpty)
    harness.press(.character("o"))
    await harness.settle()
    #expect(harness.text.contains("No browser: set $BROWSER"))

    harness.press(.escape, .character("m"))
    await harness.settle()
    #expect(try library.store.record("1").read == ["item-2"])
    harness.press(.escape)
    await harness.settle()
    #expect(harness.text.contains("• Local news") && harness.text.contains("2 unread"))
  }

  @Test("feeds that share a title show their hosts on the feeds screen; the others do not")
  func sameTitles() async throws {
    _ = try library.store.add(URL(string: "https://one.example/feed.xml")!, title: "News")
    _ = try library.store.add(URL(string: "https://two.example/feed.xml")!, title: "News")
    _ = try library.store.add(URL(string: "https://three.example/feed.xml")!, title: "Other")
    let (harness, feeds) = makeHarness()
    await feeds.waitForTasks()
    await harness.settle()
    let text = harness.text
    #expect(text.contains("News (one.example)"), "\(text)")
    #expect(text.contains("News (two.example)"), "\(text)")
    #expect(text.contains("Other") && !text.contains("three.example"), "\(text)")
  }

  @Test("hostile titles and bodies are drawn sanitized")
  func hostile() async throws {
    try addFile(HostileFeeds.escapes, named: "evil.xml")
    let (harness, feeds) = makeHarness(columns: 50, rows: 12)
    await feeds.waitForTasks()
    feeds.refresh()
    await feeds.waitForTasks()
    harness.press(.enter, .enter)
    await harness.settle()
    let bytes = String(decoding: harness.terminal.output, as: UTF8.self)
    #expect(!bytes.contains("]0;pwned"))
    #expect(!bytes.contains("]8;;https://evil"))
    #expect(!bytes.contains("\u{202E}"))
    assertGolden(harness.text, named: "article-hostile")
  }

  @Test("a narrow window truncates instead of wrapping rows", arguments: [30])
  func narrow(columns: Int) async throws {
    try addFile(
      FeedSamples.rss(title: "A feed with a rather long title indeed", count: 2), named: "a.xml")
    let (harness, feeds) = makeHarness(columns: columns, rows: 8)
    await feeds.waitForTasks()
    feeds.refresh()
    await feeds.waitForTasks()
    await harness.settle()
    assertGolden(harness.text, named: "feeds-narrow")
  }

  @Test("a refresh updates each row as its feed finishes")
  func liveRefresh() async throws {
    let release = DispatchSemaphore(value: 0)
    // Two servers: a server takes one fetch at a time, so on one the held feed could
    // take it first and the other would wait behind it.
    let fastServer = try LoopbackServer { request in
      .text(FeedSamples.rss(title: request.path, count: 2))
    }
    let slowServer = try LoopbackServer { request in
      release.wait()
      return .text(FeedSamples.rss(title: request.path, count: 2))
    }
    defer {
      fastServer.stop()
      slowServer.stop()
    }
    _ = try library.store.add(fastServer.url("/fast.xml"))
    _ = try library.store.add(slowServer.url("/slow.xml"))
    let feeds = FeedsInteractor(library: library, work: .inline())
    feeds.prepare()
    await feeds.waitForTasks()

    feeds.refresh()
    #expect(feeds.viewModel.refreshing == ["1", "2"])
    await waitUntil("the first feed finished") { feeds.viewModel.refreshing.count <= 1 }
    #expect(feeds.viewModel.refreshing == ["2"])
    #expect(feeds.viewModel.feeds.isLoading)
    // The list's Loadable shows "Refreshing…"; the busy flag (the status line's
    // "Working…" spinner) stays off, so there is one spinner, not two.
    // (Read into a local first: a failing #expect that captures the main-actor
    // interactor itself crashes while describing it.)
    let isBusy = feeds.isBusy
    #expect(!isBusy)
    #expect(feeds.viewModel.feed("1")?.record.unreadCount == 2)
    #expect(feeds.viewModel.feed("2")?.record.unreadCount == 0)
    // `r` again while it runs: ignored, the finished row stays finished.
    feeds.refresh()
    #expect(feeds.viewModel.refreshing == ["2"])

    release.signal()
    await feeds.waitForTasks()
    #expect(feeds.viewModel.refreshing.isEmpty)
    #expect(feeds.viewModel.feed("2")?.record.unreadCount == 2)
    #expect(feeds.viewModel.notice == "Refreshed 2 feeds: 4 new")
    #expect(!feeds.viewModel.feeds.isLoading)
    #expect(fastServer.requests.count == 1 && slowServer.requests.count == 1)
  }
}
