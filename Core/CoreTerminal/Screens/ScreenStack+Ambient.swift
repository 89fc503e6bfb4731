import CoreBase

/// What the stack does with an error or busy change no screen handled itself.
enum AmbientFallback<Handler> {
  /// The status line (errors) or the spinner (busy): the terminal's default.
  case standard
  /// The app's own handler.
  case custom(Handler)
  /// Nothing: an error is dropped and counted in `Interactor.droppedErrorCount`.
  case none
}

extension ScreenStack {
  /// Handles every error no screen's `onError` took, instead of the status line: the
  /// terminal counterpart of CleanKit's `RootView().onInteractorError { … }`.
  ///
  /// <!-- doc-test: skip a fragment: `router`, `overlay` come from its surroundings -->
  /// ```swift
  /// let stack = ScreenStack(router: router, root: …, destination: …)
  ///   .onInteractorError { error in log.append("\(error)") }
  ///   .onInteractorBusy { busy in overlay.isShown = busy }
  /// ```
  ///
  /// - Parameter handler: Takes the error; the error counts as handled.
  /// - Returns: The stack.
  @discardableResult
  public func onInteractorError(_ handler: @escaping @MainActor (any Error) -> Void) -> Self {
    errorFallback = .custom(handler)
    return self
  }

  /// Takes busy changes of every screen without its own `onBusy`, instead of the
  /// status line's spinner: the counterpart of CleanKit's `onInteractorBusy`.
  ///
  /// - Parameter handler: Told when a screen becomes busy or idle.
  /// - Returns: The stack.
  @discardableResult
  public func onInteractorBusy(_ handler: @escaping @MainActor (Bool) -> Void) -> Self {
    busyFallback = .custom(handler)
    return self
  }

  /// Drops the errors no screen handled, as CleanKit does without an
  /// `onInteractorError`: nothing is shown, and each is counted in the interactor's
  /// `droppedErrorCount`.
  ///
  /// - Returns: The stack.
  @discardableResult
  public func droppingUnhandledErrors() -> Self {
    errorFallback = .none
    return self
  }

  /// The ambient handlers of one screen: the app's, or the screen's status line and
  /// spinner.
  func ambientHandlers(for chrome: ScreenChrome) -> AmbientHandlers {
    AmbientHandlers(
      onError: { [weak self] error in
        switch self?.errorFallback ?? .standard {
        case .standard:
          chrome.status = "Error: " + CommandLineErrorDescription.describe(error).terminalSafe
          return true
        case .custom(let handler):
          handler(error)
          return true
        case .none:
          return false
        }
      },
      onBusy: { [weak self] busy in
        switch self?.busyFallback ?? .standard {
        case .standard: chrome.isBusy = busy
        case .custom(let handler): handler(busy)
        case .none: break
        }
      })
  }
}
