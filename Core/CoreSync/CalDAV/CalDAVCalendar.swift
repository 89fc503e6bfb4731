import CoreBase
public import Foundation

/// A calendar collection found on a CalDAV server: a task list when it holds `VTODO`s.
public struct CalDAVCalendar: Sendable, Hashable {
  /// Its address, ending in `/`.
  public var url: URL
  /// The name the server shows for it, if it has one.
  public var displayName: String?
  /// The components it may hold (`supported-calendar-component-set`); empty when the
  /// server does not say, which means any.
  public var components: [String]

  /// Creates a description of a calendar.
  ///
  /// - Parameters:
  ///   - url: Its address.
  ///   - displayName: Its shown name.
  ///   - components: The components it may hold.
  public init(url: URL, displayName: String?, components: [String]) {
    self.url = url
    self.displayName = displayName
    self.components = components
  }

  /// Whether it may hold `component` items (`VTODO` for a task list).
  ///
  /// - Parameter component: A component name such as `VTODO`.
  /// - Returns: Whether the server lists it, or lists none.
  public func holds(_ component: String) -> Bool {
    components.isEmpty || components.contains { $0.uppercased() == component.uppercased() }
  }
}
