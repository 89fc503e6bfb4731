extension Interactor where V: NavigableViewModel {
  /// Asks the shell to show a destination.
  ///
  /// Puts the intent in the view model's ``NavigableViewModel/navigation`` — the one
  /// channel — and tells the screen's binding, which presents the intent and clears
  /// it. With no binding yet (or one that presents nothing, such as a plain
  /// ``ScreenBinding`` in a test), the intent waits there for
  /// ``ScreenBinding/takeNavigation()`` or the binding's next ``ScreenBinding/appear()``.
  ///
  /// - Parameters:
  ///   - destination: Where to go.
  ///   - presentation: How to show it; a push unless given. A shell whose view maps
  ///     destinations to its own presentations ignores it.
  /// - Returns: The navigation's token, for ``observe(_:_:perform:)``.
  @discardableResult
  public func navigate(
    to destination: V.Destination,
    presentation: IntentPresentation = .push
  ) -> NavigationToken {
    let intent = NavigationIntent(destination: destination, presentation: presentation)
    viewModel.navigation = intent
    navigationPresenter?.presentNavigation()
    return intent.token
  }
}

extension Interactor {
  /// Runs `handler` when the destination of a navigation appears, disappears, or has
  /// stayed visible long enough.
  ///
  /// - ``NavigationEvent/didAppear`` and ``NavigationEvent/didDisappear`` fire on every
  ///   appearance and disappearance the shell reports.
  /// - ``NavigationEvent/minimumExposure(_:)-enum.case`` fires once, when the destination has
  ///   been visible for the whole duration without a break, timed by ``clock``. It
  ///   never fires if the destination leaves earlier; a later appearance starts the
  ///   count again.
  ///
  /// If the destination is already visible, `didAppear` fires at once and the exposure
  /// count starts now. Observations end with ``teardown()``.
  ///
  /// - Parameters:
  ///   - token: The token ``navigate(to:presentation:)`` returned.
  ///   - event: What to wait for.
  ///   - handler: Runs on the main actor.
  public func observe(
    _ token: NavigationToken,
    _ event: NavigationEvent,
    @_implicitSelfCapture perform handler: @escaping @MainActor () -> Void
  ) {
    guard !isTornDown else { return }
    let listener: @MainActor (NavigationToken.Signal) -> Void
    switch event {
    case .didAppear:
      listener = { signal in if signal == .appeared { handler() } }
    case .didDisappear:
      listener = { signal in if signal == .disappeared { handler() } }
    case .minimumExposure(let duration):
      let exposure = Exposure()
      listener = { [weak self] signal in
        self?.exposureChanged(exposure, signal, token: token, duration: duration, handler)
      }
    }
    addTokenListener(token, listener)
    if token.isVisible { listener(.appeared) }
  }

  private func exposureChanged(
    _ exposure: Exposure,
    _ signal: NavigationToken.Signal,
    token: NavigationToken,
    duration: Duration,
    _ handler: @escaping @MainActor () -> Void
  ) {
    switch signal {
    case .appeared:
      guard !exposure.hasFired else { return }
      exposure.generation += 1
      let generation = exposure.generation
      let clock = clock
      exposure.timer = spawn(
        .timer,
        { try await clock.sleep(for: duration) },
        onFailure: nil,
        finally: { outcome in
          guard outcome.isCompleted, exposure.generation == generation, token.isVisible,
            !exposure.hasFired
          else { return }
          exposure.hasFired = true
          handler()
        }
      )
    case .disappeared:
      exposure.generation += 1
      exposure.timer?.cancel()
      exposure.timer = nil
    }
  }
}

/// The state of one `minimumExposure` observation.
@MainActor
private final class Exposure {
  var hasFired = false
  var generation = 0
  var timer: TaskHandle?
}
