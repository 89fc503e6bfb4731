#if canImport(SwiftUI)
  public import Core
  public import SwiftUI

  private struct InteractorAmbientKey: EnvironmentKey {
    static let defaultValue = AmbientHandlers()
  }

  extension EnvironmentValues {
    /// The error and busy fallbacks of the interactors bound below: the second tier of
    /// their chains, set with `onInteractorError` and `onInteractorBusy`.
    public var interactorAmbient: AmbientHandlers {
      get { self[InteractorAmbientKey.self] }
      set { self[InteractorAmbientKey.self] = newValue }
    }
  }

  extension View {
    /// Handles the errors of every interactor bound below whose own `onError` did not
    /// take them. Without one, such errors are dropped.
    ///
    /// ```swift
    /// RootView()
    ///   .onInteractorError { error in log(error) }
    ///   .onInteractorBusy { showGlobalOverlay($0) }
    /// ```
    ///
    /// - Parameter handler: Takes the error.
    /// - Returns: The view with the fallback in its environment.
    public func onInteractorError(
      _ handler: @escaping @MainActor @Sendable (any Error) -> Void
    ) -> some View {
      transformEnvironment(\.interactorAmbient) { ambient in
        ambient.onError = { error in
          handler(error)
          return true
        }
      }
    }

    /// Takes the busy changes of every interactor bound below without its own `onBusy`.
    ///
    /// - Parameter handler: Told when an interactor becomes busy or idle.
    /// - Returns: The view with the fallback in its environment.
    public func onInteractorBusy(_ handler: @escaping @MainActor @Sendable (Bool) -> Void)
      -> some View
    {
      transformEnvironment(\.interactorAmbient) { ambient in
        ambient.onBusy = handler
      }
    }
  }
#endif
