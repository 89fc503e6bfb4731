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
/// **Navigation** has one channel: the interactor puts an intent in the view model's
/// ``NavigableViewModel/navigation``; a binding made with `onNavigation` presents it
/// at once and clears it — typed by the view model's destination, so no intent is
/// cast or dropped. An intent that was emitted before the binding existed is
/// presented on ``appear()``.
///
/// <!-- doc-test: context
/// @MainActor @Observable final class DetailModel: ViewModel {}
/// final class TodoDetailInteractor: Interactor<DetailModel> {
///   var onDeleted: (() -> Void)?
///   init(id: Int, store: InMemoryKeyValueStore) { super.init(viewModel: DetailModel()) }
/// }
/// enum Route: Hashable { case detail(Int) }
/// let store = InMemoryKeyValueStore()
/// let router = Router<Route>()
/// let entryID = router.push(.detail(7))
/// @MainActor final class Status { func show(_ error: any Error) {} }
/// let status = Status()
/// -->
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
  /// Presents and clears the view model's pending intent; nil when the binding
  /// presents nothing (the shell calls ``takeNavigation()`` itself).
  private var presentPending: (() -> Void)?

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
    interactor.navigationPresenter = self
  }

  /// The screen's view model.
  public var viewModel: V { interactor.viewModel }

  /// Whether the interactor is running work (``Interactor/isWorking``).
  public var isWorking: Bool { interactor.isWorking }

  /// The error and busy handlers of the subtree; a shell may change them later.
  public var ambient: AmbientHandlers {
    get { interactor.ambient }
    set { interactor.ambient = newValue }
  }

  /// Reports that the screen is visible; prepares the interactor on the first call.
  ///
  /// Then presents an intent that waits in the view model (one emitted before this
  /// binding existed). Does nothing after ``teardown()``.
  public func appear() {
    guard !interactor.isTornDown else { return }
    interactor.prepareIfNeeded(setup: setup)
    if !isVisible {
      isVisible = true
      token?.reportAppeared()
    }
    presentNavigation()
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

extension ScreenBinding: NavigationPresenter {
  func presentNavigation() {
    guard !interactor.isTornDown else { return }
    presentPending?()
  }
}

extension ScreenBinding where V: NavigableViewModel {
  /// Binds an interactor whose screen navigates, with the shell's presenter of its
  /// intents.
  ///
  /// Each intent the interactor emits is taken out of the view model and handed to
  /// `onNavigation` at once, typed by the view model's destination. Both shells pass
  /// a presenter that always shows the intent.
  ///
  /// - Parameters:
  ///   - interactor: The screen's interactor.
  ///   - setup: Runs once, before ``Interactor/prepare()``.
  ///   - onError: The screen's error handler; returns true when it handled the error.
  ///   - onBusy: The screen's busy handler.
  ///   - onNavigation: Presents the intent and returns true; false puts it back in the
  ///     view model, for the shell to take with ``takeNavigation()``.
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
    // The view model, not the binding, is captured: the binding holds this closure.
    let model = interactor.viewModel
    presentPending = {
      guard let intent = model.navigation else { return }
      model.navigation = nil
      // Put back only when declined and nothing newer arrived meanwhile.
      if !onNavigation(intent), model.navigation == nil {
        model.navigation = intent
      }
    }
  }

  /// Takes the pending navigation intent out of the view model, for a shell that
  /// presents intents itself rather than through `onNavigation`.
  ///
  /// - Returns: The intent, or nil when there is none; the view model's is cleared.
  public func takeNavigation() -> NavigationIntent<V.Destination>? {
    guard let intent = viewModel.navigation else { return nil }
    viewModel.navigation = nil
    return intent
  }
}
