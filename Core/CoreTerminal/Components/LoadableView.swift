public import CoreBase

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

/// Draws a `Loadable`: a spinner while loading (over the previous value when there is
/// one, shown then), the message and the retry key when it failed, an empty state, or
/// the loaded content. Loading, failed and empty have defaults; each can be replaced,
/// as with CleanKit's `LoadableView(feed) { … } loading: { … } failed: { … } empty: { … }`.
///
/// <!-- doc-test: context
/// struct Todo { var title: String }
/// @MainActor final class Model { var todos: Loadable<[Todo]> = .idle }
/// let model = Model()
/// var list = ListView()
/// var frame = Frame(size: TerminalSize(columns: 40, rows: 10))
/// let area = Rect(row: 0, column: 0, width: 40, height: 10)
/// -->
/// ```swift
/// LoadableView(model.todos) { todos, frame, area in
///   list.render(into: &frame, area: area, count: todos.count) { ListRow(todos[$0].title) }
/// } empty: { frame, area in
///   frame.draw("Nothing to do", row: area.row, column: area.column + 1)
/// }
/// .render(into: &frame, area: area)
/// ```
///
/// The indicator renderings (`loading`, `failed`) get the area the default would use:
/// the whole area when there is nothing to show, the bottom row under a kept previous
/// value.
public struct LoadableView {
  /// Draws into a frame.
  public typealias Drawing = (inout Frame, Rect) -> Void
  /// Draws a failure.
  public typealias FailureDrawing = (any Error, inout Frame, Rect) -> Void

  private let draw: Drawing

  /// The key that retries a failed load (`r`), for screens' key bindings.
  public static let retryKey = Key.character("r")

  /// A view of `loadable` with the given renderings; nil ones use the defaults.
  ///
  /// - Parameters:
  ///   - loadable: The state to show.
  ///   - content: Draws a loaded (or kept previous) value.
  ///   - loading: Draws the loading indicator.
  ///   - failed: Draws a failure.
  ///   - empty: Draws a loaded collection with nothing in it (a default message when
  ///     nil); values that are not collections are never empty.
  public init<Value>(
    _ loadable: Loadable<Value>,
    content: @escaping (Value, inout Frame, Rect) -> Void,
    loading: Drawing? = nil,
    failed: FailureDrawing? = nil,
    empty: Drawing? = nil
  ) {
    draw = { frame, area in
      Self.render(
        loadable, into: &frame, area: area,
        isEmpty: { ($0 as? any Collection)?.isEmpty ?? false }, empty: empty,
        loading: loading, failed: failed, content: content)
    }
  }

  /// Draws the view.
  ///
  /// - Parameters:
  ///   - frame: The frame to draw into.
  ///   - area: Where to draw.
  public func render(into frame: inout Frame, area: Rect) {
    draw(&frame, area)
  }

  /// Draws `loadable` with the default loading and failed renderings.
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
    render(
      loadable, into: &frame, area: area, isEmpty: isEmpty,
      empty: { frame, area in
        frame.draw(
          emptyMessage, row: area.row, column: area.column + 1, width: area.width - 1,
          style: .secondary, sanitizing: false)
      }, loading: nil, failed: nil, content: content)
  }

  private static func render<Value>(
    _ loadable: Loadable<Value>, into frame: inout Frame, area: Rect,
    isEmpty: (Value) -> Bool, empty: Drawing?, loading: Drawing?, failed: FailureDrawing?,
    content: (Value, inout Frame, Rect) -> Void
  ) {
    guard area.height > 0 else { return }
    let body = Rect(row: area.row, column: area.column, width: area.width, height: area.height - 1)
    let bottom = Rect(row: area.bottom - 1, column: area.column, width: area.width, height: 1)
    switch loadable {
    case .idle:
      break
    case .loading(let previous):
      if let previous {
        (loading ?? defaultLoading("Refreshing…"))(&frame, bottom)
        content(previous, &frame, body)
      } else {
        (loading ?? defaultLoading("Loading…"))(&frame, area)
      }
    case .loaded(let value):
      if isEmpty(value) {
        (empty ?? defaultEmpty)(&frame, area)
      } else {
        content(value, &frame, area)
      }
    case .failed(let error, let previous):
      if let previous {
        (failed ?? defaultFailed)(error, &frame, bottom)
        content(previous, &frame, body)
      } else {
        (failed ?? defaultFailed)(error, &frame, area)
      }
    }
  }

  private static func defaultLoading(_ label: String) -> Drawing {
    { frame, area in
      Spinner.render(
        label, into: &frame, row: area.row, column: area.column + 1, width: area.width - 1)
    }
  }

  private static func defaultEmpty(_ frame: inout Frame, _ area: Rect) {
    frame.draw(
      "Nothing here yet.", row: area.row, column: area.column + 1, width: area.width - 1,
      style: .secondary, sanitizing: false)
  }

  private static func defaultFailed(_ error: any Error, _ frame: inout Frame, _ area: Rect) {
    let message = CommandLineErrorDescription.describe(error).terminalSafe
    let line = "✗ " + message + "  (" + KeyBinding.name(of: retryKey) + " to retry)"
    frame.draw(line, row: area.row, column: area.column + 1, width: area.width - 1, style: .error)
  }
}
