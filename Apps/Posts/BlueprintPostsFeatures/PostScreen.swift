internal import CoreTerminal

/// The detail: one post in the terminal, its title, then its text, wrapped to the width.
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
