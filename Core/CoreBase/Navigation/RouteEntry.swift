/// The identity of one push onto a ``Router``'s stack.
///
/// The same route value can sit on a stack twice (`[.item(7), .item(7)]`); each push
/// gets its own id, so a shell can tell the two screens apart and the router can end
/// the right ``ScreenScope`` when one of them leaves.
public struct RouteEntryID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The id's number, unique within one router and increasing with each push.
  public let rawValue: UInt64

  /// Creates an id from its number.
  ///
  /// - Parameter rawValue: The number; routers hand these out, apps rarely need to.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  public static func < (lhs: RouteEntryID, rhs: RouteEntryID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  public var description: String { "#\(rawValue)" }
}

/// One screen on a ``Router``'s stack: the route and the id of the push that put it there.
public struct RouteEntry<Route: Hashable & Sendable>: Hashable, Identifiable, Sendable {
  /// The identity of this push.
  public let id: RouteEntryID
  /// The route that was pushed.
  public let route: Route

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - id: The identity of the push.
  ///   - route: The route that was pushed.
  public init(id: RouteEntryID, route: Route) {
    self.id = id
    self.route = route
  }
}
