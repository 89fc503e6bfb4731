public import Foundation

/// Sends endpoints and returns responses; the seam an app's networking goes through.
///
/// `URLSessionHTTPClient` is the live implementation. A test can conform a small
/// struct instead, or run the live client against a local server.
///
/// <!-- doc-test: context
/// let base = URL(string: "https://api.example.com")!
/// struct Todo: Decodable {}
/// -->
/// ```swift
/// let client: any HTTPClient = URLSessionHTTPClient(userAgent: "todo/1.2")
/// let todos = try await client.fetch(Endpoint(base, path: ["todos"]), as: [Todo].self)
/// ```
public protocol HTTPClient: Sendable {
  /// Sends the request an endpoint describes, retrying as the client's policy allows.
  ///
  /// A `304` answer to a conditional request (``Endpoint/conditional(on:)``) is returned,
  /// not thrown.
  ///
  /// - Parameter endpoint: The request to send.
  /// - Returns: The response, whose status is acceptable to the endpoint.
  /// - Throws: ``APIError``.
  func send(_ endpoint: Endpoint) async throws -> HTTPResponse
}

extension HTTPClient {
  /// Sends an endpoint and decodes its JSON body.
  ///
  /// - Parameters:
  ///   - endpoint: The request to send.
  ///   - type: The type to decode.
  ///   - decoder: The decoder; a plain `JSONDecoder` by default.
  /// - Returns: The decoded value.
  /// - Throws: ``APIError``; ``APIError/Kind/decoding(codingPath:reason:bodyPrefix:)``
  ///   when the body does not decode.
  public func fetch<Value: Decodable>(
    _ endpoint: Endpoint, as type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder()
  ) async throws -> Value {
    let response = try await send(endpoint)
    do {
      return try decoder.decode(Value.self, from: response.body)
    } catch {
      let (path, reason) = DecodingFailure.describe(error)
      let prefix = response.body.prefix(APIError.bodyPrefixLength)
      throw APIError(
        .decoding(codingPath: path, reason: reason, bodyPrefix: Data(prefix)),
        method: endpoint.method, url: response.url)
    }
  }

  /// Sends an endpoint conditionally, so an unchanged resource costs no body.
  ///
  /// - Parameters:
  ///   - endpoint: The request to send.
  ///   - validators: The validators stored from an earlier response; empty means an
  ///     ordinary request.
  /// - Returns: ``ConditionalResponse/notModified(_:)`` for a `304`, else
  ///   ``ConditionalResponse/modified(_:)``.
  /// - Throws: ``APIError``.
  public func send(_ endpoint: Endpoint, validators: Validators) async throws
    -> ConditionalResponse
  {
    let response = try await send(endpoint.conditional(on: validators))
    return response.isNotModified ? .notModified(response) : .modified(response)
  }
}

/// Turns a `DecodingError` into a coding path and a short reason.
enum DecodingFailure {
  static func describe(_ error: any Error) -> (path: String, reason: String) {
    guard let error = error as? DecodingError else { return ("", "\(error)") }
    switch error {
    case .keyNotFound(let key, let context):
      return (path(context.codingPath + [key]), "missing key \"\(key.stringValue)\"")
    case .typeMismatch(let type, let context):
      return (path(context.codingPath), "expected \(type)")
    case .valueNotFound(let type, let context):
      return (path(context.codingPath), "missing value of type \(type)")
    case .dataCorrupted(let context):
      return (path(context.codingPath), reason(context))
    @unknown default:
      return ("", "\(error)")
    }
  }

  private static func reason(_ context: DecodingError.Context) -> String {
    let text = context.debugDescription
    return text.hasSuffix(".") ? String(text.dropLast()) : text
  }

  private static func path(_ keys: [any CodingKey]) -> String { CodingPathText.of(keys) }
}
