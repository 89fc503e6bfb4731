#if canImport(SwiftUI)
  public import Core
  public import SwiftUI

  /// A `NavigationStack` over a ``Router``: the router's path is the stack's path.
  ///
  /// The router is put in the environment, so any screen below can read it with
  /// `@Environment(Router<AppRoute>.self) private var router` and call
  /// `router.push(.profile(id: 7))`, `pop()`, `popToRoot()` or `replaceTop(with:)`.
  ///
  /// ```swift
  /// RouterView(Router<AppRoute>()) {
  ///   HomeScreen()
  /// } destination: { route in
  ///   switch route {
  ///   case .profile(let id): ProfileScreen(id: id)
  ///   case .settings: SettingsScreen()
  ///   }
  /// }
  /// ```
  public struct RouterView<Route: Hashable & Sendable, Root: View, Destination: View>: View {
    @State private var router: Router<Route>
    private let root: Root
    private let destination: (Route) -> Destination

    /// Creates the stack.
    ///
    /// - Parameters:
    ///   - router: The router; the view keeps the first one it is given.
    ///   - root: The screen under every route.
    ///   - destination: The screen for a route.
    public init(
      _ router: Router<Route>,
      @ViewBuilder root: () -> Root,
      @ViewBuilder destination: @escaping (Route) -> Destination
    ) {
      _router = State(initialValue: router)
      self.root = root()
      self.destination = destination
    }

    /// The stack.
    public var body: some View {
      NavigationStack(path: Bindable(router).path) {
        root.navigationDestination(for: Route.self) { route in
          destination(route)
        }
      }
      .environment(router)
    }
  }
#endif
