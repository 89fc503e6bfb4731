internal import BlueprintFeedFormats
internal import BlueprintFeedModel
internal import CoreSync
internal import Foundation

/// The subscriptions: one request for the server's list, merged against the feeds both
/// sides last agreed on (``FeedSyncState/feeds``), each step's outcome saved as it is
/// applied.
extension FeedSyncer {
  /// A linked subscription the sync removes: its stream id and what was agreed of it.
  typealias Link = (stream: String, feed: SyncedFeed)

  /// The linked subscriptions gone from one side: removed from the other.
  struct Removals {
    /// Unsubscribed on the server: removed here.
    var here: [Link] = []
    /// Removed here: unsubscribed on the server.
    var there: [Link] = []
  }

  /// Removes on each side what the other removed (after the mass-deletion guard), links
  /// or adds what is new on each side, then syncs the linked feeds' titles and folders.
  func syncSubscriptions(_ synced: inout FeedSyncState, _ report: inout FeedSyncReport)
    async throws
  {
    let remote = try await client.subscriptions()
    let local = try store.subscriptions().feeds
    let remoteByStream = Dictionary(remote.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let removals = self.removals(&synced, local: local, remote: remoteByStream)
    if !allowsMassDeletion {
      try Self.checkMassDeletion(removals, localCount: local.count, remoteCount: remote.count)
    }
    try remove(removals, &synced, &report)
    try await unsubscribe(removals, &synced, &report)
    let newHere = try linkOrAdd(remote, besides: local, removals: removals, &synced, &report)
    try await subscribe(newHere, besides: Set(remoteByStream.keys), &synced, &report)
    try await syncTitles(remoteByStream, &synced, &report)
    try await syncFolders(remoteByStream, &synced, &report)
  }

  /// Decides each linked subscription by its presence on each side (`SyncDecision`);
  /// one gone from both sides is forgotten at once.
  func removals(
    _ synced: inout FeedSyncState, local: [Subscription],
    remote: [String: GoogleReaderSubscription]
  ) -> Removals {
    let here = Set(local.map(\.id))
    var removals = Removals()
    for (stream, feed) in synced.feeds.sorted(by: { $0.key < $1.key }) {
      let linked = SyncDecision<Bool>(
        base: true, local: here.contains(feed.localID) ? true : nil,
        remote: remote[stream] != nil ? true : nil)
      switch linked {
      case .deleteHere: removals.here.append((stream, feed))
      case .deleteThere: removals.there.append((stream, feed))
      case .agree(nil): synced.feeds[stream] = nil
      default: break
      }
    }
    return removals
  }

  /// Throws ``FeedSyncMassDeletion`` when the removals would empty a side or remove most
  /// of a large one (`SyncMassDeletion.isMass(_:of:)`).
  static func checkMassDeletion(_ removals: Removals, localCount: Int, remoteCount: Int) throws {
    let isMassHere = SyncMassDeletion.isMass(removals.here.count, of: localCount)
    let isMassThere = SyncMassDeletion.isMass(removals.there.count, of: remoteCount)
    guard isMassHere || isMassThere else { return }
    throw FeedSyncMassDeletion(
      here: isMassHere ? removals.here.map { name($0.feed) } : [], hereCount: localCount,
      there: isMassThere ? removals.there.map { name($0.feed) } : [], thereCount: remoteCount)
  }

  /// A linked feed's name in the report: its agreed title, else its address.
  static func name(_ feed: SyncedFeed) -> String { feed.title ?? feed.url.absoluteString }

  /// Removes here the feeds unsubscribed on the server.
  func remove(_ removals: Removals, _ synced: inout FeedSyncState, _ report: inout FeedSyncReport)
    throws
  {
    for (stream, feed) in removals.here {
      try store.remove(feed.localID)
      synced.feeds[stream] = nil
      try state.save(synced)
      report.removedHere.append(Self.name(feed))
    }
  }

  /// Unsubscribes on the server the feeds removed here.
  func unsubscribe(
    _ removals: Removals, _ synced: inout FeedSyncState, _ report: inout FeedSyncReport
  ) async throws {
    for (stream, feed) in removals.there {
      try await client.unsubscribe(stream)
      synced.feeds[stream] = nil
      try state.save(synced)
      report.unsubscribedThere.append(Self.name(feed))
    }
  }

  /// Links or adds here each subscription new on the server: the same address new on
  /// both sides is one feed. Returns the feeds new here that no subscription matched.
  func linkOrAdd(
    _ remote: [GoogleReaderSubscription], besides local: [Subscription], removals: Removals,
    _ synced: inout FeedSyncState, _ report: inout FeedSyncReport
  ) throws -> [Subscription] {
    let linkedLocal = Set(synced.feeds.values.map(\.localID))
    let removed = Set(removals.here.map(\.feed.localID))
    var newHere = local.filter { !linkedLocal.contains($0.id) && !removed.contains($0.id) }
    // The list was read before the unsubscribing: those feeds are gone, not new there.
    let unsubscribed = Set(removals.there.map(\.stream))
    for subscription in remote
    where synced.feeds[subscription.id] == nil && !unsubscribed.contains(subscription.id) {
      guard let url = subscription.feedURL else { continue }
      let wanted = FeedLocation.canonical(url)
      if let index = newHere.firstIndex(where: { FeedLocation.canonical($0.url) == wanted }) {
        try link(subscription, url: url, to: newHere.remove(at: index), &synced)
      } else {
        try add(subscription, url: url, &synced, &report)
      }
      try state.save(synced)
    }
    return newHere
  }

  /// Links a feed new on both sides to the server's subscription.
  func link(
    _ subscription: GoogleReaderSubscription, url: URL, to feed: Subscription,
    _ synced: inout FeedSyncState
  ) throws {
    let title = Self.plainTitle(subscription.title)
    let folder = Self.folder(of: subscription)
    // A folder given here wins, as a title does.
    if feed.folder == nil, let folder { try store.move(feed.id, to: folder) }
    // A feed without a title of its own takes the server's, as an added one does (its
    // add may have been written and its title not: a full disk in between).
    if let title, try store.record(feed.id).title == nil {
      try store.updateRecord(feed.id) { record in record.title = record.title ?? title }
    }
    synced.feeds[subscription.id] = SyncedFeed(
      localID: feed.id, url: url, title: title, folder: folder)
  }

  /// Adds here a subscription new on the server.
  func add(
    _ subscription: GoogleReaderSubscription, url: URL, _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) throws {
    let title = Self.plainTitle(subscription.title)
    let folder = Self.folder(of: subscription)
    let added: Subscription
    do {
      added = try store.add(url, folder: folder)
    } catch FeedStoreError.alreadySubscribed(let existing) {
      added = existing
    }
    try store.updateRecord(added.id) { record in record.title = record.title ?? title }
    synced.feeds[subscription.id] = SyncedFeed(
      localID: added.id, url: url, title: title, folder: folder)
    report.addedHere.append(title ?? url.absoluteString)
  }

  /// Subscribes on the server to the feeds new here; one it refuses is reported and
  /// tried again next sync.
  func subscribe(
    _ newHere: [Subscription], besides streams: Set<String>, _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) async throws {
    var known = streams
    for feed in newHere {
      let subscribed: String?
      if let folder = feed.folder {
        subscribed = try await client.subscribe(to: feed.url, in: folder, besides: known)
      } else {
        subscribed = try await client.subscribe(to: feed.url)
      }
      guard let stream = subscribed else {
        report.notSubscribed.append(feed.customTitle ?? feed.url.absoluteString)
        continue
      }
      known.insert(stream)
      synced.feeds[stream] = SyncedFeed(
        localID: feed.id, url: feed.url, title: nil, folder: feed.folder)
      try state.save(synced)
      report.subscribedThere.append(feed.customTitle ?? feed.url.absoluteString)
    }
  }
}
