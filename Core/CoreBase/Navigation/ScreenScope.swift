/// The lifetime of one screen: ends when the screen leaves the navigation stack.
///
/// A ``Router`` hands out one scope per stack entry (``Router/scope(for:)``) and ends
/// it when that entry is popped or replaced. Whatever was registered with
/// ``onEnd(_:)`` then runs — typically ``ScreenBinding/attach(to:)`` registers the
/// screen's teardown, which cancels every task its interactor still runs.
///
/// <!-- doc-test: context
/// enum Route: Hashable { case detail(Int) }
/// let router = Router<Route>()
/// @MainActor @Observable final class Model: ViewModel {}
/// let binding = ScreenBinding(Interactor(viewModel: Model()))
/// -->
/// ```swift
/// let id = router.push(.detail(7))
/// binding.attach(to: router.scope(for: id))
/// router.pop()  // the detail interactor's tasks are cancelled
/// ```
@MainActor
public final class ScreenScope {
  /// Whether the scope has ended; work registered from now on runs at once.
  public private(set) var isEnded = false

  private var endActions: [@MainActor () -> Void] = []

  /// Creates a scope that has not ended.
  public init() {}

  /// Registers work to run when the scope ends; runs it at once if it already has.
  ///
  /// - Parameter action: Runs once, on the main actor, when the scope ends.
  public func onEnd(_ action: @escaping @MainActor () -> Void) {
    if isEnded {
      action()
    } else {
      endActions.append(action)
    }
  }

  /// Ends the scope: runs every registered action once, in the order registered.
  ///
  /// Ending a scope twice does nothing the second time.
  public func end() {
    guard !isEnded else { return }
    isEnded = true
    let actions = endActions
    endActions = []
    for action in actions { action() }
  }
}
