/// A request from an interactor to show a destination, for the shell to carry out.
///
/// ``Interactor/navigate(to:presentation:)`` puts one in the view model's
/// ``NavigableViewModel/navigation``; the shell shows ``destination`` as
/// ``presentation`` says, hands ``token`` to the destination's ``ScreenBinding`` so
/// appearances are reported, and clears the intent.
public struct NavigationIntent<Destination> {
  /// Where to go.
  public var destination: Destination
  /// How to show it.
  public var presentation: IntentPresentation
  /// Identifies this navigation; observe it with ``Interactor/observe(_:_:perform:)``.
  public let token: NavigationToken

  /// Creates an intent with a fresh token.
  ///
  /// - Parameters:
  ///   - destination: Where to go.
  ///   - presentation: How to show it.
  public init(destination: Destination, presentation: IntentPresentation = .push) {
    self.destination = destination
    self.presentation = presentation
    self.token = NavigationToken()
  }
}

extension NavigationIntent: Sendable where Destination: Sendable {}

/// What an interactor can wait for after it navigated.
public enum NavigationEvent: Hashable, Sendable {
  /// The destination appeared (each time it does).
  case didAppear
  /// The destination has stayed visible this long without a break; fires at most once.
  case minimumExposure(Duration)
  /// The destination disappeared (each time it does).
  case didDisappear

  /// The destination has stayed visible this many seconds without a break, as
  /// CleanKit writes it: `.minimumExposure(2)`.
  ///
  /// - Parameter seconds: The exposure, in seconds.
  /// - Returns: The event with that duration.
  public static func minimumExposure(_ seconds: Double) -> NavigationEvent {
    .minimumExposure(Duration.seconds(seconds))
  }
}

/// One navigation, shared by the interactor that asked for it and the shell that
/// showed it.
///
/// The shell reports the destination's appearances (``ScreenBinding`` does so when it
/// is given the token); interactors observe them with ``Interactor/observe(_:_:perform:)``.
@MainActor
public final class NavigationToken: Hashable, Sendable {
  enum Signal { case appeared, disappeared }

  /// Whether the destination is visible now.
  public private(set) var isVisible = false

  private var listeners: [Int: @MainActor (Signal) -> Void] = [:]
  private var nextListener = 0

  /// Creates a token; ``NavigationIntent`` makes one per intent.
  public nonisolated init() {}

  /// Reports that the destination became visible.
  ///
  /// Reporting it while already visible does nothing.
  public func reportAppeared() {
    guard !isVisible else { return }
    isVisible = true
    send(.appeared)
  }

  /// Reports that the destination is no longer visible.
  ///
  /// Reporting it while not visible does nothing.
  public func reportDisappeared() {
    guard isVisible else { return }
    isVisible = false
    send(.disappeared)
  }

  func addListener(_ listener: @escaping @MainActor (Signal) -> Void) -> Int {
    nextListener += 1
    listeners[nextListener] = listener
    return nextListener
  }

  func removeListener(_ id: Int) { listeners[id] = nil }

  private func send(_ signal: Signal) {
    for key in listeners.keys.sorted() { listeners[key]?(signal) }
  }

  public nonisolated static func == (lhs: NavigationToken, rhs: NavigationToken) -> Bool {
    lhs === rhs
  }

  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
