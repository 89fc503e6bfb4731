public import Observation

/// The navigation stack of one flow: a path of routes, changed only through this type.
///
/// A router is `@Observable`: a shell (SwiftUI's `NavigationStack(path:)`, the terminal
/// screen stack) renders ``path`` and re-renders when it changes. Popping more than the
/// stack holds is a no-op for the missing part, never a crash.
///
/// Each push is an ``RouteEntry`` with its own ``RouteEntryID``, so the same route can
/// be on the stack twice. When an entry leaves the stack — popped, replaced, or dropped by
/// ``setPath(_:)`` — the router ends its ``ScreenScope``, which cancels the work of the
/// screen's interactor.
///
/// ```swift
/// enum TodoRoute: Hashable, Codable, Sendable { case item(id: Int), edit(id: Int) }
///
/// let router = Router<TodoRoute>()
/// router.push(.item(id: 7))
/// router.push(.edit(id: 7))
/// router.pop()         // .edit(id: 7)
/// router.popToRoot()   // [.item(id: 7)]
/// ```
@MainActor
@Observable
public final class Router<Route: Hashable & Sendable> {
  /// The entries on the stack, bottom first; the last one is on screen.
  public private(set) var entries: [RouteEntry<Route>]

  /// Called after every change with the path before and after it, for logging and tests.
  ///
  /// Not called when an operation leaves the path as it was (popping an empty stack,
  /// setting the same path).
  @ObservationIgnored
  public var onChange: (@MainActor (_ old: [Route], _ new: [Route]) -> Void)?

  @ObservationIgnored private var nextID: UInt64 = 0
  @ObservationIgnored private var scopes: [RouteEntryID: ScreenScope] = [:]

  /// Creates a router, optionally with routes already on the stack.
  ///
  /// - Parameter path: The initial stack, bottom first.
  public init(path: [Route] = []) {
    entries = []
    entries = path.map(makeEntry)
  }

  // MARK: - Reading

  /// The routes on the stack, bottom first; setting it is ``setPath(_:)``.
  public var path: [Route] {
    get { entries.map(\.route) }
    set { setPath(newValue) }
  }

  /// The route on screen, or nil when the stack is empty.
  public var top: Route? { entries.last?.route }

  /// Whether the stack is empty (the flow shows its root screen).
  public var isEmpty: Bool { entries.isEmpty }

  // MARK: - Changing the stack

  /// Pushes a route on top of the stack.
  ///
  /// - Parameter route: The route to show.
  /// - Returns: The id of the new entry, for ``scope(for:)``.
  @discardableResult
  public func push(_ route: Route) -> RouteEntryID {
    let entry = makeEntry(route)
    apply(entries + [entry])
    return entry.id
  }

  /// Pops the top route.
  ///
  /// - Returns: The route popped, or nil when the stack was empty (nothing changes).
  @discardableResult
  public func pop() -> Route? {
    pop(count: 1).first
  }

  /// Pops up to `count` routes; popping more than the stack holds empties it.
  ///
  /// - Parameter count: How many routes to pop; zero or less pops nothing.
  /// - Returns: The routes popped, in path order (the former top last).
  @discardableResult
  public func pop(count: Int) -> [Route] {
    let removed = min(max(count, 0), entries.count)
    guard removed > 0 else { return [] }
    let popped = entries.suffix(removed).map(\.route)
    apply(Array(entries.dropLast(removed)))
    return popped
  }

  /// Pops every route, back to the flow's root screen.
  ///
  /// - Returns: The routes popped, in path order.
  @discardableResult
  public func popToRoot() -> [Route] {
    pop(count: entries.count)
  }

  /// Replaces the top route, or pushes it when the stack is empty.
  ///
  /// Use it for redirects, such as showing the account after a login screen.
  ///
  /// - Parameter route: The route to show instead of the top one.
  /// - Returns: The id of the new entry.
  @discardableResult
  public func replaceTop(with route: Route) -> RouteEntryID {
    let entry = makeEntry(route)
    apply(entries.dropLast() + [entry])
    return entry.id
  }

  /// Replaces the whole stack in one change.
  ///
  /// Entries the old and new path share from the bottom up keep their ids (their
  /// screens stay); every other old entry leaves the stack and its scope ends.
  ///
  /// - Parameter path: The new stack, bottom first.
  public func setPath(_ path: [Route]) {
    var kept = 0
    while kept < min(path.count, entries.count), entries[kept].route == path[kept] { kept += 1 }
    apply(Array(entries.prefix(kept)) + path.dropFirst(kept).map(makeEntry))
  }

  // MARK: - Screen scopes

  /// The scope of the screen for an entry; it ends when the entry leaves the stack.
  ///
  /// Asking for an entry that is no longer on the stack returns a scope that has
  /// already ended, so work attached to it is torn down at once.
  ///
  /// - Parameter id: The entry, as returned by ``push(_:)`` or read from ``entries``.
  /// - Returns: The entry's scope, the same object on every call.
  public func scope(for id: RouteEntryID) -> ScreenScope {
    if let scope = scopes[id] { return scope }
    let scope = ScreenScope()
    if entries.contains(where: { $0.id == id }) {
      scopes[id] = scope
    } else {
      scope.end()
    }
    return scope
  }

  // MARK: - Private

  private func makeEntry(_ route: Route) -> RouteEntry<Route> {
    nextID += 1
    return RouteEntry(id: RouteEntryID(rawValue: nextID), route: route)
  }

  private func apply(_ newEntries: [RouteEntry<Route>]) {
    guard newEntries != entries else { return }
    let old = entries
    entries = newEntries
    let remaining = Set(newEntries.map(\.id))
    for entry in old.reversed() where !remaining.contains(entry.id) {
      scopes.removeValue(forKey: entry.id)?.end()
    }
    onChange?(old.map(\.route), newEntries.map(\.route))
  }
}
