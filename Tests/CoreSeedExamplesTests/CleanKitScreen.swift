import Core
import Foundation

// The complete screen of CleanKit's README — view model and interactor — as written,
// with the spaces the saved page lost put back. The view (HomeView) is in
// CleanKitViews.swift, compiled where SwiftUI exists; CleanKitTerminalTests.swift
// binds the same interactor to the terminal shell.

struct Post: Identifiable, Hashable, Sendable, Codable {
  let id: Int
  let title: String
}

protocol PostRepository: Sendable {
  func fetchPosts() async throws -> [Post]
}

// 1. The ViewModel — a passive @Observable state container

enum HomeDestination { case detail(id: Int) }

@Observable @MainActor final class HomeViewModel: NavigableViewModel {
  var navigation: NavigationIntent<HomeDestination>?
  var feed: Loadable<[Post]> = .idle  // per-content load state
}

// 2. The Interactor — all the logic

@MainActor final class HomeInteractor: Interactor<HomeViewModel> {
  // Inject whatever you like via a custom init — CleanKit is DI-agnostic.
  private let repository: PostRepository
  init(viewModel: HomeViewModel, repository: PostRepository) {
    self.repository = repository
    super.init(viewModel: viewModel)
  }
  // Called once, on the bound view's first appearance.
  override func prepare() {
    super.prepare()
    loadFeed()
  }
  func loadFeed() { load(\.feed) { try await repository.fetchPosts() } }
  func openDetail(_ id: Int) { navigate(to: .detail(id: id)) }
}

// Async work without async in the View

struct Form: Sendable { var text = "" }

protocol FormAPI: Sendable {
  func submit(_ form: Form) async throws
}

@Observable @MainActor final class FormViewModel: ViewModel {}

@MainActor final class FormInteractor: Interactor<FormViewModel> {
  let api: FormAPI
  var form = Form()

  init(api: FormAPI) {
    self.api = api
    super.init(viewModel: FormViewModel())
  }

  func submit() {
    asyncTask { try await api.submit(form) }
    // On failure the error is routed to the interactor's error handlers (see below).
    // Guarded by the interactor's busy flag: a second call while busy is ignored.
  }
}

// Observing a destination's lifecycle

protocol Analytics: Sendable {
  @MainActor func log(_ event: String)
}

@MainActor final class TrackedHomeInteractor: Interactor<HomeViewModel> {
  let analytics: Analytics

  init(analytics: Analytics, clock: any Clock<Duration>) {
    self.analytics = analytics
    super.init(viewModel: HomeViewModel(), clock: clock)
  }

  func openDetail(id: Int) {
    let token = navigate(to: .detail(id: id))
    observe(token, .didAppear) { analytics.log("detail_shown") }
    observe(token, .minimumExposure(2)) { analytics.log("detail_impression") }  // visible ≥ 2s
    observe(token, .didDisappear) { analytics.log("detail_closed") }
  }
}

// Last-minute setup with setup:

struct Item: Identifiable, Hashable, Sendable {
  let id: Int
  let title: String
}

@Observable @MainActor final class ItemListViewModel: ViewModel {
  var items: [Item] = []
}

@MainActor final class ItemListInteractor: Interactor<ItemListViewModel> {
  var onSelect: ((Item) -> Void)?

  func select(_ item: Item) { onSelect?(item) }
}
