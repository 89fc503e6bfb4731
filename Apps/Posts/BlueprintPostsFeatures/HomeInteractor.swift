package import CoreBase
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
