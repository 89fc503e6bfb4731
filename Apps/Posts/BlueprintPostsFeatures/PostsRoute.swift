internal import CoreBase
package import CoreTerminal

/// The screens the terminal UI pushes: a post of the list, by its number.
package enum PostsRoute: Hashable, Sendable { case post(id: Int) }

/// The terminal UI: the list (``HomeScreen``) at the root, a post of it pushed on it
/// (``PostScreen``).
@MainActor
package func makePostsStack(repository: PostRepository) -> ScreenStack<PostsRoute> {
  let home = HomeInteractor(viewModel: HomeViewModel(), repository: repository)
  return ScreenStack(
    router: Router<PostsRoute>(), root: { HomeScreen(context: $0, interactor: home) },
    destination: { route, _ in
      switch route {
      case .post(let id):
        PostScreen(post: home.viewModel.post(id) ?? Post(userId: 0, id: id, title: "", body: ""))
      }
    })
}
