public import CoreBase

/// The terminal counterpart of SwiftUI's `NavigationStack`/`RouterView`: a root screen
/// and a screen per route on the `Router`'s stack, with a header, a status line and
/// a footer of key hints.
///
/// Esc goes back (so do Backspace and ← when no text field has focus); `?` shows the
/// current screen's keys; `q` quits. Screens are told when they appear and disappear;
/// each pushed screen's bindings are attached to its route's `ScreenScope`, so
/// popping it cancels its work. Sheets are modal screens over the current one; alerts
/// and confirmation dialogs are prompts.
///
/// <!-- doc-test: skip a fragment: `router`, `TodoListScreen`, `store`, `TodoDetailScreen` and more come from its surroundings -->
/// ```swift
/// let stack = ScreenStack(router: router) { context in
///   TodoListScreen(context: context, store: store)
/// } destination: { route, context in
///   switch route { case .item(let id): TodoDetailScreen(id: id, context: context, store: store) }
/// }
/// try await TerminalRuntime(terminal: SystemTerminal(), root: stack, capability: capability).run()
/// ```
///
/// The stack's jobs live in one file each: following the router
/// (`ScreenStack+Router.swift`), presenting (`+Presenting`), sheets (`+Sheets`),
/// prompts (`+Prompts`), help (`+Help`), key routing (`+Keys`), drawing the chrome
/// (`+Chrome`) and the ambient handlers (`+Ambient`).
@MainActor
public final class ScreenStack<Route: Hashable & Sendable>: TerminalView {
  /// One screen on the stack: a pushed route's (or the root's, or a sheet's) context
  /// and screen.
  struct Entry {
    var id: RouteEntryID?
    var context: ScreenContext<Route>
    var screen: any TerminalScreen
  }

  /// The router whose path the stack shows.
  public let router: Router<Route>
  /// Set by the runtime; ends the app.
  public var requestQuit: (@MainActor () -> Void)?

  /// Builds the screen for a route.
  let destination: (Route, ScreenContext<Route>) -> any TerminalScreen
  /// The root and a screen per router entry, bottom first.
  var entries: [Entry] = []
  /// Routes pushed by presentations whose screens are not built yet, with their tokens.
  var arrivals: [PushedRoute] = []
  /// Whether screens for new routes are being built (a screen built now may push).
  var isFollowingRouter = false
  /// The screen last reported as visible (weak: once closed, it is gone).
  weak var visible: ScreenContext<Route>?
  /// The modal screens over the top entry, bottom first.
  var sheets: [Entry] = []
  /// The alert or confirmation dialog on top of everything.
  var prompt: ShownPrompt?
  /// Whether the help overlay is shown.
  var isShowingHelp = false
  var errorFallback: AmbientFallback<@MainActor (any Error) -> Void> = .standard
  var busyFallback: AmbientFallback<@MainActor (Bool) -> Void> = .standard
  /// Bumped when a sheet or prompt comes or goes, so the runtime re-renders.
  let changes = StackChanges()

  /// Creates a stack.
  ///
  /// - Parameters:
  ///   - router: The router; its path is shown above the root.
  ///   - root: Builds the root screen.
  ///   - destination: Builds the screen for a route (pushed or shown as a sheet).
  public init(
    router: Router<Route>,
    root: (ScreenContext<Route>) -> any TerminalScreen,
    destination: @escaping (Route, ScreenContext<Route>) -> any TerminalScreen
  ) {
    self.router = router
    self.destination = destination
    let context = ScreenContext(stack: self, scope: ScreenScope(), token: nil, isSheet: false)
    entries = [Entry(id: nil, context: context, screen: root(context))]
  }

  /// The titles from the root to the screen in front, sheets included.
  public var breadcrumb: [String] { (entries + sheets).map(\.screen.title) }

  /// The screen in front (a sheet's, if one is shown).
  public var topScreen: any TerminalScreen { front.screen }

  /// Whether a prompt (alert or confirmation) is shown.
  public var isShowingPrompt: Bool { prompt != nil }

  /// Whether an interactor of a screen on the stack (sheets included) is running work.
  public var isWorking: Bool { (entries + sheets).contains { $0.context.isWorking } }

  /// The entry in front: the top sheet, else the top pushed screen, else the root.
  var front: Entry { sheets.last ?? entries[entries.count - 1] }
}
