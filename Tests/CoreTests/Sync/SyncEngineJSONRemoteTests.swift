import Core
import Foundation
import Testing

/// A document store that is not CalDAV: JSON documents at paths, a version number as
/// the ETag, no sync token (every listing is full and carries the bodies).
final class JSONDocumentRemote: SyncRemote, @unchecked Sendable {
  struct Document: Codable, Equatable {
    var id: String
    var fields: [String: String]
  }

  private let lock = NSLock()
  private var documents: [String: (version: Int, body: String)] = [:]
  private var version = 0
  private var requests = 0

  var requestCount: Int { lock.withLock { requests } }
  var bodies: [String: String] { lock.withLock { documents.mapValues(\.body) } }

  /// What the store holds, as another client sees it.
  var records: [SyncRecord] {
    bodies.values.compactMap { try? JSONDecoder().decode(Document.self, from: Data($0.utf8)) }
      .map(\.fields)
  }

  static func body(_ document: Document) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self)
  }

  /// Another client writes `fields` at `/docs/ID`.
  func put(_ id: String, _ fields: [String: String]) {
    lock.withLock {
      version += 1
      documents["/docs/\(id)"] = (version, Self.body(Document(id: id, fields: fields)))
    }
  }

  /// Another client deletes the document `id`.
  func remove(_ id: String) { lock.withLock { documents["/docs/\(id)"] = nil } }

  /// Another client deletes every document.
  func removeAll() { lock.withLock { documents = [:] } }

  func changes(since token: String?) async throws -> RemoteChanges {
    lock.withLock {
      requests += 1
      let listed = documents.map {
        RemoteResource(href: $0.key, etag: "v\($0.value.version)", body: $0.value.body)
      }
      return RemoteChanges(changed: listed, deleted: [], token: nil, isFullListing: true)
    }
  }

  func fetch(_ hrefs: [String]) async throws -> [RemoteItem] {
    lock.withLock {
      requests += 1
      return hrefs.compactMap { href in
        documents[href].map { RemoteItem(href: href, etag: "v\($0.version)", body: $0.body) }
      }
    }
  }

  func create(_ body: String, at href: String) async throws -> String? {
    try lock.withLock {
      requests += 1
      guard documents[href] == nil else { throw SyncRemoteError.preconditionFailed(href: href) }
      version += 1
      documents[href] = (version, body)
      return "v\(version)"
    }
  }

  func replace(_ body: String, at href: String, ifMatch etag: String) async throws -> String? {
    try lock.withLock {
      requests += 1
      try check(href, etag)
      version += 1
      documents[href] = (version, body)
      return "v\(version)"
    }
  }

  func delete(at href: String, ifMatch etag: String) async throws {
    try lock.withLock {
      requests += 1
      try check(href, etag)
      documents[href] = nil
    }
  }

  private func check(_ href: String, _ etag: String) throws {
    guard let document = documents[href] else { throw SyncRemoteError.notFound(href: href) }
    guard "v\(document.version)" == etag else {
      throw SyncRemoteError.preconditionFailed(href: href)
    }
  }

  func href(forNewItemNamed name: String) -> String { "/docs/\(name)" }
}

/// The app's side for the JSON store: a record is a document's fields.
struct JSONDocumentAdapter: SyncAdapter {
  let local: MemoryLocal

  func localItems() throws -> [SyncLocalItem] { local.localItems() }
  func applyLocal(_ changes: [SyncLocalChange]) throws -> [String] { try local.apply(changes) }

  func remoteRecord(from body: String) throws -> SyncRemoteRecord? {
    let document = try JSONDecoder().decode(
      JSONDocumentRemote.Document.self, from: Data(body.utf8))
    return SyncRemoteRecord(uid: document.id, record: document.fields)
  }

  func remoteBody(for record: SyncRecord, uid: String, over lastBody: String?, now: Date) throws
    -> String
  {
    JSONDocumentRemote.body(JSONDocumentRemote.Document(id: uid, fields: record))
  }

  func newIdentity(for item: SyncLocalItem) -> (uid: String, name: String) {
    ("local-\(item.id)", "local-\(item.id)")
  }
}

@Suite("SyncEngine over a JSON document store: no CalDAV, no sync token")
struct SyncEngineJSONRemoteTests {
  let remote = JSONDocumentRemote()
  let local = MemoryLocal()
  let engine: SyncEngine

  init() {
    engine = SyncEngine(
      remote: remote, adapter: JSONDocumentAdapter(local: local),
      state: SyncStateStore(store: InMemoryKeyValueStore()),
      now: { Date(timeIntervalSince1970: 5_000) })
  }

  @Test("a first sync sends and takes documents; one the same on both sides is matched")
  func firstSync() async throws {
    remote.put("r1", ["title": "from server"])
    remote.put("r2", ["title": "on both"])
    local.add(["title": "from here"])
    let both = local.add(["title": "on both"])

    let result = try await engine.sync()
    #expect(result.description == "sent 1, received 1, merged 0, deleted 0")
    #expect(sorted(local.records) == sorted(remote.records))
    #expect(local.items.count == 3)
    #expect(local.items[both]?.record == ["title": "on both"])
    #expect(remote.bodies["/docs/local-1"] == #"{"fields":{"title":"from here"},"id":"local-1"}"#)

    let before = remote.requestCount
    let again = try await engine.sync()
    #expect(again.description == "sent 0, received 0, merged 0, deleted 0")
    #expect(remote.requestCount - before == 1, "a full listing, nothing else")
  }

  @Test("edits and deletions travel both ways; fields changed on each side are merged")
  func changesTravel() async throws {
    let kept = local.add(["title": "kept", "note": "n"])
    let dropped = local.add(["title": "dropped here"])
    remote.put("gone", ["title": "dropped there"])
    _ = try await engine.sync()
    let goneHere = try #require(local.id(titled: "dropped there"))

    local.edit(kept, "note", "local note")
    remote.put("local-\(kept)", ["title": "server title", "note": "n"])
    local.remove(dropped)
    remote.remove("gone")
    let result = try await engine.sync()

    #expect(result.merged == 1)
    #expect(result.deleted == 2)
    #expect(local.items[kept]?.record == ["title": "server title", "note": "local note"])
    #expect(local.items[goneHere] == nil)
    #expect(remote.records == [["title": "server title", "note": "local note"]])
  }

  @Test("a store emptied elsewhere is refused before anything is written, unless allowed")
  func massDeletion() async throws {
    for number in 1...3 { local.add(["title": "item \(number)"]) }
    _ = try await engine.sync()
    remote.removeAll()

    let refusal = await #expect(throws: SyncMassDeletion.self) { try await engine.sync() }
    #expect(refusal?.description == "the sync would delete 3 of 3 items here; nothing was changed")
    #expect(local.items.count == 3)

    var allowed = engine
    allowed.allowsMassDeletion = true
    let result = try await allowed.sync()
    #expect(result.deleted == 3)
    #expect(local.items.isEmpty)
  }
}
