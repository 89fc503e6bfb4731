internal import CoreSync
internal import Foundation
internal import Synchronization

/// The server's subscriptions as the kit's `SyncEngine` sees a collection: each stream
/// (`feed/12`) an item whose body is its ``SubscriptionRecord``, listed whole at every
/// sync (the API has no change token); a create subscribes, a replace renames or moves,
/// a delete unsubscribes. The server names new subscriptions itself.
///
/// The API has no version tags: a subscription's body is its tag, and writes are not
/// conditional (its last listing, read at the start of the sync, is what they edit).
final class GoogleReaderSubscriptions: SyncRemote {
  let client: GoogleReaderClient
  let log: FeedSyncLog
  /// The subscriptions as last listed, and as this sync changed them, by stream.
  private let listed = Mutex<[String: GoogleReaderSubscription]>([:])
  /// The server's title of each address as this sync found it (listed, or answered to
  /// its subscribe), before any rename.
  private let found = Mutex<[String: String]>([:])

  init(client: GoogleReaderClient, log: FeedSyncLog) {
    self.client = client
    self.log = log
  }

  var assignsHrefs: Bool { true }

  func changes(since token: String?) async throws -> RemoteChanges {
    let subscriptions = try await client.subscriptions()
    remember(subscriptions)
    let resources = subscriptions.map { subscription in
      let body = SubscriptionRecord(subscription).body
      return RemoteResource(href: subscription.id, etag: body, body: body)
    }
    return RemoteChanges(changed: resources, deleted: [], token: nil, isFullListing: true)
  }

  /// Lists again (the API reads no single subscription): the engine fetches what it
  /// created, to read what the server filled in, and what it knows no version of.
  func fetch(_ hrefs: [String]) async throws -> [RemoteItem] {
    let subscriptions = try await client.subscriptions()
    let known = remember(subscriptions)
    return hrefs.compactMap { href in
      known[href].map { subscription in
        let body = SubscriptionRecord(subscription).body
        return RemoteItem(href: href, etag: body, body: body)
      }
    }
  }

  /// Keeps a listing: the subscriptions by stream, and the titles of those not found
  /// before.
  @discardableResult
  private func remember(_ subscriptions: [GoogleReaderSubscription])
    -> [String: GoogleReaderSubscription]
  {
    let byStream = Dictionary(subscriptions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    listed.withLock { $0 = byStream }
    found.withLock { found in
      for subscription in subscriptions {
        let record = SubscriptionRecord(subscription)
        if found[record.url] == nil { found[record.url] = record.title }
      }
    }
    return byStream
  }

  func create(_ body: String, at href: String) async throws -> String? {
    try await create(body, proposedHref: href).etag
  }

  /// Subscribes (in its folder), then gives it the title chosen here, if any; a feed the
  /// server will not subscribe to is rejected for this sync alone.
  func create(_ body: String, proposedHref href: String) async throws -> (
    href: String, etag: String?
  ) {
    let wanted = try SubscriptionRecord(body: body)
    guard let url = URL(string: wanted.url), var added = try await subscribe(url, wanted) else {
      log.note { $0.notSubscribed.append(wanted.name) }
      throw SyncRemoteError.rejected(href: href, reason: "the server did not subscribe")
    }
    log.note { $0.subscribedThere.append(wanted.name) }
    found.withLock { $0[wanted.url] = SubscriptionRecord.plainTitle(added.title) }
    if let title = wanted.title {
      try await client.rename(added.id, to: title)
      added.title = title
      log.note { $0.renamed += 1 }
    }
    listed.withLock { $0[added.id] = added }
    // Its version is what the engine reads back (`fetch`): the server may have filed it
    // in a default folder.
    return (added.id, nil)
  }

  private func subscribe(_ url: URL, _ wanted: SubscriptionRecord) async throws
    -> GoogleReaderSubscription?
  {
    guard let folder = wanted.folder else { return try await client.subscribe(to: url) }
    let known = Set(listed.withLock { $0.keys })
    return try await client.subscribe(to: url, in: folder, besides: known)
  }

  /// Renames or moves what differs from the last listing.
  func replace(_ body: String, at href: String, ifMatch etag: String) async throws -> String? {
    let wanted = try SubscriptionRecord(body: body)
    guard var there = listed.withLock({ $0[href] }) else {
      throw SyncRemoteError.notFound(href: href)
    }
    let was = SubscriptionRecord(there)
    if let title = wanted.title, title != was.title {
      try await client.rename(href, to: title)
      there.title = title
      log.note { $0.renamed += 1 }
    }
    if wanted.folder != was.folder {
      try await client.move(href, from: was.folder, to: wanted.folder)
      there.setFolder(wanted.folder)
      log.note { $0.moved += 1 }
    }
    listed.withLock { $0[href] = there }
    return SubscriptionRecord(there).body
  }

  func delete(at href: String, ifMatch etag: String) async throws {
    let was = listed.withLock { $0.removeValue(forKey: href) }
    try await client.unsubscribe(href)
    log.note { $0.unsubscribedThere.append(was.map { SubscriptionRecord($0).name } ?? href) }
  }

  func href(forNewItemNamed name: String) -> String { "new/" + name }

  /// The server's title of the feed at `url` (canonical) as this sync found it, before
  /// any rename.
  func titleFound(forURL url: String) -> String? { found.withLock { $0[url] } }
}

extension GoogleReaderSubscription {
  /// Puts it in `folder` (none: `nil`), as the server lists it after a move.
  mutating func setFolder(_ folder: String?) {
    categories = folder.map { [Category(id: GoogleReaderClient.label($0), label: $0)] }
  }
}
