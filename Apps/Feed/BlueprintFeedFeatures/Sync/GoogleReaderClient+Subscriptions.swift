internal import BlueprintFeedModel
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

  /// Subscribes to `url` (`subscription/quickadd`) and returns the subscription (its
  /// stream id, and its title when the server says), or `nil` when the server added
  /// nothing (already subscribed, or it could not read the feed).
  ///
  /// - Throws: ``GoogleReaderError``, `APIError`.
  package func subscribe(to url: URL) async throws -> GoogleReaderSubscription? {
    let path = ["reader", "api", "0", "subscription", "quickadd"]
    let body = try await post(path, form: [("quickadd", url.absoluteString)])
    let answer = try decode(
      GoogleReaderEnvelope.QuickAdd.self, body, path: path.joined(separator: "/"))
    guard (answer.numResults ?? 0) > 0, let stream = answer.streamId, !stream.isEmpty else {
      return nil
    }
    return GoogleReaderSubscription(id: stream, title: answer.streamName, url: url.absoluteString)
  }

  /// Subscribes to `url` in `folder` (`subscription/edit`, `ac=subscribe` with the
  /// folder's label as `a`) and returns the subscription, found in the subscriptions
  /// listed after it by its address (else as the one stream not among `known`); `nil`
  /// when the server refused it (`400`: it could not read the feed).
  ///
  /// - Parameters:
  ///   - url: The feed's address.
  ///   - folder: The folder's name.
  ///   - known: The streams the server had before.
  /// - Returns: The subscription, or `nil` when the server did not subscribe.
  /// - Throws: ``GoogleReaderError``, `APIError`.
  package func subscribe(to url: URL, in folder: String, besides known: Set<String>)
    async throws -> GoogleReaderSubscription?
  {
    do {
      try await editSubscription([
        ("ac", "subscribe"), ("s", "feed/" + url.absoluteString), ("a", Self.label(folder)),
      ])
    } catch let error as APIError where error.statusCode == 400 {
      return nil
    }
    let after = try await subscriptions()
    let wanted = FeedLocation.canonical(url)
    if let match = after.first(where: { $0.feedURL.map(FeedLocation.canonical) == wanted }) {
      return match
    }
    let appeared = after.filter { !known.contains($0.id) }
    return appeared.count == 1 ? appeared[0] : nil
  }

  /// Moves `stream` from the folder `old` to `new` (`ac=edit` with the labels as `a`
  /// and `r`); `new` `nil` takes it out of `old` (the server may file it in its
  /// default folder).
  ///
  /// - Throws: ``GoogleReaderError``, `APIError`.
  package func move(_ stream: String, from old: String?, to new: String?) async throws {
    var fields = [("ac", "edit"), ("s", stream)]
    if let new { fields.append(("a", Self.label(new))) }
    if let old { fields.append(("r", Self.label(old))) }
    guard fields.count > 2 else { return }
    try await editSubscription(fields)
  }

  /// A folder's label id: `user/-/label/NAME`.
  static func label(_ folder: String) -> String { "user/-/label/" + folder }

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
