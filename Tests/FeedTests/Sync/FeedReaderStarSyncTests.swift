import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

/// The reader's star key with a sync server set up: the star shows at once, is kept for
/// the next process, and reaches the server at the next sync — the command line's
/// refresh or the reader's own.
@MainActor
@Suite("The reader's star key, synced", .timeLimit(.minutes(10)))
struct FeedReaderStarSyncTests {
  @Test("s stars the selected item and s again unstars it; each reaches the server at a sync")
  func starKey() async throws {
    let fake = try GoogleReaderFake()
    defer { fake.stop() }
    let stream = fake.subscribe("http://example.com/news.xml", title: "News")
    fake.publish("Older", in: stream)
    fake.publish("Newer", in: stream)
    let home = try await FakeSyncedHome(fake)
    defer { home.stop() }
    try await home.home.runToExit(["refresh"])
    let reader = await FeedReaderSyncHarness(home)
    await reader.press(.enter)
    #expect(reader.text.contains("• Newer") && !reader.text.contains("★"), "\(reader.text)")

    await reader.press(.character("s"))
    #expect(reader.text.contains("• ★ Newer") && reader.text.contains("• Older"), "\(reader.text)")
    #expect(try await home.item("Newer").starred)
    #expect(try await !home.item("Older").starred)
    #expect(fake.item("Newer")?.starred == false, "a star waits for the next sync")
    try await home.home.runToExit(["refresh"])
    #expect(fake.items.filter(\.starred).map(\.title) == ["Newer"])

    await reader.press(.character("s"))
    #expect(!reader.text.contains("★"), "\(reader.text)")
    #expect(try await !home.item("Newer").starred)
    // The reader's own refresh sends it (its notice is the feeds screen's).
    await reader.press(.escape, .character("r"))
    #expect(reader.text.contains("sent 1 mark, received 0"), "\(reader.text)")
    #expect(fake.items.filter(\.starred).isEmpty)

    // The key stars the item selected, not the first.
    await reader.press(.enter, .down, .character("s"))
    #expect(reader.text.contains("• ★ Older") && reader.text.contains("• Newer"), "\(reader.text)")
    #expect(try await home.items().filter(\.starred).map(\.title) == ["Older"])
  }
}
