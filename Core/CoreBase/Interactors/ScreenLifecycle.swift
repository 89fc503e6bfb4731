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
  /// Whether the screen's interactor is running work (``Interactor/isWorking``): a
  /// shell's test waits until no screen is before it reads the screen.
  var isWorking: Bool { get }
}

extension ScreenLifecycle {
  /// No work: a lifecycle without an interactor.
  public var isWorking: Bool { false }
}
