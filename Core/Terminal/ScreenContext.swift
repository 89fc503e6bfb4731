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
  /// cancelled when the screen leaves the stack. Errors `onError` does not take end in
  /// the status line (sanitized); busy shows a spinner unless `onBusy` takes it.
  /// Intents for this stack's routes that `onNavigation` does not take are shown:
  /// `.push` through the router, `.sheet` as a modal screen over this one, `.alert` and
  /// `.confirmationDialog` as a prompt, `.perform` by running the closure.
  ///
  /// - Parameters:
  ///   - interactor: The screen's interactor.
  ///   - setup: Runs once before `prepare()`.
  ///   - onError: Sees errors first; returns true when it handled one.
  ///   - onBusy: Takes busy changes instead of the spinner.
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
      stack.present(intent, from: self)
      return true
    }
    adopt(binding)
    return binding
  }

  private var ambient: AmbientHandlers {
    AmbientHandlers(
      onError: { [chrome] error in
        chrome.status = "Error: " + CommandLineErrorDescription.describe(error).terminalSafe
        return true
      },
      onBusy: { [chrome] busy in chrome.isBusy = busy })
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

  func appear() { for lifecycle in lifecycles { lifecycle.appear() } }
  func disappear() { for lifecycle in lifecycles { lifecycle.disappear() } }
}
