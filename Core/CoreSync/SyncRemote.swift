import CoreBase

/// One item on a sync server: where it lives and which version of it is there.
public struct RemoteResource: Hashable, Sendable {
  /// The item's path on the server, normalised (percent-encoding as the server's
  /// canonical form, never absolute), so two spellings of one item compare equal.
  public var href: String
  /// The version tag exactly as the server sent it (a weak `W/"…"` included), or `nil`
  /// when the server did not say.
  public var etag: String?
  /// The item's content, when the listing carried it (then it needs no fetch).
  public var body: String?

  /// Creates a resource.
  public init(href: String, etag: String?, body: String? = nil) {
    self.href = href
    self.etag = etag
    self.body = body
  }
}

/// An item on a sync server with its content.
public struct RemoteItem: Hashable, Sendable {
  /// The item's normalised path on the server.
  public var href: String
  /// The version tag exactly as received, or `nil` when the server did not say.
  public var etag: String?
  /// The item's content as the server holds it (an iCalendar text for CalDAV).
  public var body: String

  /// Creates an item.
  public init(href: String, etag: String?, body: String) {
    self.href = href
    self.etag = etag
    self.body = body
  }
}

/// What changed on the server since a sync token.
public struct RemoteChanges: Sendable {
  /// Items new or changed since the token (every item, for a full listing).
  public var changed: [RemoteResource]
  /// Hrefs removed since the token (empty for a full listing).
  public var deleted: [String]
  /// The token to ask with next time, or `nil` when the server keeps none.
  public var token: String?
  /// Whether ``changed`` is every item the collection holds, so that an item
  /// missing from it is gone from the server.
  public var isFullListing: Bool

  /// Creates a change set.
  public init(changed: [RemoteResource], deleted: [String], token: String?, isFullListing: Bool) {
    self.changed = changed
    self.deleted = deleted
    self.token = token
    self.isFullListing = isFullListing
  }
}

/// Why a sync server refused a request in a way a sync can act on.
public enum SyncRemoteError: Error, Hashable, Sendable {
  /// The sync token is no longer valid (CalDAV: 403 or 412 with `valid-sync-token`);
  /// ask again with `nil` for a full listing.
  case invalidToken
  /// The item at this href is not at the version the request named, or something
  /// already exists where a new item was to be created (HTTP 412).
  case preconditionFailed(href: String)
  /// No item at this href (HTTP 404 or 410).
  case notFound(href: String)
  /// The server refuses to create this item, and only this one (Google Reader: an
  /// address it cannot subscribe to). The sync reports it in ``SyncResult/skipped``,
  /// goes on with the other items and tries it again next time.
  case rejected(href: String, reason: String)
}

/// A collection of items on a server, as a sync engine sees it.
///
/// `CalDAVCollection` is the live implementation; a test can conform an in-memory
/// one. Transport failures throw `APIError`; the cases a sync acts on throw
/// ``SyncRemoteError``.
public protocol SyncRemote: Sendable {
  /// What changed since `token`; with `nil`, every item (a full listing). A listing may
  /// carry the items' content (``RemoteResource/body``): those are not fetched again.
  ///
  /// - Throws: ``SyncRemoteError/invalidToken`` when the server refuses the token.
  func changes(since token: String?) async throws -> RemoteChanges

  /// The content of the items at these hrefs, fetched in batches of ``batchSize``; an
  /// href with no item is left out of the answer.
  func fetch(_ hrefs: [String]) async throws -> [RemoteItem]

  /// The most hrefs one fetch request asks for (the sync engine asks for no more at a
  /// time, so each of its fetches is one request).
  var batchSize: Int { get }

  /// Creates an item where none exists (`If-None-Match: *`).
  ///
  /// - Returns: The new version tag, or `nil` when the server did not send one.
  /// - Throws: ``SyncRemoteError/preconditionFailed(href:)`` when an item is already there.
  func create(_ body: String, at href: String) async throws -> String?

  /// Whether the server names new items itself (Google Reader answers a subscribe with
  /// the stream id it chose): ``create(_:proposedHref:)`` may put an item elsewhere
  /// than asked. Then a create whose answer was lost is recognised by its
  /// ``SyncAdapter/matchKey(for:)`` at the next sync, since it is not at the href
  /// recorded before it. `false` unless the remote says otherwise.
  var assignsHrefs: Bool { get }

  /// Creates an item where none exists; the engine creates through this one.
  ///
  /// - Returns: Where the item is (`href` unless ``assignsHrefs``) and its version tag,
  ///   `nil` when the server did not send one. The default creates at `href` with
  ///   ``create(_:at:)``.
  /// - Throws: ``SyncRemoteError/preconditionFailed(href:)`` when an item is already
  ///   there; ``SyncRemoteError/rejected(href:reason:)`` when the server refuses this
  ///   item alone.
  func create(_ body: String, proposedHref href: String) async throws
    -> (href: String, etag: String?)

  /// Replaces an item if it is still at `etag` (`If-Match`, the tag exactly as received).
  ///
  /// - Returns: The new version tag, or `nil` when the server did not send one.
  /// - Throws: ``SyncRemoteError/preconditionFailed(href:)`` when it changed meanwhile,
  ///   ``SyncRemoteError/notFound(href:)`` when it is gone.
  func replace(_ body: String, at href: String, ifMatch etag: String) async throws -> String?

  /// Deletes an item if it is still at `etag`.
  ///
  /// - Throws: ``SyncRemoteError/preconditionFailed(href:)`` when it changed meanwhile,
  ///   ``SyncRemoteError/notFound(href:)`` when it is already gone.
  func delete(at href: String, ifMatch etag: String) async throws

  /// The href a new item named `name` (a file-name-safe UID) gets in this collection.
  func href(forNewItemNamed name: String) -> String
}

extension SyncRemote {
  /// 500 hrefs a fetch, unless the remote says otherwise.
  public var batchSize: Int { 500 }

  /// The client names new items (CalDAV), unless the remote says otherwise.
  public var assignsHrefs: Bool { false }

  /// Creates at `href` with ``create(_:at:)``: the item is where it was asked to be.
  public func create(_ body: String, proposedHref href: String) async throws
    -> (href: String, etag: String?)
  {
    (href, try await create(body, at: href))
  }
}
