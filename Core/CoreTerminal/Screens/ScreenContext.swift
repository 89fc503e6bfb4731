public import CoreBase
import Observation

/// What the stack draws around a screen: its status line and busy spinner.
@MainActor @Observable
final class ScreenChrome {
  var status: String?
  var isBusy = false
}

/// A screen's connection to its ``ScreenStack``: binding interactors, the status line,
/// going back, quitting. The stack makes one per screen and passes it to the builder.
///
/// <!-- doc-test: skip a fragment: `router`, `TodoListScreen`, `TodoDetailScreen` come from its surroundings -->
/// ```swift
/// ScreenStack(router: router, root: { context in TodoListScreen(context: context) },
///   destination: { route, context in TodoDetailScreen(route, context: context) })
/// ```
@MainActor
public final class ScreenContext<Route: Hashable & Sendable> {
  /// The router of the stack.
  public let router: Router<Route>
  /// The scope of the screen: it ends when the screen leaves the stack.
  public let scope: ScreenScope
  let token: NavigationToken?
  let chrome = ScreenChrome()
  private(set) var lifecycles: [any ScreenLifecycle] = []
  weak var stack: ScreenStack<Route>?
  let isSheet: Bool

  init(stack: ScreenStack<Route>, scope: ScreenScope, token: NavigationToken?, isSheet: Bool) {
    self.stack = stack
    self.router = stack.router
    self.scope = scope
    self.token = token
    self.isSheet = isSheet
  }

  /// The status line's message, e.g. an error no handler took; cleared by the next key.
  public var status: String? {
    get { chrome.status }
    set { chrome.status = newValue?.terminalSafe }
  }

  /// Whether the status line shows the busy spinner.
  public var isBusy: Bool { chrome.isBusy }

  /// Whether an interactor bound here is running work (``Interactor/isWorking``).
  var isWorking: Bool { lifecycles.contains { $0.isWorking } }

  // MARK: - Binding

  /// Binds an interactor whose screen leads nowhere: the terminal counterpart of
  /// SwiftUI's `.bind`.
  ///
  /// The interactor is prepared once, on the screen's first appearance; its work is
  /// cancelled when the screen leaves the stack. Errors `onError` does not take go to
  /// the stack's ambient handler (the status line unless the app set
  /// ``ScreenStack/onInteractorError(_:)``); busy shows a spinner unless `onBusy` or
  /// ``ScreenStack/onInteractorBusy(_:)`` takes it.
  ///
  /// A screen whose view model navigates binds with a mapping from its destinations
  /// to ``ScreenPresentation``s (`context.bind(interactor) { destination in … }`), or
  /// — when its destinations are this stack's routes — without one. Any other
  /// navigating screen does not compile, so no intent can go unshown.
  ///
  /// - Parameters:
  ///   - interactor: The screen's interactor.
  ///   - setup: Runs once before `prepare()`.
  ///   - onError: Sees errors first; returns true when it handled one.
  ///   - onBusy: Takes busy changes instead of the ambient handler.
  /// - Returns: The binding; the stack reports appearances to it.
  @discardableResult
  public func bind<V: ViewModel, I: Interactor<V>>(
    _ interactor: I, setup: ((I) -> Void)? = nil,
    onError: (@MainActor (any Error) -> Bool)? = nil,
    onBusy: (@MainActor (Bool) -> Void)? = nil
  ) -> ScreenBinding<V> where V.Destination == Never {
    let binding = ScreenBinding(
      interactor, setup: setup, onError: onError, onBusy: onBusy, ambient: ambient, token: token)
    adopt(binding)
    return binding
  }

  /// Binds an interactor whose destinations are this stack's routes; each intent is
  /// shown as the interactor's `presentation:` says.
  ///
  /// `.push` goes through the router, `.sheet` is a modal screen over this one,
  /// `.alert` and `.confirmationDialog` a prompt, `.perform` runs the closure. The
  /// navigation's token travels with the shown screen or prompt. Errors and busy
  /// changes go as for a screen that leads nowhere.
  ///
  /// - Parameters:
  ///   - interactor: The screen's interactor.
  ///   - setup: Runs once before `prepare()`.
  ///   - onError: Sees errors first; returns true when it handled one.
  ///   - onBusy: Takes busy changes instead of the ambient handler.
  ///   - onNavigation: Sees intents first; returns true when it carried one out, false
  ///     to have it shown as its presentation says.
  /// - Returns: The binding; the stack reports appearances to it.
  @discardableResult
  public func bind<V: NavigableViewModel, I: Interactor<V>>(
    _ interactor: I, setup: ((I) -> Void)? = nil,
    onError: (@MainActor (any Error) -> Bool)? = nil,
    onBusy: (@MainActor (Bool) -> Void)? = nil,
    onNavigation: (@MainActor (NavigationIntent<Route>) -> Bool)? = nil
  ) -> ScreenBinding<V> where V.Destination == Route {
    bindPresenting(interactor, setup: setup, onError: onError, onBusy: onBusy) {
      [weak self] (intent: NavigationIntent<Route>) in
      if onNavigation?(intent) == true { return }
      self?.show(.from(intent.presentation, route: intent.destination), token: intent.token)
    }
  }

  /// Binds an interactor whose screen decides how each destination is shown, as
  /// CleanKit's `.bind(interactor) { destination in … }` does.
  ///
  /// The interactor says only where to go (`navigate(to:)`); `onNavigation` maps the
  /// destination to a ``ScreenPresentation``, whatever `presentation:` the interactor
  /// passed. The navigation's token travels with the shown screen or prompt.
  ///
  /// <!-- doc-test: skip a fragment: `binding`, `context`, `interactor` come from its surroundings -->
  /// ```swift
  /// binding = context.bind(interactor) { destination in
  ///   switch destination {
  ///   case .detail(let id): .push(.detail(id: id))
  ///   case .confirmDelete(let id):
  ///     .confirmationDialog("Delete?") {
  ///       IntentAction("Delete", role: .destructive) { interactor.delete(id) }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - interactor: The screen's interactor.
  ///   - setup: Runs once before `prepare()`.
  ///   - onError: Sees errors first; returns true when it handled one.
  ///   - onBusy: Takes busy changes instead of the ambient handler.
  ///   - onNavigation: Maps each destination to how it is shown.
  /// - Returns: The binding; the stack reports appearances to it.
  @discardableResult
  public func bind<V: NavigableViewModel, I: Interactor<V>>(
    _ interactor: I, setup: ((I) -> Void)? = nil,
    onError: (@MainActor (any Error) -> Bool)? = nil,
    onBusy: (@MainActor (Bool) -> Void)? = nil,
    onNavigation: @escaping @MainActor (V.Destination) -> ScreenPresentation<Route>
  ) -> ScreenBinding<V> {
    bindPresenting(interactor, setup: setup, onError: onError, onBusy: onBusy) {
      [weak self] (intent: NavigationIntent<V.Destination>) in
      self?.show(onNavigation(intent.destination), token: intent.token)
    }
  }

  /// The one way a navigating screen is bound: the binding presents each intent the
  /// interactor puts in the view model through `present`, and clears it.
  private func bindPresenting<V: NavigableViewModel, I: Interactor<V>>(
    _ interactor: I, setup: ((I) -> Void)?,
    onError: (@MainActor (any Error) -> Bool)?,
    onBusy: (@MainActor (Bool) -> Void)?,
    present: @escaping @MainActor (NavigationIntent<V.Destination>) -> Void
  ) -> ScreenBinding<V> {
    let binding = ScreenBinding(
      interactor, setup: setup, onError: onError, onBusy: onBusy,
      onNavigation: { intent in
        present(intent)
        return true
      },
      ambient: ambient, token: token)
    adopt(binding)
    return binding
  }

  /// Shows a presentation from this screen; the token travels with what is shown.
  private func show(_ presentation: ScreenPresentation<Route>, token: NavigationToken) {
    stack?.present(presentation, token: token)
  }

  private var ambient: AmbientHandlers {
    stack?.ambientHandlers(for: chrome) ?? AmbientHandlers()
  }

  private func adopt(_ lifecycle: any ScreenLifecycle) {
    lifecycle.attach(to: scope)
    lifecycles.append(lifecycle)
  }

  // MARK: - Leaving

  /// Closes this screen: pops it (and anything above it), or closes it when it is a sheet.
  public func dismiss() { stack?.dismiss(self) }

  /// Ends the app.
  public func quit() { stack?.requestQuit?() }

  // The token is told directly too, so a destination that binds no interactor still
  // reports its appearances (reporting twice is harmless).
  func appear() {
    for lifecycle in lifecycles { lifecycle.appear() }
    token?.reportAppeared()
  }

  func disappear() {
    for lifecycle in lifecycles { lifecycle.disappear() }
    token?.reportDisappeared()
  }
}
