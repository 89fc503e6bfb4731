package import CoreBase
internal import CoreTerminal
package import Foundation
internal import Observation

/// Where the list of posts leads.
package enum HomeDestination { case detail(id: Int) }

/// The list screen's state; the terminal and SwiftUI draw it.
@Observable @MainActor
package final class HomeViewModel: NavigableViewModel {
  package var navigation: NavigationIntent<HomeDestination>?
  package var feed: Loadable<[Post]> = .idle
  /// When the list shown was saved, if it is the saved copy (the server was not reached).
  package var savedAt: Date?
  package init() {}

  /// The post `id` of the list shown, for its detail screen.
  package func post(_ id: Int) -> Post? { feed.value?.first { $0.id == id } }
}

/// The list's logic: loading (on first appearance and on refresh) and opening a post.
@MainActor
package final class HomeInteractor: Interactor<HomeViewModel> {
  private let repository: PostRepository

  package init(viewModel: HomeViewModel, repository: PostRepository) {
    self.repository = repository
    super.init(viewModel: viewModel)
  }

  package override func prepare() {
    super.prepare()
    loadFeed()
  }

  package func loadFeed() {
    load(\.feed, keepingPreviousValue: true) {
      let list = try await repository.posts()
      viewModel.savedAt = list.savedAt
      return list.posts
    }
  }

  package func openDetail(_ id: Int) { navigate(to: .detail(id: id)) }
}

/// The list in the terminal; a saved copy says so, and from when, above it.
final class HomeScreen: TerminalScreen {
  let interactor: HomeInteractor
  var list = ListView()
  var title: String { "Posts" }
  var posts: [Post] { interactor.viewModel.feed.value ?? [] }

  init(context: ScreenContext<PostsRoute>, interactor: HomeInteractor) {
    self.interactor = interactor
    context.bind(interactor) { destination in
      switch destination {
      case .detail(let id): .push(.post(id: id))
      }
    }
  }

  var keyBindings: [KeyBinding] {
    [
      KeyBinding(keys: [.up, .down], "Move", label: "↑↓"),
      KeyBinding(.enter, "Open") { [unowned self] in
        posts.dropFirst(list.selection).first.map { interactor.openDetail($0.id) }
      },
      KeyBinding(LoadableView.retryKey, "Refresh") { [unowned self] in interactor.loadFeed() },
    ]
  }

  func render(into frame: inout Frame, area: Rect) {
    var rows = RowStack(area)
    if let savedAt = interactor.viewModel.savedAt {
      let note = "Offline: the saved copy from \(savedAt.formatted(.iso8601))"
      frame.draw(note, in: rows.next().inset(leading: 1), style: .secondary)
    }
    LoadableView.render(
      interactor.viewModel.feed, into: &frame, area: rows.next(rows.height), isEmpty: \.isEmpty,
      emptyMessage: "No posts."
    ) { posts, frame, area in
      list.render(into: &frame, area: area, count: posts.count) { ListRow(posts[$0].title) }
    }
  }

  func handle(_ event: InputEvent) -> Bool { list.handle(event, count: posts.count) }
}
