/// An HTTP request method: an open set, so a new method never breaks a client.
///
/// <!-- doc-test: context
/// let url = URL(string: "https://example.com/cache")!
/// -->
/// ```swift
/// let endpoint = Endpoint(url, method: .post)
/// let purge = HTTPMethod("PURGE")
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The method token as sent on the wire, e.g. `GET`.
  public let rawValue: String

  /// Creates a method from its wire token.
  ///
  /// - Parameter rawValue: The token, e.g. `PROPFIND`. Tokens are case-sensitive.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Creates a method from its wire token.
  ///
  /// - Parameter rawValue: The token, e.g. `PROPFIND`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Creates a method from a string literal such as `"PURGE"`.
  ///
  /// - Parameter value: The token.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// The wire token.
  public var description: String { rawValue }

  /// `GET`: read a resource.
  public static let get: HTTPMethod = "GET"
  /// `POST`: create or submit; not idempotent.
  public static let post: HTTPMethod = "POST"
  /// `PUT`: replace a resource.
  public static let put: HTTPMethod = "PUT"
  /// `PATCH`: change part of a resource; not idempotent.
  public static let patch: HTTPMethod = "PATCH"
  /// `DELETE`: remove a resource.
  public static let delete: HTTPMethod = "DELETE"
  /// `HEAD`: like `GET` without a body.
  public static let head: HTTPMethod = "HEAD"
  /// `OPTIONS`: ask what a resource supports.
  public static let options: HTTPMethod = "OPTIONS"

  /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
  ///
  /// `GET`, `HEAD`, `OPTIONS`, `PUT` and `DELETE` are; `POST`, `PATCH` and unknown
  /// methods are not.
  public var isIdempotent: Bool {
    switch self {
    case .get, .head, .options, .put, .delete, "TRACE": return true
    default: return false
    }
  }
}
