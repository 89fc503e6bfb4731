public import Foundation

// The builder style SwiftUIBlueprint's README uses: each call returns a changed copy.
//
// ```swift
// let endpoint = Endpoint(baseURL: URL(string: "https://api.example.com")!)
//   .path("todos").path("1")
//   .query("expand", "owner")
// ```
extension Endpoint {
  /// Creates a `GET` endpoint for `baseURL`, to be refined with the builder methods.
  ///
  /// - Parameter baseURL: An `http` or `https` URL.
  public init(baseURL: URL) {
    self.init(baseURL)
  }

  /// This endpoint with one more path segment.
  ///
  /// The segment is percent-encoded as exactly one segment, so `a/b` stays one.
  ///
  /// - Parameter segment: The segment to append.
  /// - Returns: The changed endpoint.
  public func path(_ segment: String) -> Endpoint {
    var copy = self
    copy.path.append(segment)
    return copy
  }

  /// This endpoint with one more query item.
  ///
  /// - Parameters:
  ///   - name: The item's name.
  ///   - value: The item's value, or nil for a bare name.
  /// - Returns: The changed endpoint.
  public func query(_ name: String, _ value: String?) -> Endpoint {
    var copy = self
    copy.query.append(URLQueryItem(name: name, value: value))
    return copy
  }

  /// This endpoint with another method.
  ///
  /// - Parameter method: The method, e.g. `.post`.
  /// - Returns: The changed endpoint.
  public func method(_ method: HTTPMethod) -> Endpoint {
    var copy = self
    copy.method = method
    return copy
  }

  /// This endpoint with a header field set (replacing one of the same name).
  ///
  /// - Parameters:
  ///   - name: The field name.
  ///   - value: The value.
  /// - Returns: The changed endpoint.
  public func header(_ name: String, _ value: String) -> Endpoint {
    var copy = self
    copy.headers[name] = value
    return copy
  }

  /// This endpoint with a body.
  ///
  /// - Parameter body: The body, e.g. `.json(form)`.
  /// - Returns: The changed endpoint.
  public func body(_ body: Body) -> Endpoint {
    var copy = self
    copy.body = body
    return copy
  }

  /// This endpoint with another idle timeout per attempt.
  ///
  /// - Parameter timeout: The timeout.
  /// - Returns: The changed endpoint.
  public func timeout(_ timeout: Duration) -> Endpoint {
    var copy = self
    copy.timeout = timeout
    return copy
  }
}
