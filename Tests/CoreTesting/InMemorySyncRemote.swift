public import Core
internal import Foundation

/// A ``SyncRemote`` that keeps its items in memory, with faults a test can inject:
/// the test double for the protocol, shared by the sync engine's tests and an app's.
///
/// It behaves as a careful CalDAV server does: `create` refuses an existing href
/// (412), `replace` and `delete` compare the ETag exactly as sent (a weak `W/"…"`
/// included), every write gets a new ETag, and `changes(since:)` answers with a token
/// that lists later changes and deletions.
///
/// <!-- doc-test: context
/// let href = "/tasks/1.ics"
/// -->
/// ```swift
/// let remote = InMemorySyncRemote()
/// remote.failRequest(3)                        // the third request from now throws
/// remote.answerPreconditionFailed(at: href)    // the next write there is a 412
/// remote.dropsETags = true                     // writes answer without an ETag
/// remote.invalidateTokens()                    // the next token is refused
/// remote.listsBodies = true                    // listings carry the items' content
/// remote.rejectCreates(containing: "bad")       // creates of such bodies are refused
/// remote.fillOnCreate("X-FIELD-FOLDER:Inbox")    // assigned creates get a default
/// ```
///
/// With `assignsHrefs`, it names new items itself, as Google Reader does: a create
/// stores the item at `assigned/1`, `assigned/2`… whatever href was proposed.
public final class InMemorySyncRemote: SyncRemote {
  /// The error an injected failure throws.
  public struct InjectedFailure: Error, Hashable, Sendable {
    /// The request's number (from 1, counting every request this remote answered).
    public var request: Int
    /// Whether the request took effect before it failed (its answer was lost).
    public var tookEffect: Bool
  }

  /// One stored item.
  public struct Stored: Hashable, Sendable {
    /// Its ETag.
    public var etag: String
    /// Its body.
    public var body: String
  }

  private struct State {
    var items: [String: Stored] = [:]
    /// The change sequence at which each href last changed (deletions included).
    var changedAt: [String: Int] = [:]
    var sequence = 0
    /// Bumped by `invalidateTokens`; tokens carry it.
    var epoch = 0
    var requests = 0
    var failures: [Int: Bool] = [:]
    var preconditionFailures: Set<String> = []
    var dropsETags = false
    var weakETags = false
    var listsBodies = false
    var assigned = 0
    var rejection: (text: String, reason: String)?
    var filledOnCreate: String?
    var log: [String] = []
  }

  private let state = Locked(State())
  /// The collection's path; new items go under it.
  public let collection: String
  /// Whether a create puts the item at an href of this remote's choosing
  /// (`assigned/N`) rather than the one proposed.
  public let assignsHrefs: Bool

  /// An empty collection at `collection`; with `assignsHrefs`, it names new items itself.
  public init(collection: String = "/user/tasks/", assignsHrefs: Bool = false) {
    self.collection = collection
    self.assignsHrefs = assignsHrefs
  }

  // MARK: - Faults

  /// Makes request number `number` (counting from 1 over this remote's life, see
  /// ``requestCount``) throw ``InjectedFailure``; with `afterEffect`, the request
  /// takes effect first (as when the connection drops before the answer).
  public func failRequest(_ number: Int, afterEffect: Bool = false) {
    state.withLock { $0.failures[number] = afterEffect }
  }

  /// Makes the next `create`, `replace` or `delete` at `href` answer 412, as when
  /// another client wrote it a moment before.
  public func answerPreconditionFailed(at href: String) {
    state.withLock { _ = $0.preconditionFailures.insert(href) }
  }

  /// Whether writes answer without an ETag (as sabre/dav does when it changed the body).
  public var dropsETags: Bool {
    get { state.withLock { $0.dropsETags } }
    set { state.withLock { $0.dropsETags = newValue } }
  }

  /// Whether new ETags are weak (`W/"7"`).
  public var weakETags: Bool {
    get { state.withLock { $0.weakETags } }
    set { state.withLock { $0.weakETags = newValue } }
  }

  /// Whether listings carry each listed item's content (as a CalDAV server answering a
  /// `sync-collection` that asks for calendar data does), so that it needs no fetch.
  public var listsBodies: Bool {
    get { state.withLock { $0.listsBodies } }
    set { state.withLock { $0.listsBodies = newValue } }
  }

  /// Makes every create whose body contains `text` throw
  /// ``SyncRemoteError/rejected(href:reason:)`` with `reason`, until called with `nil`.
  public func rejectCreates(containing text: String?, reason: String = "refused") {
    state.withLock { $0.rejection = text.map { ($0, reason) } }
  }

  /// Makes a create at an href of this remote's choosing add `line` to the item (before
  /// `END:VTODO`), as a server fills in a default (Google Reader: a folder); `nil` stops.
  public func fillOnCreate(_ line: String?) {
    state.withLock { $0.filledOnCreate = line }
  }

  /// Makes every token handed out so far invalid.
  public func invalidateTokens() {
    state.withLock { $0.epoch += 1 }
  }

  /// How many requests were answered (or failed) so far.
  public var requestCount: Int { state.withLock { $0.requests } }

  /// One line per request, such as `PUT /user/tasks/a.ics`.
  public var requestLog: [String] { state.withLock { $0.log } }

  // MARK: - Another client's view

  /// The stored items by href.
  public var items: [String: Stored] { state.withLock { $0.items } }

  /// Stores `body` at `href` as another client would (no precondition).
  @discardableResult
  public func put(_ body: String, at href: String) -> String {
    state.withLock { Self.write(body, at: href, in: &$0) }
  }

  /// Removes the item at `href` as another client would.
  public func remove(at href: String) {
    state.withLock { state in
      guard state.items.removeValue(forKey: href) != nil else { return }
      state.sequence += 1
      state.changedAt[href] = state.sequence
    }
  }

  // MARK: - SyncRemote

  public func changes(since token: String?) async throws -> RemoteChanges {
    try request("REPORT \(token ?? "-")") { state in
      guard let token else {
        return RemoteChanges(
          changed: state.items.sorted { $0.key < $1.key }.map {
            RemoteResource(
              href: $0.key, etag: $0.value.etag, body: state.listsBodies ? $0.value.body : nil)
          }, deleted: [], token: Self.token(state), isFullListing: true)
      }
      let parts = token.split(separator: "-")
      guard parts.count == 2, parts[0] == "e\(state.epoch)", let since = Int(parts[1]),
        since <= state.sequence
      else { throw SyncRemoteError.invalidToken }
      var changed: [RemoteResource] = []
      var deleted: [String] = []
      for (href, at) in state.changedAt.sorted(by: { $0.key < $1.key }) where at > since {
        if let item = state.items[href] {
          changed.append(
            RemoteResource(
              href: href, etag: item.etag, body: state.listsBodies ? item.body : nil))
        } else {
          deleted.append(href)
        }
      }
      return RemoteChanges(
        changed: changed, deleted: deleted, token: Self.token(state), isFullListing: false)
    }
  }

  public func fetch(_ hrefs: [String]) async throws -> [RemoteItem] {
    try request("MULTIGET \(hrefs.count)") { state in
      hrefs.compactMap { href in
        state.items[href].map { RemoteItem(href: href, etag: $0.etag, body: $0.body) }
      }
    }
  }

  public func create(_ body: String, at href: String) async throws -> String? {
    try request("PUT \(href) If-None-Match") { state in
      try Self.checkPrecondition(href, in: &state)
      try Self.checkRejection(body, href, in: state)
      guard state.items[href] == nil else { throw SyncRemoteError.preconditionFailed(href: href) }
      let etag = Self.write(body, at: href, in: &state)
      return state.dropsETags ? nil : etag
    }
  }

  public func create(_ body: String, proposedHref href: String) async throws
    -> (href: String, etag: String?)
  {
    guard assignsHrefs else { return (href, try await create(body, at: href)) }
    return try request("POST \(href)") { state in
      try Self.checkRejection(body, href, in: state)
      state.assigned += 1
      let assigned = "assigned/\(state.assigned)"
      let filled = state.filledOnCreate.map {
        body.replacingOccurrences(of: "END:VTODO", with: $0 + "\r\nEND:VTODO")
      }
      let etag = Self.write(filled ?? body, at: assigned, in: &state)
      return (assigned, state.dropsETags ? nil : etag)
    }
  }

  public func replace(_ body: String, at href: String, ifMatch etag: String) async throws
    -> String?
  {
    try request("PUT \(href) If-Match") { state in
      try Self.checkPrecondition(href, in: &state)
      guard let item = state.items[href] else { throw SyncRemoteError.notFound(href: href) }
      guard item.etag == etag else { throw SyncRemoteError.preconditionFailed(href: href) }
      let etag = Self.write(body, at: href, in: &state)
      return state.dropsETags ? nil : etag
    }
  }

  public func delete(at href: String, ifMatch etag: String) async throws {
    try request("DELETE \(href)") { state in
      try Self.checkPrecondition(href, in: &state)
      guard let item = state.items[href] else { throw SyncRemoteError.notFound(href: href) }
      guard item.etag == etag else { throw SyncRemoteError.preconditionFailed(href: href) }
      state.items[href] = nil
      state.sequence += 1
      state.changedAt[href] = state.sequence
    }
  }

  public func href(forNewItemNamed name: String) -> String { collection + name + ".ics" }

  // MARK: - Helpers

  private func request<Result>(_ line: String, _ body: (inout State) throws -> Result) throws
    -> Result
  {
    try state.withLock { state in
      state.requests += 1
      state.log.append(line)
      let number = state.requests
      guard let afterEffect = state.failures.removeValue(forKey: number) else {
        return try body(&state)
      }
      if afterEffect { _ = try? body(&state) }
      throw InjectedFailure(request: number, tookEffect: afterEffect)
    }
  }

  private static func token(_ state: State) -> String { "e\(state.epoch)-\(state.sequence)" }

  private static func checkPrecondition(_ href: String, in state: inout State) throws {
    if state.preconditionFailures.remove(href) != nil {
      throw SyncRemoteError.preconditionFailed(href: href)
    }
  }

  private static func checkRejection(_ body: String, _ href: String, in state: State) throws {
    if let rejection = state.rejection, body.contains(rejection.text) {
      throw SyncRemoteError.rejected(href: href, reason: rejection.reason)
    }
  }

  private static func write(_ body: String, at href: String, in state: inout State) -> String {
    state.sequence += 1
    let etag = state.weakETags ? "W/\"\(state.sequence)\"" : "\"\(state.sequence)\""
    state.items[href] = Stored(etag: etag, body: body)
    state.changedAt[href] = state.sequence
    return etag
  }
}
