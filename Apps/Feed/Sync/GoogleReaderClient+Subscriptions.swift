internal import CoreBase
package import Foundation

extension GoogleReaderClient {
  /// The subscriptions (`subscription/list`).
  ///
  /// - Throws: ``GoogleReaderError``, `APIError`.
  package func subscriptions() async throws -> [GoogleReaderSubscription] {
    let path = ["reader", "api", "0", "subscription", "list"]
    let body = try await get(path, query: [URLQueryItem(name: "output", value: "json")])
    return try decode(
      GoogleReaderEnvelope.Subscriptions.self, body, path: path.joined(separator: "/")
    )
    .subscriptions
  }

  /// Subscribes to `url` (`subscription/quickadd`) and returns its stream id, or `nil`
  /// when the server added nothing (already subscribed, or it could not read the feed).
  ///
  /// - Throws: ``GoogleReaderError``, `APIError`.
  package func subscribe(to url: URL) async throws -> String? {
    let path = ["reader", "api", "0", "subscription", "quickadd"]
    let body = try await post(path, form: [("quickadd", url.absoluteString)])
    let answer = try decode(
      GoogleReaderEnvelope.QuickAdd.self, body, path: path.joined(separator: "/"))
    guard (answer.numResults ?? 0) > 0, let stream = answer.streamId, !stream.isEmpty else {
      return nil
    }
    return stream
  }

  /// Unsubscribes from `stream`; one already gone (`400`) counts as done.
  ///
  /// - Throws: ``GoogleReaderError``, `APIError`.
  package func unsubscribe(_ stream: String) async throws {
    do {
      try await editSubscription([("ac", "unsubscribe"), ("s", stream)])
    } catch let error as APIError where error.statusCode == 400 || error.statusCode == 404 {
      return
    }
  }

  /// Gives `stream` the title `title` on the server.
  ///
  /// - Throws: ``GoogleReaderError``, `APIError`.
  package func rename(_ stream: String, to title: String) async throws {
    try await editSubscription([("ac", "edit"), ("s", stream), ("t", title)])
  }

  private func editSubscription(_ fields: [(String, String)]) async throws {
    let path = ["reader", "api", "0", "subscription", "edit"]
    try Self.expectOK(try await post(path, form: fields), path: path)
  }
}
