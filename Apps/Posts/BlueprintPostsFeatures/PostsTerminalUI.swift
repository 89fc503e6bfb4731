internal import CoreBase
package import CoreTerminal

/// The screens the terminal UI pushes: a post of the list, by its number.
package enum PostsRoute: Hashable, Sendable { case post(id: Int) }

/// The terminal UI: the list at the root, a post of it pushed on it (``PostScreen``).
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

/// One post in the terminal: its title, then its text, wrapped to the width.
final class PostScreen: TerminalScreen {
  let post: Post
  init(post: Post) { self.post = post }
  var title: String { "#\(post.id)" }
  var keyBindings: [KeyBinding] { [KeyBinding(.escape, "Back")] }

  func render(into frame: inout Frame, area: Rect) {
    let text = area.inset(leading: 1, trailing: 1)
    let title = post.title.wrapped(toWidth: text.width)
    let body = post.body.split(separator: "\n", omittingEmptySubsequences: false)
    let lines = title + [""] + body.flatMap { $0.wrapped(toWidth: text.width) }
    for (index, line) in lines.prefix(area.height).enumerated() {
      frame.draw(line, in: text.line(index), style: index < title.count ? .bold : .plain)
    }
  }
}
