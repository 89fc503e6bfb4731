/// The error and busy handlers of a subtree of screens: the second tier of the chains.
///
/// A shell passes one down to every ``ScreenBinding`` below a point — the whole app,
/// a tab, a sheet. An error a screen's own `onError` does not take goes to
/// ``onError``; busy changes go to ``onBusy`` when the screen has no `onBusy` of its own.
public struct AmbientHandlers: Sendable {
  /// Takes an error no screen handled; returns true when it handled it.
  public var onError: (@MainActor @Sendable (any Error) -> Bool)?
  /// Told when a screen without its own busy handler becomes busy or idle.
  public var onBusy: (@MainActor @Sendable (Bool) -> Void)?

  /// Creates ambient handlers.
  ///
  /// - Parameters:
  ///   - onError: Returns true when it handled the error; false lets it drop.
  ///   - onBusy: Told of busy changes.
  public init(
    onError: (@MainActor @Sendable (any Error) -> Bool)? = nil,
    onBusy: (@MainActor @Sendable (Bool) -> Void)? = nil
  ) {
    self.onError = onError
    self.onBusy = onBusy
  }
}
