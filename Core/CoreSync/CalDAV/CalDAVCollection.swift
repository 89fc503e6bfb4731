public import CoreBase
public import Foundation

/// One CalDAV calendar collection (a task list) as a ``SyncRemote``: the live server a
/// sync engine talks to.
///
/// Every request goes through an `HTTPClient` — use a `CurlHTTPClient` on Linux (its
/// size cap holds for answers of unknown length, and it drops credentials on a redirect
/// to another origin) — and every XML answer is parsed with any DOCTYPE refused.
///
/// <!-- doc-test: skip a fragment: `listURL`, `storedToken` come from its surroundings -->
/// ```swift
/// let client = CurlHTTPClient(userAgent: "todo/1.0")!
/// let credentials = try SyncCredentialSource.netrc().credentials(for: listURL)
/// let remote = CalDAVCollection(url: listURL, client: client, credentials: credentials)
/// let changes = try await remote.changes(since: storedToken)
/// ```
///
/// Listings keep only the collection's own members: the collection itself, hrefs outside
/// it and sub-collections are left out, and so are items whose content type names
/// another component (a `VEVENT` in a task list) — ``component`` says which. Hrefs are
/// normalised (one spelling per path, never absolute), so they compare equal from one
/// answer to the next.
public struct CalDAVCollection: SyncRemote {
  /// The collection's address, ending in `/`.
  public let url: URL
  /// The component the collection's items hold, `VTODO` by default; listed items whose
  /// `getcontenttype` names another are left out.
  public var component: String
  /// The most hrefs one `calendar-multiget` asks for.
  public var batchSize: Int
  /// How long one request may wait without a byte from the server (60 s by default).
  /// A listing asked with the items' content that passes it is asked again without.
  public var timeout: Duration {
    get { session.timeout }
    set { session.timeout = newValue }
  }
  var session: DAVSession
  /// The collection's canonical path, ending in `/`.
  let path: String
  /// Set once the server refused `sync-collection`: then listings are `PROPFIND`s.
  let syncCollectionRefused = Locked(false)
  /// Set once a listing with the items' content was refused, too large or too slow:
  /// then listings ask for ETags alone.
  let listingDataRefused = Locked(false)

  /// The default ``batchSize``.
  public static let defaultBatchSize = 500

  /// Creates the collection at `url`.
  ///
  /// - Parameters:
  ///   - url: The collection's address (a trailing `/` is added when missing).
  ///   - client: The HTTP client every request goes through.
  ///   - credentials: Sent with every request as Basic authentication; never over plain
  ///     `http://` except to this machine.
  ///   - component: The component its items hold.
  ///   - batchSize: The most hrefs one multiget asks for.
  public init(
    url: URL, client: any HTTPClient, credentials: SyncCredentials? = nil,
    component: String = "VTODO", batchSize: Int = defaultBatchSize
  ) {
    let text = url.absoluteString
    self.url = text.hasSuffix("/") ? url : URL(string: text + "/") ?? url
    self.component = component
    self.batchSize = max(1, batchSize)
    self.session = DAVSession(client: client, credentials: credentials)
    self.path = DAVHref.collectionPath(self.url)
  }

  /// The address of an href of this collection.
  func address(of href: String) -> URL {
    URL(string: href, relativeTo: url)?.absoluteURL ?? url
  }

  /// The href a new item named `name` gets: the collection's path, the name
  /// percent-encoded, `.ics`.
  ///
  /// - Parameter name: A file-name-safe UID.
  /// - Returns: The normalised href.
  public func href(forNewItemNamed name: String) -> String {
    path + DAVHref.canonical(name.replacingOccurrences(of: "/", with: "%2F")) + ".ics"
  }

  // MARK: - Items

  /// The content of the items at `hrefs`, in `calendar-multiget` batches of
  /// ``batchSize``; an href with no item (404) is left out.
  ///
  /// - Parameter hrefs: Normalised hrefs of this collection.
  /// - Returns: The items found.
  /// - Throws: `APIError`.
  public func fetch(_ hrefs: [String]) async throws -> [RemoteItem] {
    var items: [RemoteItem] = []
    var start = 0
    while start < hrefs.count {
      let batch = Array(hrefs[start..<min(hrefs.count, start + batchSize)])
      start += batch.count
      let (document, base) = try await session.multistatus(
        "REPORT", url, depth: "1", xml: DAVRequestBody.calendarMultiget(batch))
      var seen = Set<String>()
      for response in document.responses where response.status.map({ $0 < 300 }) ?? true {
        guard let data = response.text(.caldav("calendar-data")),
          let href = member(response.hrefs.first, base: base), seen.insert(href).inserted
        else { continue }
        items.append(RemoteItem(href: href, etag: response.text(.dav("getetag")), body: data))
      }
    }
    return items
  }

  /// Creates an item where none exists: `PUT` with `If-None-Match: *`.
  ///
  /// - Returns: The new ETag, or `nil` when the server sent none.
  /// - Throws: ``SyncRemoteError/preconditionFailed(href:)`` when an item is there;
  ///   `APIError`.
  public func create(_ body: String, at href: String) async throws -> String? {
    try await put(body, at: href, condition: ["If-None-Match": "*"])
  }

  /// Replaces an item still at `etag`: `PUT` with `If-Match` and the tag exactly as
  /// received.
  ///
  /// - Returns: The new ETag, or `nil` when the server sent none.
  /// - Throws: ``SyncRemoteError``; `APIError`.
  public func replace(_ body: String, at href: String, ifMatch etag: String) async throws
    -> String?
  {
    try await put(body, at: href, condition: ["If-Match": etag])
  }

  /// Deletes an item still at `etag`: `DELETE` with `If-Match`.
  ///
  /// - Throws: ``SyncRemoteError``; `APIError`.
  public func delete(at href: String, ifMatch etag: String) async throws {
    do {
      _ = try await session.send(.delete, address(of: href), headers: ["If-Match": etag])
    } catch let error as APIError {
      throw Self.itemError(error, href: href)
    }
  }

  private func put(_ body: String, at href: String, condition: HTTPHeaders) async throws
    -> String?
  {
    do {
      let response = try await session.send(
        .put, address(of: href), body: Data(body.utf8),
        contentType: "text/calendar; charset=utf-8", headers: condition)
      return response.headers["ETag"]
    } catch let error as APIError {
      throw Self.itemError(error, href: href)
    }
  }

  /// The ``SyncRemoteError`` a status on one item means, else the error itself.
  static func itemError(_ error: APIError, href: String) -> any Error {
    switch error.statusCode {
    case 412: SyncRemoteError.preconditionFailed(href: href)
    case 404, 410: SyncRemoteError.notFound(href: href)
    default: error
    }
  }

  /// The normalised href of a member of this collection, or `nil` for the collection
  /// itself, a sub-collection, or anything outside it.
  func member(_ href: String?, base: URL) -> String? {
    guard let href, let path = DAVHref.normalize(href, base: base),
      DAVHref.isMember(path, of: self.path), !path.hasSuffix("/")
    else { return nil }
    return path
  }
}
