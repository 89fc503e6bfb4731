#if canImport(SwiftUI)
  import CoreSwiftUI
  import SwiftUI
  #if os(iOS) || os(macOS) || os(visionOS)
    import UniformTypeIdentifiers
  #endif

  // The SwiftUI parts of CleanKit's README, as written (spaces restored). Compiled where
  // SwiftUI exists (the Apple CI jobs); on Linux `.ci/run` type-checks it against
  // SwiftUI's interface.

  struct PreviewPostRepository: PostRepository {
    func fetchPosts() async throws -> [Post] { [Post(id: 1, title: "Hello")] }
  }

  struct DetailView: View {
    let id: Int
    var body: some View { Text("Post \(id)") }
  }

  // 3. The View — declarative, no async

  struct HomeView: View {
    @State private var interactor = HomeInteractor(
      viewModel: HomeViewModel(),
      repository: PreviewPostRepository())
    var body: some View {
      NavigationStack {
        LoadableView(interactor.viewModel.feed) { posts in
          List(posts) { post in
            Button(post.title) { interactor.openDetail(post.id) }
          }
        } empty: {
          ContentUnavailableView("No posts", systemImage: "tray")
        }
        .navigationTitle("Home")
      }
      .bind(interactor) { destination in
        switch destination {
        case .detail(let id): .push { DetailView(id: id) }
        }
      }
    }
  }

  // Last-minute setup with setup:

  struct ItemListView: View {
    @State private var interactor = ItemListInteractor(viewModel: ItemListViewModel())
    // Provided by the parent view.
    let onSelect: (Item) -> Void
    var body: some View {
      List(interactor.viewModel.items) { item in
        Button(item.title) { interactor.select(item) }
      }
      .bind(interactor) { interactor in
        interactor.onSelect = onSelect  // wired before prepare()
      }
    }
  }

  // Error & busy handling

  struct ToastingView: View {
    @State private var interactor = FormInteractor(api: NoAPI())
    @State private var isBusy = false
    @State private var toast: String?

    func showToast(_ error: any Error) { toast = "\(error)" }

    var body: some View {
      Button("Submit") { interactor.submit() }
        // Per-bind: this screen handles its own error / spinner.
        .bind(
          interactor,
          onError: { error in
            showToast(error)
            return true
          },  // return true = handled, stop
          onBusy: { isBusy = $0 })
    }
  }

  struct NoAPI: FormAPI {
    func submit(_ form: Form) async throws {}
  }

  func log(_ error: any Error) { print(error) }

  struct RootView: View {
    var body: some View { HomeView() }
  }

  struct AmbientRoot: View {
    @State private var isOverlayShown = false

    func showGlobalOverlay(_ busy: Bool) { isOverlayShown = busy }

    var body: some View {
      // Ambient: a fallback for every interactor bound below, e.g. at the app root.
      RootView().onInteractorError { error in log(error) }.onInteractorBusy {
        showGlobalOverlay($0)
      }
    }
  }

  // Loadable content

  struct PostRow: View {
    let post: Post
    var body: some View { Text(post.title) }
  }

  struct FeedView: View {
    let vm: HomeViewModel

    var body: some View {
      LoadableView(vm.feed) { posts in
        List(posts) { PostRow(post: $0) }
      } loading: {
        ProgressView()
      } failed: { error in
        Text(error.localizedDescription)
      } empty: {
        ContentUnavailableView("No posts", systemImage: "tray")
      }
    }
  }

  // Navigation: the View decides how to present each destination.

  enum MenuDestination {
    case detail(id: Int)
    case settings
    case confirmDelete
  }

  @Observable @MainActor final class MenuViewModel: NavigableViewModel {
    var navigation: NavigationIntent<MenuDestination>?
  }

  @MainActor final class MenuInteractor: Interactor<MenuViewModel> {
    func delete() {}
  }

  struct SettingsView: View {
    var body: some View { Text("Settings") }
  }

  struct MenuView: View {
    @State private var interactor = MenuInteractor(viewModel: MenuViewModel())

    var body: some View {
      Text("Menu")
        .bind(interactor) { destination in
          switch destination {
          case .detail(let id): .push { DetailView(id: id) }
          case .settings: .sheet { SettingsView() }
          case .confirmDelete:
            .alert("Delete?") { Button("Delete", role: .destructive) { interactor.delete() } }
          }
        }
    }
  }

  // The platform-gated styles, gated as CleanKit says.

  struct GatedStylesView: View {
    @State private var interactor = MenuInteractor(viewModel: MenuViewModel())
    let file: URL

    var body: some View {
      Text("Gated").bind(interactor) { destination in present(destination) }
    }

    func present(_ destination: MenuDestination) -> ViewPresentation {
      switch destination {
      case .detail(let id):
        #if !os(macOS)
          return .fullScreenCover { DetailView(id: id) }
        #else
          return .sheet { DetailView(id: id) }
        #endif
      case .settings:
        #if canImport(QuickLook)
          return .quickLook(file)
        #else
          return .perform {}
        #endif
      case .confirmDelete:
        #if os(iOS) || os(macOS) || os(visionOS)
          return .fileImporter(allowedContentTypes: [.plainText]) { _ in }
        #else
          return .confirmationDialog("Delete?") { Button("Delete", role: .destructive) {} }
        #endif
      }
    }
  }
#endif
