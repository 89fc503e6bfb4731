/// What a shell reports about a screen, whatever its view model type.
///
/// A screen stack holds screens of many types; it keeps them as `any ScreenLifecycle`
/// and reports appearances through it. ``ScreenBinding`` conforms.
@MainActor
public protocol ScreenLifecycle: AnyObject {
  /// Reports that the screen is visible; the first call prepares it.
  func appear()
  /// Reports that the screen is no longer visible.
  func disappear()
  /// Ends the screen for good.
  func teardown()
  /// Tears the screen down when `scope` ends.
  ///
  /// - Parameter scope: The screen's scope, usually ``Router/scope(for:)``.
  func attach(to scope: ScreenScope)
}
