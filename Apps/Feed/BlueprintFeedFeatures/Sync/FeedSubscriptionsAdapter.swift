internal import BlueprintFeedModel
internal import CoreSync
internal import Foundation

/// feed's subscriptions as the kit's `SyncEngine` sees the local side: each feed an item
/// whose record is its ``SubscriptionRecord``. Two feeds new on both sides are one when
/// their addresses are; a title the user did not give reads as the agreed one.
struct FeedSubscriptionsAdapter: SyncAdapter {
  let store: FeedStore
  let log: FeedSyncLog
  /// The server's side, for the titles it found.
  let remote: GoogleReaderSubscriptions

  func localItems() throws -> [SyncLocalItem] {
    try store.subscriptions().feeds.map { feed in
      SyncLocalItem(id: feed.id, record: SubscriptionRecord(feed).record)
    }
  }

  func matchKey(for record: SyncRecord) -> SyncRecord { ["url": record["url"] ?? ""] }

  var inheritedFields: Set<String> { ["title"] }

  /// A new feed's provisional href is its local id, padded: creates go out in the order
  /// the feeds were added.
  func newIdentity(for item: SyncLocalItem) -> (uid: String, name: String) {
    let padding = String(repeating: "0", count: max(0, 10 - item.id.count))
    return (item.record["url"] ?? item.id, padding + item.id)
  }

  func applyLocal(_ changes: [SyncLocalChange]) throws -> [String] {
    var created: [String] = []
    for change in changes {
      switch change {
      case .create(let record, _, _): created.append(try add(SubscriptionRecord(record)))
      case .update(let id, let record, _, let was):
        try update(id, to: SubscriptionRecord(record), was: SubscriptionRecord(was))
      case .delete(let id, let was):
        try store.remove(id)
        log.note { $0.removedHere.append(SubscriptionRecord(was).name) }
      }
    }
    return created
  }

  /// Adds a feed the server has (or takes the one here with its address).
  private func add(_ wanted: SubscriptionRecord) throws -> String {
    guard let url = URL(string: wanted.url) else { throw SubscriptionRecordError.noAddress }
    let added: Subscription
    do {
      added = try store.add(url, folder: wanted.folder)
    } catch FeedStoreError.alreadySubscribed(let existing) {
      added = existing
    }
    try showTitle(wanted.title, for: added.id)
    log.note { $0.addedHere.append(wanted.name) }
    return added.id
  }

  /// Takes a title or a folder from the server, or links a feed new on both sides. A
  /// title both sides had agreed on and the server changed becomes this feed's own; the
  /// server's first one is shown while the feed has no title (``showTitle(_:for:)``). A
  /// folder given for the first time is not counted as a move.
  private func update(_ id: String, to wanted: SubscriptionRecord, was: SubscriptionRecord) throws {
    if wanted.title != was.title, let title = wanted.title, was.title != nil {
      try store.rename(id, to: title)
      log.note { $0.renamed += 1 }
    }
    try showTitle(remote.titleFound(forURL: wanted.url) ?? wanted.title, for: id)
    if wanted.folder != was.folder {
      try store.move(id, to: wanted.folder)
      if was.folder != nil { log.note { $0.moved += 1 } }
    }
  }

  /// A feed without a title (its site's, or the server's) shows the server's.
  private func showTitle(_ title: String?, for id: String) throws {
    guard let title, try store.record(id).title == nil else { return }
    try store.updateRecord(id) { record in record.title = title }
  }

  func remoteRecord(from body: String) throws -> SyncRemoteRecord? {
    let subscription = try SubscriptionRecord(body: body)
    return SyncRemoteRecord(uid: subscription.url, record: subscription.record)
  }

  func remoteBody(for record: SyncRecord, uid: String, over lastBody: String?, now: Date) throws
    -> String
  {
    SubscriptionRecord(record).body
  }
}
