import CoreBase

/// A WebDAV element name: its namespace and local name, e.g. `DAV:` + `getetag`.
struct DAVName: Hashable, Sendable, CustomStringConvertible {
  var namespace: String
  var name: String

  static func dav(_ name: String) -> DAVName { DAVName(namespace: "DAV:", name: name) }
  static func caldav(_ name: String) -> DAVName {
    DAVName(namespace: "urn:ietf:params:xml:ns:caldav", name: name)
  }
  static func calendarServer(_ name: String) -> DAVName {
    DAVName(namespace: "http://calendarserver.org/ns/", name: name)
  }

  var description: String { "{\(namespace)}\(name)" }
}

/// One property a server returned inside a `prop` element.
struct DAVProperty: Sendable, Equatable {
  /// The text inside it (character data and CDATA, joined), outside any `href`.
  var text = ""
  /// The `href` elements inside it, in order (`current-user-principal`, `calendar-home-set`).
  var hrefs: [String] = []
  /// The names of the elements directly inside it (`resourcetype`: `collection`, `calendar`).
  var children: Set<DAVName> = []
  /// The `name` attributes of `comp` elements inside it
  /// (`supported-calendar-component-set`).
  var components: [String] = []
}

/// One `response` of a `207 Multi-Status` answer.
struct DAVResponse: Sendable, Equatable {
  /// The `href` elements, as the server spelled them.
  var hrefs: [String] = []
  /// The status of the response as a whole (sync-collection: `404` for a deleted item).
  var status: Int?
  /// The properties found (status `2xx` in their `propstat`), by name.
  var properties: [DAVName: DAVProperty] = [:]

  /// The text of a found property, `nil` when it was not found or is empty.
  func text(_ name: DAVName) -> String? {
    guard let text = properties[name]?.text, !text.isEmpty else { return nil }
    return text
  }
}

/// A parsed `207 Multi-Status` answer (RFC 4918 §13, RFC 6578 for the sync token).
struct DAVMultistatus: Sendable, Equatable {
  /// The responses, in order.
  var responses: [DAVResponse] = []
  /// The `sync-token` of a sync-collection report, if there was one.
  var syncToken: String?
}
