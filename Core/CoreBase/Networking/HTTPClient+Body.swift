public import Foundation

extension HTTPClient {
  /// Sends an endpoint and returns its body, when no type is asked for.
  ///
  /// `let todo: Todo = try await client.fetch(endpoint)` decodes (see
  /// ``fetch(_:as:decoder:)``); `_ = try await client.fetch(endpoint)` and
  /// `let data = try await client.fetch(endpoint)` land here and get the bytes.
  ///
  /// - Parameter endpoint: The request to send.
  /// - Returns: The response body.
  /// - Throws: ``APIError``.
  @discardableResult
  public func fetch(_ endpoint: Endpoint) async throws -> Data {
    try await send(endpoint).body
  }
}
