public import Observation

/// The navigation stack of one flow: a path of routes, changed only through this type.
///
/// A router is `Observable`: a shell (SwiftUI's `NavigationStack(path:)`, the terminal
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
public final class Router<Route: Hashable & Sendable>: Observable {
  // Observation is implemented by hand rather than with `@Observable`: on a generic class
  // the macro's accessors build the `\.entries` key path at run time on every access,
  // which made a push and a pop cost ~20 µs together. Here the key path is built once
  // per router.
  private let registrar = ObservationRegistrar()
  private let entriesKeyPath: KeyPath<Router, [RouteEntry<Route>]> = \.entries
  private var stack: [RouteEntry<Route>]

  /// The entries on the stack, bottom first; the last one is on screen.
  public var entries: [RouteEntry<Route>] {
    registrar.access(self, keyPath: entriesKeyPath)
    return stack
  }

  /// Called after every change with the path before and after it, for logging and tests.
  ///
  /// Not called when an operation leaves the path as it was (popping an empty stack,
  /// setting the same path).
  public var onChange: (@MainActor (_ old: [Route], _ new: [Route]) -> Void)?

  private var nextID: UInt64 = 0
  private var scopes: [RouteEntryID: ScreenScope] = [:]

  /// Creates a router, optionally with routes already on the stack.
  ///
  /// - Parameter path: The initial stack, bottom first.
  public init(path: [Route] = []) {
    stack = []
    stack = path.map(makeEntry)
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
    let old = pathForOnChange()
    let entry = makeEntry(route)
    mutate { $0.append(entry) }
    didChange(from: old)
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
    let removedCount = min(max(count, 0), stack.count)
    guard removedCount > 0 else { return [] }
    let old = pathForOnChange()
    let removed = Array(stack.suffix(removedCount))
    mutate { $0.removeLast(removedCount) }
    endScopes(of: removed)
    didChange(from: old)
    return removed.map(\.route)
  }

  /// Pops every route, back to the flow's root screen.
  ///
  /// - Returns: The routes popped, in path order.
  @discardableResult
  public func popToRoot() -> [Route] {
    pop(count: stack.count)
  }

  /// Replaces the top route, or pushes it when the stack is empty.
  ///
  /// Use it for redirects, such as showing the account after a login screen. The new
  /// entry gets a new id even when the route is equal to the one it replaces.
  ///
  /// - Parameter route: The route to show instead of the top one.
  /// - Returns: The id of the new entry.
  @discardableResult
  public func replaceTop(with route: Route) -> RouteEntryID {
    guard let replaced = stack.last else { return push(route) }
    let old = pathForOnChange()
    let entry = makeEntry(route)
    mutate { $0[$0.count - 1] = entry }
    endScopes(of: [replaced])
    didChange(from: old)
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
    while kept < min(path.count, stack.count), stack[kept].route == path[kept] { kept += 1 }
    guard kept < stack.count || kept < path.count else { return }
    let old = pathForOnChange()
    let removed = Array(stack[kept...])
    let added = path[kept...].map(makeEntry)
    mutate { $0.replaceSubrange(kept..., with: added) }
    endScopes(of: removed)
    didChange(from: old)
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
    if stack.contains(where: { $0.id == id }) {
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

  private func mutate(_ change: (inout [RouteEntry<Route>]) -> Void) {
    registrar.withMutation(of: self, keyPath: entriesKeyPath) { change(&stack) }
  }

  /// The path before a change, when someone listens for changes.
  private func pathForOnChange() -> [Route]? {
    onChange == nil ? nil : stack.map(\.route)
  }

  private func didChange(from old: [Route]?) {
    guard let old, let onChange else { return }
    onChange(old, stack.map(\.route))
  }

  /// Ends the scopes of entries that left the stack, the topmost first.
  private func endScopes(of removed: [RouteEntry<Route>]) {
    guard !scopes.isEmpty else { return }
    for entry in removed.reversed() {
      scopes.removeValue(forKey: entry.id)?.end()
    }
  }
}
