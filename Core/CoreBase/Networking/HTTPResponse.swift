public import Foundation

/// A response as it came back: status, headers and body.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code, e.g. `200`.
  public var status: Int
  /// The response header fields.
  public var headers: HTTPHeaders
  /// The body; empty for `HEAD` and `304 Not Modified`.
  public var body: Data
  /// The URL that answered, after any redirects.
  public var url: URL?
  /// Where the resource now lives when the request reached it through permanent
  /// redirects (`301`, `308`) only; `nil` when there was no redirect or a temporary one
  /// came first.
  ///
  /// A client that stores URLs (a feed reader) should replace the stored URL with this.
  public var permanentRedirectURL: URL?

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: The header fields.
  ///   - body: The body.
  ///   - url: The URL that answered.
  ///   - permanentRedirectURL: The new home of a permanently moved resource.
  public init(
    status: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL? = nil,
    permanentRedirectURL: URL? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.url = url
    self.permanentRedirectURL = permanentRedirectURL
  }

  /// Whether the server answered `304 Not Modified` to a conditional request.
  public var isNotModified: Bool { status == 304 }

  /// The `ETag` and `Last-Modified` the server sent, to store for the next request.
  public var validators: Validators {
    Validators(etag: headers["ETag"], lastModified: headers["Last-Modified"])
  }
}
