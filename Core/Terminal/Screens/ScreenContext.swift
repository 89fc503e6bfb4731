public import Core
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

  // MARK: - Binding

  /// Binds an interactor to this screen: the terminal counterpart of SwiftUI's `.bind`.
  ///
  /// The interactor is prepared once, on the screen's first appearance; its work is
  /// cancelled when the screen leaves the stack. Errors `onError` does not take go to
  /// the stack's ambient handler (the status line unless the app set
  /// ``ScreenStack/onInteractorError(_:)``); busy shows a spinner unless `onBusy` or
  /// ``ScreenStack/onInteractorBusy(_:)`` takes it. Intents for this stack's routes that
  /// `onNavigation` does not take are shown as the interactor's `presentation:` says:
  /// `.push` through the router, `.sheet` as a modal screen over this one, `.alert` and
  /// `.confirmationDialog` as a prompt, `.perform` by running the closure. To let the
  /// screen decide instead, pass an `onNavigation` that returns a ``ScreenPresentation``.
  ///
  /// - Parameters:
  ///   - interactor: The screen's interactor.
  ///   - setup: Runs once before `prepare()`.
  ///   - onError: Sees errors first; returns true when it handled one.
  ///   - onBusy: Takes busy changes instead of the ambient handler.
  ///   - onNavigation: Sees intents first; returns true when it carried one out.
  /// - Returns: The binding; the stack reports appearances to it.
  @discardableResult
  public func bind<V: ViewModel, I: Interactor<V>>(
    _ interactor: I, setup: ((I) -> Void)? = nil,
    onError: (@MainActor (any Error) -> Bool)? = nil,
    onBusy: (@MainActor (Bool) -> Void)? = nil,
    onNavigation: (@MainActor (NavigationIntent<Route>) -> Bool)? = nil
  ) -> ScreenBinding<V> {
    let binding = ScreenBinding(
      interactor, setup: setup, onError: onError, onBusy: onBusy, ambient: ambient, token: token)
    interactor.navigationHandler = { [weak self] intent in
      guard let intent = intent as? NavigationIntent<Route> else { return false }
      if onNavigation?(intent) == true { return true }
      guard let self, let stack else { return false }
      stack.present(
        .from(intent.presentation, route: intent.destination), token: intent.token, from: self)
      return true
    }
    adopt(binding)
    return binding
  }

  /// Binds an interactor whose screen decides how each destination is shown, as
  /// CleanKit's `.bind(interactor) { destination in … }` does.
  ///
  /// The interactor says only where to go (`navigate(to:)`); `onNavigation` maps the
  /// destination to a ``ScreenPresentation``, whatever `presentation:` the interactor
  /// passed. The navigation's token follows the shown screen or prompt.
  ///
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
    let binding = ScreenBinding(
      interactor, setup: setup, onError: onError, onBusy: onBusy, ambient: ambient, token: token)
    interactor.navigationHandler = { [weak self] intent in
      guard let intent = intent as? NavigationIntent<V.Destination> else { return false }
      guard let self, let stack else { return false }
      stack.present(onNavigation(intent.destination), token: intent.token, from: self)
      return true
    }
    adopt(binding)
    return binding
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
