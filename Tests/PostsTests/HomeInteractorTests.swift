import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintPostsFeatures

/// The list's interactor alone, as both shells drive it: no terminal, no process, and the
/// client's waits between tries on a clock the test moves.
@MainActor
@Suite("HomeInteractor", .timeLimit(.minutes(10)))
struct HomeInteractorTests {
  let clock = ManualClock()
  let posts: PostsServer
  init() throws { posts = try PostsServer() }

  /// The list's interactor on `server`, with the app's client on `clock`.
  func home(_ server: LoopbackServer) -> HomeInteractor {
    let client = PostRepository.makeClient(clock: clock)
    let repository = PostRepository(client: client, server: server.baseURL, store: posts.store)
    return HomeInteractor(viewModel: HomeViewModel(), repository: repository)
  }

  /// Moves the clock past the client's next `count` waits, each at most the policy's cap.
  func advance(waits count: Int) async {
    for _ in 0..<count {
      await clock.waitForSleepers(1)
      clock.advance(by: .seconds(2))
    }
  }

  @Test("a 503 is tried again after a wait on the clock, then the list; a post opens by number")
  func load() async throws {
    let server = try LoopbackServer(replies: [.status(503), PostsServer.reply(PostsServer.posts)])
    let home = home(server)
    home.prepare()
    await advance(waits: 1)
    await home.waitForTasks()
    #expect(server.requests.map(\.path) == ["/posts", "/posts"])
    #expect(home.viewModel.feed.value == PostsServer.posts)
    #expect(home.viewModel.savedAt == nil)
    home.openDetail(2)
    switch try #require(home.viewModel.navigation).destination {
    case .detail(let id): #expect(home.viewModel.post(id) == PostsServer.posts[1])
    }
  }

  @Test("offline: the error after three tries; once a copy is saved, the copy and its date")
  func offline() async throws {
    posts.server.stop()
    let home = home(posts.server)
    home.prepare()
    await advance(waits: 2)
    await home.waitForTasks()
    #expect((home.viewModel.feed.error as? APIError)?.isRetryable == true)
    #expect(home.viewModel.feed.value == nil)  // no list to keep, no copy to show
    let saved = SavedPosts(posts: [PostsServer.posts[1]], savedAt: Date(timeIntervalSince1970: 1e9))
    try posts.store.set(saved, forKey: "posts")
    home.loadFeed()
    await advance(waits: 2)
    await home.waitForTasks()
    #expect(clock.sleepDurations.count == 4)
    #expect(home.viewModel.feed.value == [PostsServer.posts[1]])
    #expect(home.viewModel.savedAt == saved.savedAt)
  }
}
