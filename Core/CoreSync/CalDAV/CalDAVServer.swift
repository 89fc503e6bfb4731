public import CoreBase
public import Foundation

/// A CalDAV server seen from an address a person types: finds its task lists and
/// creates new ones.
///
/// Discovery follows RFC 6764 and RFC 4791: the address itself when it is a calendar
/// collection; otherwise its `current-user-principal` (from the address, or from
/// `/.well-known/caldav` on the same origin, whose redirect is followed), the
/// principal's `calendar-home-set`, and the calendars in that home.
///
/// <!-- doc-test: skip a fragment: `client`, `credentials` come from its surroundings -->
/// ```swift
/// let server = CalDAVServer(url: URL(string: "https://caldav.fastmail.com/")!,
///                           client: client, credentials: credentials)
/// let lists = try await server.calendars(holding: "VTODO")
/// ```
public struct CalDAVServer: Sendable {
  /// The address the search starts from.
  public let url: URL
  let session: DAVSession

  /// Creates a server description; nothing is sent until a method is called.
  ///
  /// - Parameters:
  ///   - url: The address a person gave: the server's base, a principal, a calendar
  ///     home or a calendar.
  ///   - client: The HTTP client every request goes through.
  ///   - credentials: Sent with every request as Basic authentication.
  public init(url: URL, client: any HTTPClient, credentials: SyncCredentials? = nil) {
    self.url = url
    self.session = DAVSession(client: client, credentials: credentials)
  }

  private static let describing: [DAVName] = [
    .dav("resourcetype"), .dav("displayname"), .caldav("supported-calendar-component-set"),
    .dav("current-user-principal"), .caldav("calendar-home-set"),
  ]

  /// The calendars that may hold `component` items: ``url`` alone when it is such a
  /// calendar, else every one in the user's calendar home.
  ///
  /// - Parameter component: `VTODO` for task lists.
  /// - Returns: The calendars, sorted by address.
  /// - Throws: ``DAVError/noCalendarHome(url:)`` when neither a principal nor a home is
  ///   found; ``DAVError``; `APIError`.
  public func calendars(holding component: String = "VTODO") async throws -> [CalDAVCalendar] {
    let (itself, base) = try await describe(url, depth: "0")
    if let first = itself.first, let calendar = Self.calendar(first, base: base) {
      return calendar.holds(component) ? [calendar] : []
    }
    let home = try await calendarHome(startingFrom: itself.first, base: base)
    let (members, homeBase) = try await describe(home, depth: "1")
    let homePath = DAVHref.collectionPath(home)
    return members.compactMap { response -> CalDAVCalendar? in
      guard let path = response.hrefs.first.flatMap({ DAVHref.normalize($0, base: homeBase) }),
        path != homePath, path + "/" != homePath
      else { return nil }
      return Self.calendar(response, base: homeBase)
    }
    .filter { $0.holds(component) }
    .sorted { $0.url.absoluteString < $1.url.absoluteString }
  }

  /// The user's calendar home, where new calendars are made.
  ///
  /// - Returns: Its address, ending in `/`.
  /// - Throws: ``DAVError/noCalendarHome(url:)``; `APIError`.
  public func calendarHome() async throws -> URL {
    let (itself, base) = try await describe(url, depth: "0")
    return try await calendarHome(startingFrom: itself.first, base: base)
  }

  /// Creates a calendar for `component` items named `displayName` in the user's
  /// calendar home (`MKCALENDAR`), at a path made from `name`.
  ///
  /// - Parameters:
  ///   - name: The new collection's path segment, e.g. `chores`.
  ///   - displayName: The name clients show.
  ///   - component: `VTODO` for a task list.
  ///   - knownHome: The calendar home, when already known.
  /// - Returns: The new calendar.
  /// - Throws: `APIError` (`405` or `409` when something is already there).
  public func makeCalendar(
    named name: String, displayName: String, component: String = "VTODO", in knownHome: URL? = nil
  ) async throws -> CalDAVCalendar {
    let home: URL
    if let knownHome { home = knownHome } else { home = try await calendarHome() }
    let path =
      DAVHref.collectionPath(home)
      + DAVHref.canonical(
        name.replacingOccurrences(of: "/", with: "%2F")) + "/"
    let target = URL(string: path, relativeTo: home)?.absoluteURL ?? home
    _ = try await session.send(
      "MKCALENDAR", target,
      xml: DAVRequestBody.mkcalendar(displayName: displayName, component: component))
    return CalDAVCalendar(url: target, displayName: displayName, components: [component])
  }

  // MARK: - Steps

  private func calendarHome(startingFrom first: DAVResponse?, base: URL) async throws -> URL {
    if let home = Self.firstHref(first, .caldav("calendar-home-set"), base: base) {
      return home
    }
    var principal = Self.firstHref(first, .dav("current-user-principal"), base: base)
    if principal == nil {
      let wellKnown = URL(string: "/.well-known/caldav", relativeTo: url)?.absoluteURL ?? url
      if let (found, foundBase) = try? await describe(wellKnown, depth: "0") {
        if let home = Self.firstHref(found.first, .caldav("calendar-home-set"), base: foundBase) {
          return home
        }
        principal = Self.firstHref(found.first, .dav("current-user-principal"), base: foundBase)
      }
    }
    guard let principal else { throw DAVError.noCalendarHome(url: url) }
    let (described, principalBase) = try await describe(principal, depth: "0")
    guard
      let home = Self.firstHref(described.first, .caldav("calendar-home-set"), base: principalBase)
    else { throw DAVError.noCalendarHome(url: url) }
    return home
  }

  private func describe(_ target: URL, depth: String) async throws -> ([DAVResponse], URL) {
    let (document, base) = try await session.multistatus(
      "PROPFIND", target, depth: depth, xml: DAVRequestBody.propfind(Self.describing))
    return (document.responses, base)
  }

  /// The first href inside a property, as an absolute collection URL on the same origin.
  private static func firstHref(_ response: DAVResponse?, _ name: DAVName, base: URL) -> URL? {
    guard let href = response?.properties[name]?.hrefs.first,
      let path = DAVHref.normalize(href, base: base)
    else { return nil }
    let collection = path.hasSuffix("/") ? path : path + "/"
    return URL(string: collection, relativeTo: base)?.absoluteURL
  }

  private static func calendar(_ response: DAVResponse, base: URL) -> CalDAVCalendar? {
    guard response.properties[.dav("resourcetype")]?.children.contains(.caldav("calendar")) == true,
      let href = response.hrefs.first, let path = DAVHref.normalize(href, base: base)
    else { return nil }
    let collection = path.hasSuffix("/") ? path : path + "/"
    guard let url = URL(string: collection, relativeTo: base)?.absoluteURL else { return nil }
    return CalDAVCalendar(
      url: url, displayName: response.text(.dav("displayname")),
      components: response.properties[.caldav("supported-calendar-component-set")]?.components ?? []
    )
  }
}
