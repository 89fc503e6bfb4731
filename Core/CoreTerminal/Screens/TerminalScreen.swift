import CoreBase

/// A screen of a terminal app: a title, the keys it takes, how it draws, what it does
/// with input.
///
/// Screens are classes on the main actor; they read their view model in
/// ``render(into:area:)`` and the runtime re-renders when anything read there changes.
///
/// <!-- doc-test: skip a fragment: `TodoListModel`, `TodoRoute`, `TodoStore`, `TodoListInteractor` and more come from its surroundings -->
/// ```swift
/// final class TodoListScreen: TerminalScreen {
///   let binding: ScreenBinding<TodoListModel>
///   var list = ListView()
///   init(context: ScreenContext<TodoRoute>, store: TodoStore) {
///     binding = context.bind(TodoListInteractor(store: store))
///   }
///   var title: String { "Todos" }
///   func render(into frame: inout Frame, area: Rect) { … }
///   func handle(_ event: InputEvent) -> Bool { list.handle(event, count: todos.count) }
/// }
/// ```
@MainActor
public protocol TerminalScreen: AnyObject {
  /// The title shown in the header's breadcrumb.
  var title: String { get }
  /// The keys the screen takes; the footer and the help overlay show them.
  var keyBindings: [KeyBinding] { get }
  /// Whether a text field has focus: Backspace and Left then edit instead of going back,
  /// and `?` and `q` are typed instead of opening help or quitting.
  var isEditingText: Bool { get }
  /// Draws the screen's content.
  ///
  /// - Parameters:
  ///   - frame: The frame to draw into.
  ///   - area: The content area (between the header and the status line).
  func render(into frame: inout Frame, area: Rect)
  /// Handles input before the key bindings' actions run.
  ///
  /// - Parameter event: A key or a paste.
  /// - Returns: Whether the screen used the event.
  func handle(_ event: InputEvent) -> Bool
}

extension TerminalScreen {
  /// No key bindings.
  public var keyBindings: [KeyBinding] { [] }
  /// No text field.
  public var isEditingText: Bool { false }
  /// Uses no input; bindings' actions still run.
  ///
  /// - Parameter event: A key or a paste.
  /// - Returns: false.
  public func handle(_ event: InputEvent) -> Bool { false }
}

/// Something the runtime can show: the screen stack, or any custom root.
@MainActor
public protocol TerminalView: AnyObject {
  /// Draws the whole frame.
  ///
  /// - Parameter frame: A blank frame the size of the terminal.
  func render(into frame: inout Frame)
  /// Handles a key or paste.
  ///
  /// - Parameter event: The event.
  /// - Returns: Whether anything used it.
  func handle(_ event: InputEvent) -> Bool
  /// Set by the runtime: call it to end the app.
  var requestQuit: (@MainActor () -> Void)? { get set }
  /// Whether the view's screens are running work whose results they will show (a
  /// ``ScreenStack``: its interactors' tasks); ``TerminalRuntime/isSettled`` reads it.
  var isWorking: Bool { get }
}

extension TerminalView {
  /// No work of its own.
  public var isWorking: Bool { false }
}
