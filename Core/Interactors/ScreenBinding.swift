/// Connects an interactor to a shell, implementing the binding rules once for every shell.
///
/// A shell (the terminal screen stack, a SwiftUI view modifier) makes one binding per
/// screen and only reports what happens to the screen:
///
/// - ``appear()`` — on the first call, the `setup` closure runs and then
///   ``Interactor/prepare()``, once per interactor; every call reports the appearance
///   to ``token``.
/// - ``disappear()`` — reports the disappearance to ``token``.
/// - ``teardown()`` — the screen is gone: tasks and observations end.
///
/// Errors the interactor surfaces go to `onError`, then to ``ambient``; busy changes
/// go to `onBusy` when given, else to ``ambient``.
///
/// ```swift
/// let binding = ScreenBinding(
///   TodoDetailInteractor(id: 7, store: store),
///   setup: { $0.onDeleted = { router.pop() } },
///   onError: { error in status.show(error); return true }
/// )
/// binding.attach(to: router.scope(for: entryID))
/// binding.appear()
/// ```
@MainActor
public final class ScreenBinding<V: ViewModel>: ScreenLifecycle {
  /// The screen's interactor.
  public let interactor: Interactor<V>
  /// The navigation that presented this screen, if any; its observers learn of
  /// ``appear()`` and ``disappear()``.
  public var token: NavigationToken?
  /// Whether the shell reported the screen as visible.
  public private(set) var isVisible = false

  private let setup: () -> Void

  /// Binds an interactor.
  ///
  /// - Parameters:
  ///   - interactor: The screen's interactor. Binding it again replaces its handlers.
  ///   - setup: Runs once, before ``Interactor/prepare()``, with values known only when
  ///     the screen is composed (a callback from the parent).
  ///   - onError: The screen's error handler; returns true when it handled the error.
  ///   - onBusy: The screen's busy handler; without it busy changes go to `ambient`.
  ///   - ambient: The handlers of the subtree the screen is in.
  ///   - token: The navigation that presented this screen.
  public init<I: Interactor<V>>(
    _ interactor: I,
    setup: ((I) -> Void)? = nil,
    onError: (@MainActor (any Error) -> Bool)? = nil,
    onBusy: (@MainActor (Bool) -> Void)? = nil,
    ambient: AmbientHandlers = AmbientHandlers(),
    token: NavigationToken? = nil
  ) {
    self.interactor = interactor
    self.setup = { setup?(interactor) }
    self.token = token
    interactor.errorHandler = onError
    interactor.busyHandler = onBusy
    interactor.ambient = ambient
  }

  /// The screen's view model.
  public var viewModel: V { interactor.viewModel }

  /// The error and busy handlers of the subtree; a shell may change them later.
  public var ambient: AmbientHandlers {
    get { interactor.ambient }
    set { interactor.ambient = newValue }
  }

  /// Reports that the screen is visible; prepares the interactor on the first call.
  ///
  /// Does nothing after ``teardown()``.
  public func appear() {
    guard !interactor.isTornDown else { return }
    interactor.prepareIfNeeded(setup: setup)
    guard !isVisible else { return }
    isVisible = true
    token?.reportAppeared()
  }

  /// Reports that the screen is no longer visible (covered, dismissed, or popped).
  public func disappear() {
    guard isVisible else { return }
    isVisible = false
    token?.reportDisappeared()
  }

  /// Ends the screen: reports it gone and tears the interactor down.
  public func teardown() {
    disappear()
    interactor.teardown()
  }

  /// Tears the screen down when `scope` ends, e.g. when its route leaves the stack.
  ///
  /// - Parameter scope: The screen's scope, usually ``Router/scope(for:)``.
  public func attach(to scope: ScreenScope) {
    scope.onEnd { self.teardown() }
  }
}

extension ScreenBinding where V: NavigableViewModel {
  /// Binds an interactor whose screen navigates, with a handler that can take its
  /// navigation intents before they reach the view model.
  ///
  /// - Parameters:
  ///   - interactor: The screen's interactor.
  ///   - setup: Runs once, before ``Interactor/prepare()``.
  ///   - onError: The screen's error handler; returns true when it handled the error.
  ///   - onBusy: The screen's busy handler.
  ///   - onNavigation: Sees each intent first; returns true when it carried it out,
  ///     false to leave it in the view model for the shell.
  ///   - ambient: The handlers of the subtree the screen is in.
  ///   - token: The navigation that presented this screen.
  public convenience init<I: Interactor<V>>(
    _ interactor: I,
    setup: ((I) -> Void)? = nil,
    onError: (@MainActor (any Error) -> Bool)? = nil,
    onBusy: (@MainActor (Bool) -> Void)? = nil,
    onNavigation: @escaping @MainActor (NavigationIntent<V.Destination>) -> Bool,
    ambient: AmbientHandlers = AmbientHandlers(),
    token: NavigationToken? = nil
  ) {
    self.init(
      interactor, setup: setup, onError: onError, onBusy: onBusy, ambient: ambient,
      token: token)
    interactor.navigationHandler = { intent in
      guard let intent = intent as? NavigationIntent<V.Destination> else { return false }
      return onNavigation(intent)
    }
  }

  /// Takes the pending navigation intent out of the view model, for a shell to show.
  ///
  /// - Returns: The intent, or nil when there is none; the view model's is cleared.
  public func takeNavigation() -> NavigationIntent<V.Destination>? {
    guard let intent = viewModel.navigation else { return nil }
    viewModel.navigation = nil
    return intent
  }
}
