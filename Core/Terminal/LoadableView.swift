public import Core

/// A spinner: one braille frame per animation tick.
public enum Spinner {
  /// The frames, in order.
  public static let frames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// Draws the spinner and a label, and asks the runtime for the next frame.
  ///
  /// - Parameters:
  ///   - label: What is going on, e.g. `Loading…`.
  ///   - frame: The frame to draw into.
  ///   - row: The row.
  ///   - column: The column.
  ///   - width: The width available.
  public static func render(
    _ label: String, into frame: inout Frame, row: Int, column: Int, width: Int
  ) {
    let glyph = frames[frame.animationTick % frames.count]
    frame.draw(
      glyph + " " + label, row: row, column: column, width: width, style: .header, sanitizing: false
    )
    frame.requestsAnimation = true
  }
}

/// Draws a ``Loadable``: a spinner while loading (over the previous value when there is
/// one, shown then), the message and the retry key when it failed, an empty state, or
/// the loaded content.
///
/// ```swift
/// LoadableView.render(model.todos, into: &frame, area: area, isEmpty: isEmpty,
///   emptyMessage: "Nothing to do") { todos, frame, area in
///   list.render(into: &frame, area: area, count: todos.count) { ListRow(todos[$0].title) }
/// }
/// ```
public enum LoadableView {
  /// The key that retries a failed load (`r`), for screens' key bindings.
  public static let retryKey = Key.character("r")

  /// Draws `loadable`.
  ///
  /// - Parameters:
  ///   - loadable: The state to show.
  ///   - frame: The frame to draw into.
  ///   - area: Where to draw.
  ///   - isEmpty: Whether a loaded value counts as empty.
  ///   - emptyMessage: What to say when it is empty.
  ///   - content: Draws a loaded (or previous) value.
  public static func render<Value>(
    _ loadable: Loadable<Value>, into frame: inout Frame, area: Rect,
    isEmpty: (Value) -> Bool = { _ in false }, emptyMessage: String = "Nothing here yet.",
    content: (Value, inout Frame, Rect) -> Void
  ) {
    guard area.height > 0 else { return }
    let body = Rect(row: area.row, column: area.column, width: area.width, height: area.height - 1)
    switch loadable {
    case .idle:
      break
    case .loading(let previous):
      if let previous {
        Spinner.render(
          "Refreshing…", into: &frame, row: area.bottom - 1, column: area.column + 1,
          width: area.width - 1)
        content(previous, &frame, body)
      } else {
        Spinner.render(
          "Loading…", into: &frame, row: area.row, column: area.column + 1, width: area.width - 1)
      }
    case .loaded(let value):
      if isEmpty(value) {
        frame.draw(
          emptyMessage, row: area.row, column: area.column + 1, width: area.width - 1,
          style: .secondary, sanitizing: false)
      } else {
        content(value, &frame, area)
      }
    case .failed(let error, let previous):
      let message = CommandLineErrorDescription.describe(error).terminalSafe
      let line = "✗ " + message + "  (" + KeyBinding.name(of: retryKey) + " to retry)"
      if let previous {
        frame.draw(
          line, row: area.bottom - 1, column: area.column + 1, width: area.width - 1, style: .error)
        content(previous, &frame, body)
      } else {
        frame.draw(
          line, row: area.row, column: area.column + 1, width: area.width - 1, style: .error)
      }
    }
  }
}
