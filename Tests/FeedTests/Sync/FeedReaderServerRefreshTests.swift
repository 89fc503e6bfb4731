import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

/// The reader's refresh with a sync server set up: one sync with the server instead of
/// fetching each site; what it did in the notice; a failure shown, nothing lost.
@MainActor
@Suite("The reader's refresh through the sync server", .timeLimit(.minutes(10)))
struct FeedReaderServerRefreshTests {
  let fake: GoogleReaderFake
  /// The site of the one subscription: the reader must not fetch it.
  let site: LoopbackServer

  init() throws {
    fake = try GoogleReaderFake()
    site = try LoopbackServer(routes: [:])
  }

  /// A home synced with the server's one feed, `News`, and its item `One`.
  func syncedHome() async throws -> FakeSyncedHome {
    let stream = fake.subscribe(site.url("/news.xml").absoluteString, title: "News")
    fake.publish("One", in: stream)
    let home = try await FakeSyncedHome(fake)
    try await home.home.runToExit(["refresh"])
    return home
  }

  @Test("r gets the server's new items, marks and feeds, says so, and fetches no site")
  func refresh() async throws {
    defer {
      fake.stop()
      site.stop()
    }
    let home = try await syncedHome()
    defer { home.stop() }
    let reader = await FeedReaderSyncHarness(home)
    #expect(reader.text.contains("News") && reader.text.contains("1 unread"), "\(reader.text)")
    fake.publish("Two", in: "feed/1")
    fake.publish("Three", in: "feed/1")
    fake.mark("One", read: true)
    let other = fake.subscribe("http://example.com/other.xml", title: "Other")
    fake.publish("Elsewhere", in: other)
    let before = fake.server.requests.count

    await reader.press(.character("r"))
    #expect(
      reader.text.contains(
        "3 new items from the server; sent 0 marks, received 1; subscriptions: 1 added here"),
      "\(reader.text)")
    #expect(reader.text.contains("News") && reader.text.contains("2 unread"), "\(reader.text)")
    #expect(reader.text.contains("Other"), "\(reader.text)")
    #expect(fake.server.requests.count > before)
    #expect(site.requests.isEmpty, "the reader fetched the site instead of the server")
    await reader.press(.enter)
    #expect(reader.text.contains("• Three") && reader.text.contains("• Two"), "\(reader.text)")
    #expect(reader.text.contains("  One") && !reader.text.contains("• One"), "\(reader.text)")
  }

  @Test(
    "a server that fails or is gone shows as an error; the feeds, items and marks stay",
    arguments: [GoogleReaderFake.Mode.failing(500), .unreachable])
  func failure(mode: GoogleReaderFake.Mode) async throws {
    defer {
      fake.stop()
      site.stop()
    }
    let home = try await syncedHome()
    defer { home.stop() }
    let before = try await home.items()
    let reader = await FeedReaderSyncHarness(home)
    fake.publish("Two", in: "feed/1")
    fake.mode = mode

    await reader.press(.character("r"))
    #expect(reader.text.contains("the sync stopped"), "\(reader.text)")
    #expect(reader.text.contains("News") && reader.text.contains("1 unread"), "\(reader.text)")
    #expect(!reader.text.contains("refreshing"), "\(reader.text)")
    #expect(site.requests.isEmpty)
    #expect(try await home.items() == before)

    // The server back: the next r brings what the failed one did not.
    fake.mode = .up
    await reader.press(.character("r"))
    #expect(reader.text.contains("1 new item from the server"), "\(reader.text)")
    #expect(reader.text.contains("2 unread"), "\(reader.text)")
  }
}
