#if canImport(SwiftUI)
  import BlueprintPostsFeatures
  import Core
  import CoreSwiftUI
  import SwiftUI

  /// The list of posts on the terminal's ``HomeInteractor``: a post opens by its
  /// navigation intent, Refresh (⌘R) reloads, a saved copy says so and from when.
  struct HomeView: View {
    @State private var interactor: HomeInteractor

    init(repository: PostRepository) {
      _interactor = State(
        initialValue: HomeInteractor(viewModel: HomeViewModel(), repository: repository))
    }

    var body: some View {
      NavigationStack {
        LoadableView(interactor.viewModel.feed) { posts in
          List(posts) { post in
            Button(post.title) { interactor.openDetail(post.id) }
          }
        } empty: {
          ContentUnavailableView("No posts", systemImage: "tray")
        }
        .safeAreaInset(edge: .bottom) {
          if let savedAt = interactor.viewModel.savedAt {
            Text("Offline: the saved copy from \(savedAt.formatted(.iso8601))").font(.footnote)
          }
        }
        .toolbar { Button("Refresh") { interactor.loadFeed() }.keyboardShortcut("r") }
        .navigationTitle("Posts")
      }
      .bind(interactor) { destination in
        switch destination {
        case .detail(let id): .push { PostView(post: interactor.viewModel.post(id)) }
        }
      }
    }
  }

  /// One post of the list.
  struct PostView: View {
    let post: Post?

    var body: some View {
      ScrollView {
        VStack(alignment: .leading, spacing: 12) {
          Text(post?.title ?? "").font(.title2)
          Text(post?.body ?? "")
        }
        .padding()
      }
      .navigationTitle(post.map { "#\($0.id)" } ?? "")
    }
  }
#endif
