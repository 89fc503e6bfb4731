public import CoreBase

/// How the terminal shows a destination: the view's side of navigation.
///
/// A screen binds its interactor with a mapping from each destination to a
/// presentation, as CleanKit's `.bind(interactor) { destination in … }` does; the
/// interactor only says where to go.
///
/// <!-- doc-test: skip a fragment: `context`, `interactor`, `SettingsScreen` come from its surroundings -->
/// ```swift
/// context.bind(interactor) { destination in
///   switch destination {
///   case .detail(let id): .push(.detail(id: id))
///   case .settings: .sheet { context in SettingsScreen(context: context) }
///   case .confirmDelete(let id):
///     .confirmationDialog("Delete?") {
///       IntentAction("Delete", role: .destructive) { interactor.delete(id) }
///     }
///   }
/// }
/// ```
///
/// A pushed screen is a route on the stack's `Router` (so Esc, restoration and deep
/// links work); the stack's `destination` closure builds it unless `content` is given.
/// A sheet needs no route. The navigation's token reports the shown screen's (or
/// prompt's) appearance and disappearance.
public struct ScreenPresentation<Route: Hashable & Sendable> {
  /// Builds a screen in its own context.
  public typealias Content = @MainActor (ScreenContext<Route>) -> any TerminalScreen

  enum Style {
    case push(Route, Content?)
    case sheet(Route?, Content?)
    case prompt(title: String, message: String?, actions: [IntentAction], isDialog: Bool)
    case perform(@MainActor () -> Void)
  }

  let style: Style

  /// Pushes `route`; the stack's `destination` closure builds its screen.
  ///
  /// - Parameter route: The route to push.
  /// - Returns: The presentation.
  public static func push(_ route: Route) -> ScreenPresentation {
    ScreenPresentation(style: .push(route, nil))
  }

  /// Pushes `route` with a screen built here instead of by the stack.
  ///
  /// - Parameters:
  ///   - route: The route the screen stands for (breadcrumb, restoration, back).
  ///   - content: Builds the screen.
  /// - Returns: The presentation.
  public static func push(_ route: Route, content: @escaping Content) -> ScreenPresentation {
    ScreenPresentation(style: .push(route, content))
  }

  /// Shows `route`'s screen, built by the stack, as a modal sheet over this one.
  ///
  /// - Parameter route: The route.
  /// - Returns: The presentation.
  public static func sheet(_ route: Route) -> ScreenPresentation {
    ScreenPresentation(style: .sheet(route, nil))
  }

  /// Shows a screen built here as a modal sheet over this one.
  ///
  /// - Parameter content: Builds the screen.
  /// - Returns: The presentation.
  public static func sheet(content: @escaping Content) -> ScreenPresentation {
    ScreenPresentation(style: .sheet(nil, content))
  }

  /// An alert: a title, an optional message and buttons (one "OK" when none).
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - message: The message, or nil.
  ///   - actions: The buttons.
  /// - Returns: The presentation.
  public static func alert(
    _ title: String, message: String? = nil,
    @IntentActionsBuilder actions: () -> [IntentAction] = { [] }
  ) -> ScreenPresentation {
    ScreenPresentation(
      style: .prompt(title: title, message: message, actions: actions(), isDialog: false))
  }

  /// A confirmation dialog: a choice of actions; a "Cancel" button is added when none
  /// has the cancel role.
  ///
  /// - Parameters:
  ///   - title: The question.
  ///   - message: More detail, or nil.
  ///   - actions: The choices.
  /// - Returns: The presentation.
  public static func confirmationDialog(
    _ title: String, message: String? = nil, @IntentActionsBuilder actions: () -> [IntentAction]
  ) -> ScreenPresentation {
    ScreenPresentation(
      style: .prompt(title: title, message: message, actions: actions(), isDialog: true))
  }

  /// No screen: runs `action`, e.g. to open a link or quit.
  ///
  /// - Parameter action: What to do.
  /// - Returns: The presentation.
  public static func perform(_ action: @escaping @MainActor () -> Void) -> ScreenPresentation {
    ScreenPresentation(style: .perform(action))
  }
}

extension ScreenPresentation {
  /// The presentation an interactor's `IntentPresentation` asks for, with the
  /// destination as the route: what ``ScreenContext`` does without a mapping.
  ///
  /// - Parameters:
  ///   - presentation: The interactor's presentation.
  ///   - route: The destination.
  /// - Returns: The terminal presentation.
  public static func from(_ presentation: IntentPresentation, route: Route) -> ScreenPresentation {
    switch presentation {
    case .push: .push(route)
    case .sheet: .sheet(route)
    case .alert(let title, let message, let actions):
      ScreenPresentation(
        style: .prompt(title: title, message: message, actions: actions, isDialog: false))
    case .confirmationDialog(let title, let message, let actions):
      ScreenPresentation(
        style: .prompt(title: title, message: message, actions: actions, isDialog: true))
    case .perform(let action): .perform(action)
    }
  }
}
