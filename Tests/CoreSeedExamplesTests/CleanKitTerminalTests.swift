import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

// CleanKit's screen, bound to the terminal shell the way its README binds it to
// SwiftUI: the screen maps each destination to a presentation; the app sets the
// ambient handlers. The posts come from the loopback server.

/// Fetches posts over HTTP with Blueprint's client.
struct LivePostRepository: PostRepository {
  let client: any HTTPClient
  let base: URL

  func fetchPosts() async throws -> [Post] {
    try await client.fetch(Endpoint(baseURL: base).path("posts"))
  }
}

enum HomeRoute: Hashable, Sendable { case detail(id: Int) }

/// The terminal counterpart of CleanKit's HomeView.
@MainActor final class HomeTerminalScreen: TerminalScreen {
  let interactor: HomeInteractor
  var binding: ScreenBinding<HomeViewModel>?

  init(context: ScreenContext<HomeRoute>, interactor: HomeInteractor) {
    self.interactor = interactor
    binding = context.bind(interactor) { destination in
      switch destination {
      case .detail(let id): .push(.detail(id: id))
      }
    }
  }

  var title: String { "Home" }

  func render(into frame: inout Frame, area: Rect) {
    LoadableView(interactor.viewModel.feed) { posts, frame, area in
      for (index, post) in posts.enumerated() where index < area.height {
        frame.draw(post.title, row: area.row + index, column: area.column + 1)
      }
    } empty: { frame, area in
      frame.draw("No posts", row: area.row, column: area.column + 1)
    }
    .render(into: &frame, area: area)
  }
}

/// A pushed screen.
@MainActor final class DetailScreen: TerminalScreen {
  let id: Int
  init(id: Int) { self.id = id }
  var title: String { "Post \(id)" }
  func render(into frame: inout Frame, area: Rect) {
    frame.draw("post #\(id)", row: area.row, column: area.column + 1)
  }
}

@Suite("CleanKit README: the screen in the terminal shell")
@MainActor
struct CleanKitTerminalTests {
  static func makeStack(_ interactor: HomeInteractor) -> ScreenStack<HomeRoute> {
    ScreenStack(router: Router<HomeRoute>()) { context in
      HomeTerminalScreen(context: context, interactor: interactor)
    } destination: { route, _ in
      switch route {
      case .detail(let id): DetailScreen(id: id)
      }
    }
  }

  @Test("prepare() runs once and loads the feed over HTTP; openDetail pushes")
  func loadAndNavigate() async throws {
    let server = try LoopbackServer(routes: [
      "/posts": .json(#"[{"id": 1, "title": "Hello"}, {"id": 2, "title": "World"}]"#)
    ])
    let repository = LivePostRepository(
      client: URLSessionHTTPClient(retry: .none), base: server.baseURL)
    let interactor = HomeInteractor(viewModel: HomeViewModel(), repository: repository)
    let harness = ScreenHarness(root: Self.makeStack(interactor))
    #expect(interactor.isPrepared)
    await interactor.waitForTasks()
    await harness.settle()
    let feed = interactor.viewModel.feed
    #expect(feed == .loaded([Post(id: 1, title: "Hello"), Post(id: 2, title: "World")]))
    #expect(harness.text.contains("Hello"))

    interactor.openDetail(2)
    await harness.settle()
    #expect(harness.text.contains("Home › Post 2"))
    #expect(harness.text.contains("post #2"))
    let pending = interactor.viewModel.navigation
    #expect(pending == nil)
  }

  @Test("an empty feed shows the screen's own empty rendering")
  func emptyFeed() async throws {
    let server = try LoopbackServer(routes: ["/posts": .json("[]")])
    let interactor = HomeInteractor(
      viewModel: HomeViewModel(),
      repository: LivePostRepository(
        client: URLSessionHTTPClient(retry: .none), base: server.baseURL))
    let harness = ScreenHarness(root: Self.makeStack(interactor))
    await interactor.waitForTasks()
    await harness.settle()
    #expect(harness.text.contains("No posts"))
  }

  @Test("the token's events: didAppear, minimumExposure(2) on the clock, didDisappear")
  func tokenEvents() async throws {
    let clock = ManualClock()
    let log = EventLog()
    let interactor = TrackedHomeInteractor(analytics: log, clock: clock)
    let router = Router<HomeRoute>()
    let stack = ScreenStack(router: router) { context in
      TrackedHomeTerminalScreen(context: context, interactor: interactor)
    } destination: { route, _ in
      switch route {
      case .detail(let id): DetailScreen(id: id)
      }
    }
    let harness = ScreenHarness(root: stack)
    interactor.openDetail(id: 7)
    await harness.settle()
    #expect(log.events == ["detail_shown"])
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(2))
    await interactor.waitForTasks()
    #expect(log.events == ["detail_shown", "detail_impression"])
    harness.press(.escape)
    await harness.settle()
    #expect(log.events == ["detail_shown", "detail_impression", "detail_closed"])
  }
}

@MainActor final class TrackedHomeTerminalScreen: TerminalScreen {
  var binding: ScreenBinding<HomeViewModel>?
  init(context: ScreenContext<HomeRoute>, interactor: TrackedHomeInteractor) {
    binding = context.bind(interactor) { destination in
      switch destination {
      case .detail(let id): .push(.detail(id: id))
      }
    }
  }
  var title: String { "Home" }
  func render(into frame: inout Frame, area: Rect) {}
}

@MainActor final class EventLog: Analytics {
  var events: [String] = []
  func log(_ event: String) { events.append(event) }
}
