public import Foundation

/// An app's pure mapping from a link to a whole navigation path.
///
/// The map returns the complete path a link leads to, or nil for a link the app does
/// not know; ``Router/open(_:using:)-(_,DeepLinkMap<Route>)`` applies it in one change.
///
/// <!-- doc-test: context
/// enum TodoRoute: Hashable, Codable, Sendable { case item(id: Int), edit(id: Int) }
/// let router = Router<TodoRoute>()
/// -->
/// ```swift
/// let links = DeepLinkMap<TodoRoute> { url in
///   let segments = DeepLinkMap<TodoRoute>.segments(of: url)
///   guard segments.first == "items", segments.count > 1, let id = Int(segments[1]) else {
///     return nil
///   }
///   switch segments.dropFirst(2) {
///   case []: return [.item(id: id)]
///   case ["edit"]: return [.item(id: id), .edit(id: id)]
///   default: return nil
///   }
/// }
/// router.open(URL(string: "todo://items/7/edit")!, using: links)
/// ```
public struct DeepLinkMap<Route: Hashable & Sendable>: Sendable {
  private let map: @Sendable (URL) -> [Route]?

  /// Creates a map from a closure.
  ///
  /// - Parameter map: Returns the path a link leads to, or nil for an unknown link.
  ///   It must be pure: no side effects, same answer for the same link.
  public init(_ map: @escaping @Sendable (URL) -> [Route]?) {
    self.map = map
  }

  /// The path a link leads to.
  ///
  /// - Parameter url: The link.
  /// - Returns: The whole path, bottom first, or nil when the link is unknown.
  public func path(for url: URL) -> [Route]? {
    map(url)
  }

  /// The segments of a link after its scheme: the host, then each path component.
  ///
  /// `todo://items/7/edit` gives `["items", "7", "edit"]`; `todo:///items/7` gives
  /// `["items", "7"]`. Percent-escapes are decoded; empty segments are dropped.
  ///
  /// - Parameter url: The link.
  /// - Returns: The segments, in order.
  public static func segments(of url: URL) -> [String] {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return []
    }
    let host = components.host.map { [$0] } ?? []
    let path = components.path.split(separator: "/").map { segment in
      String(segment).removingPercentEncoding ?? String(segment)
    }
    return (host + path).filter { !$0.isEmpty }
  }
}

extension Router {
  /// Opens a deep link: replaces the whole path with the one the map gives.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - map: The app's mapping from links to paths.
  /// - Returns: True when the link was known and applied; false when the map returned
  ///   nil, in which case the stack is unchanged.
  @discardableResult
  public func open(_ url: URL, using map: DeepLinkMap<Route>) -> Bool {
    open(url, using: map.path(for:))
  }

  /// Opens a deep link with a mapping closure: replaces the whole path with its result.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - map: Returns the path a link leads to, or nil for an unknown link.
  /// - Returns: True when the link was known and applied; false when `map` returned nil,
  ///   in which case the stack is unchanged.
  @discardableResult
  public func open(_ url: URL, using map: (URL) -> [Route]?) -> Bool {
    guard let path = map(url) else { return false }
    setPath(path)
    return true
  }
}
