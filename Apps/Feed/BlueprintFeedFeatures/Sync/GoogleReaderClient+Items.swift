internal import CoreBase
internal import Foundation

extension GoogleReaderClient {
  /// The most ids one `stream/items/ids` request asks for: servers answer large `n`
  /// whole, and one request avoids the continuation's skipped item (GREADER facts).
  static let idsPerRequest = 10_000

  /// The ids of the items of `stream` (the reading list by default) without the state
  /// `excluded` (``read`` for the unread ones), following continuations until a page
  /// is empty or has none.
  ///
  /// - Throws: ``GoogleReaderError``, `APIError`.
  package func itemIDs(in stream: String = readingList, excluding excluded: String? = nil)
    async throws -> Set<GoogleReaderItemID>
  {
    var ids = Set<GoogleReaderItemID>()
    var continuation: String?
    var seenContinuations = Set<String>()
    let path = ["reader", "api", "0", "stream", "items", "ids"]
    repeat {
      var query = [
        URLQueryItem(name: "output", value: "json"), URLQueryItem(name: "s", value: stream),
        URLQueryItem(name: "n", value: String(Self.idsPerRequest)),
      ]
      if let excluded { query.append(URLQueryItem(name: "xt", value: excluded)) }
      if let continuation { query.append(URLQueryItem(name: "c", value: continuation)) }
      let answer = try decode(
        GoogleReaderEnvelope.ItemRefs.self, try await get(path, query: query),
        path: path.joined(separator: "/"))
      let refs = answer.itemRefs ?? []
      for ref in refs {
        guard let id = GoogleReaderItemID(ref.id) else {
          throw GoogleReaderError.malformed(
            path: path.joined(separator: "/"), reason: "an item id '\(ref.id.prefix(40))'")
        }
        ids.insert(id)
      }
      continuation = answer.continuation?.text
      // An empty page ends it, and so does a continuation seen before (a server that
      // would send the same page for ever).
      if refs.isEmpty || continuation.map({ !seenContinuations.insert($0).inserted }) == true {
        continuation = nil
      }
    } while continuation?.isEmpty == false
    return ids
  }

  /// The items `ids` (`stream/items/contents`), in one request: the caller pages.
  ///
  /// - Throws: ``GoogleReaderError``, `APIError`.
  package func contents(of ids: [GoogleReaderItemID]) async throws -> [GoogleReaderItem] {
    guard !ids.isEmpty else { return [] }
    let path = ["reader", "api", "0", "stream", "items", "contents"]
    let body = try await post(
      path, form: ids.map { ("i", $0.description) },
      query: [URLQueryItem(name: "output", value: "json")])
    return try decode(GoogleReaderEnvelope.Items.self, body, path: path.joined(separator: "/"))
      .items ?? []
  }

  /// Adds `state` to the items `ids` (`edit-tag a=`), or removes it (`r=`).
  ///
  /// - Throws: ``GoogleReaderError/refused(path:answer:)`` unless the server answers
  ///   `OK`; ``GoogleReaderError``, `APIError`.
  package func setState(_ state: String, _ on: Bool, for ids: [GoogleReaderItemID])
    async throws
  {
    guard !ids.isEmpty else { return }
    let path = ["reader", "api", "0", "edit-tag"]
    let body = try await post(
      path, form: ids.map { ("i", $0.description) } + [(on ? "a" : "r", state)])
    try Self.expectOK(body, path: path)
  }

  static func expectOK(_ body: Data, path: [String]) throws {
    let answer = String(decoding: body.prefix(200), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard answer == "OK" else {
      throw GoogleReaderError.refused(path: path.joined(separator: "/"), answer: answer)
    }
  }
}
