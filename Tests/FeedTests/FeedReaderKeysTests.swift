import BlueprintFeedModel
import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// Records the programs the reader starts instead of starting them.
final class StartedPrograms: Sendable {
  private let started = LockedValue<[[String]]>([])
  var all: [[String]] { started.withLock { $0 } }
  func record(_ executable: String, _ arguments: [String]) {
    started.withLock { $0.append([executable] + arguments) }
  }
}

/// The reader's newsboat-style keys: search, next/previous unread, open link, refresh on open.
@MainActor
@Suite("The interactive reader: search, unread keys, links", .timeLimit(.minutes(10)))
struct FeedReaderKeysTests {
  let folder: TemporaryDirectory
  let started = StartedPrograms()
  var library: FeedLibrary

  init() throws {
    folder = try TemporaryDirectory(prefix: "feed-keys")
    let store = FeedStore(store: FileKeyValueStore(directory: folder.appending("data")))
    library = FeedLibrary(
      store: store, fetcher: FeedFetcher(client: FeedSamples.client()), now: { FeedSamples.now })
    let started = started
    library.browser = BrowserLauncher(environment: ["BROWSER": "firefox:lynx"]) {
      started.record($0, $1)
    }
  }

  func makeHarness(refreshesOnOpen: Bool = false) -> (ScreenHarness, FeedsInteractor) {
    let feeds = FeedsInteractor(
      library: library, refreshesOnOpen: refreshesOnOpen, work: .inline())
    let stack = FeedReaderUI.makeStack(library: library, feeds: feeds)
    let harness = ScreenHarness(
      size: TerminalSize(columns: 60, rows: 14), capability: .none, root: stack)
    return (harness, feeds)
  }

  /// One local feed of five items, refreshed, the items screen open.
  func openItems() async throws -> (ScreenHarness, FeedsInteractor) {
    let url = folder.appending("news.xml")
    try Data(FeedSamples.rss(title: "News", count: 5).utf8).write(to: url)
    _ = try library.store.add(url)
    let (harness, feeds) = makeHarness()
    await feeds.waitForTasks()
    feeds.refresh()
    await feeds.waitForTasks()
    harness.press(.enter)
    await harness.settle()
    return (harness, feeds)
  }

  @Test("/ narrows the items as you type; Esc clears the search")
  func search() async throws {
    let (harness, _) = try await openItems()
    harness.press(.character("/"))
    harness.type("item 3")
    await harness.settle()
    #expect(harness.text.contains("Item 3"))
    #expect(!harness.text.contains("Item 4"))
    #expect(harness.text.contains("Search: item 3"))
    harness.press(.enter)
    await harness.settle()
    #expect(!harness.text.contains("Item 4"))
    harness.press(.character("/"), .escape)
    await harness.settle()
    #expect(harness.text.contains("Item 4") && harness.text.contains("Item 1"))
  }

  @Test("n and p move to the next and previous unread item")
  func unreadKeys() async throws {
    let (harness, feeds) = try await openItems()
    try library.store.updateRecord("1") { $0.read = ["item-4", "item-3"] }
    feeds.reloadFeed("1")
    await harness.settle()
    // Newest first: 5 (unread), 4, 3 (read), 2, 1 (unread).
    harness.press(.character("n"), .enter)
    await harness.settle()
    #expect(harness.text.contains("Item 2"))
    harness.press(.escape, .character("p"), .enter)
    await harness.settle()
    #expect(harness.text.contains("Item 5"))
  }

  @Test("o opens the link with $BROWSER (its first entry), the URL as an argument")
  func openLink() async throws {
    let (harness, _) = try await openItems()
    harness.press(.character("o"))
    await harness.settle()
    #expect(
      started.all == [["/bin/sh", "-c", "exec firefox \"$1\"", "sh", "https://example.com/5"]])
    #expect(harness.text.contains("Opening https://example.com/5"))
  }

  @Test(
    "the browser command: $BROWSER with %s, else xdg-open, else none",
    arguments: [
      (["BROWSER": "w3m %s &", "PATH": ""], "/bin/sh -c exec w3m \"$1\" & sh URL"),
      (["BROWSER": "", "PATH": ""], nil),
      ([:], nil),
    ] as [([String: String], String?)])
  func browserCommand(environment: [String: String], expected: String?) {
    let url = URL(string: "https://example.com/a?b=1;rm -rf")!
    let command = BrowserLauncher(environment: environment).command(for: url)
    let text = command.map { ([$0.executable] + $0.arguments).joined(separator: " ") }
    #expect(text == expected?.replacingOccurrences(of: "URL", with: url.absoluteString))
    if command == nil {
      #expect(
        BrowserLauncher(environment: environment).open(url)
          == "No browser: set $BROWSER or install xdg-open. Link: \(url.absoluteString)")
    }
  }

  @Test("xdg-open is found on PATH when $BROWSER is not set")
  func xdgOpen() throws {
    let bin = folder.appending("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let opener = bin.appendingPathComponent("xdg-open")
    try Data("#!/bin/sh\n".utf8).write(to: opener)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
    let command = BrowserLauncher(environment: ["PATH": bin.path]).command(
      for: URL(string: "https://example.com/")!)
    #expect(command?.executable == opener.path)
    #expect(command?.arguments == ["https://example.com/"])
  }

  @Test("refresh-on-open refreshes every feed when the reader opens")
  func refreshOnOpen() async throws {
    let url = folder.appending("news.xml")
    try Data(FeedSamples.rss(title: "News", count: 2).utf8).write(to: url)
    _ = try library.store.add(url)
    let (harness, feeds) = makeHarness(refreshesOnOpen: true)
    await feeds.waitForTasks()
    await waitUntil("the refresh notice") { feeds.viewModel.notice != nil }
    await feeds.waitForTasks()
    await harness.settle()
    #expect(try library.store.record("1").items.count == 2)
    #expect(harness.text.contains("2 unread"))
  }
}
