import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintPostsFeatures

/// The terminal screens on the same interactor, drawn on a virtual terminal.
@MainActor
@Suite("posts' screens", .timeLimit(.minutes(10)))
struct ScreenTests {
  let posts: PostsServer
  let harness: ScreenHarness

  init() async throws {
    posts = try PostsServer()
    let repository = PostRepository(server: posts.server.baseURL, store: posts.store)
    harness = ScreenHarness(
      size: TerminalSize(columns: 50, rows: 12), root: makePostsStack(repository: repository))
  }

  @Test("the list shows the titles; Enter opens the selected post, Esc goes back")
  func openAndBack() async throws {
    await harness.settle()
    #expect(harness.text.contains("Hello from loopback"))
    #expect(harness.text.contains("A second post"))
    harness.press(.down, .enter)
    await harness.settle()
    #expect(harness.text.contains("#2"))
    #expect(harness.text.contains("Short."))
    #expect(!harness.text.contains("Hello from loopback"))
    harness.press(.escape)
    await harness.settle()
    #expect(harness.text.contains("Hello from loopback"))
  }

  @Test("r fetches the list again and shows what changed")
  func refresh() async throws {
    await harness.settle()
    let changed = [Post(userId: 1, id: 3, title: "Fresh news", body: "New.")]
    posts.server.setRoute("/posts", to: try PostsServer.reply(changed))
    harness.press(.character("r"))
    await harness.settle()
    #expect(harness.text.contains("Fresh news"))
    #expect(!harness.text.contains("Hello from loopback"))
    #expect(posts.server.requests.map(\.path) == ["/posts", "/posts"])
  }

  @Test("offline, the list is the saved copy and says from when")
  func offline() async throws {
    await harness.settle()
    let copy = SavedPosts(posts: [PostsServer.posts[1]], savedAt: Date(timeIntervalSince1970: 18e8))
    try posts.store.set(copy, forKey: "posts")
    posts.server.stop()
    harness.press(.character("r"))
    await harness.settle()
    #expect(harness.text.contains("Offline: the saved copy from 2027-01-15T08:00:00Z"))
    #expect(harness.text.contains("A second post"))
    #expect(!harness.text.contains("Hello from loopback"))
  }
}
