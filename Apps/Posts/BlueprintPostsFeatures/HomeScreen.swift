internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// The list of posts in the terminal; a saved copy says so, and from when, above it.
final class HomeScreen: TerminalScreen {
  let interactor: HomeInteractor
  var list = ListView()

  init(context: ScreenContext<PostsRoute>, interactor: HomeInteractor) {
    self.interactor = interactor
    context.bind(interactor) { destination in
      switch destination {
      case .detail(let id): .push(.post(id: id))
      }
    }
  }

  var title: String { "Posts" }
  var posts: [Post] { interactor.viewModel.feed.value ?? [] }
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
