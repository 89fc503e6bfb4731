internal import BlueprintFeedFormats
package import BlueprintFeedModel
internal import CoreBase
internal import CoreSync
package import Foundation

/// Brings feed's subscriptions and marks and a Google Reader API server to the same
/// state, and saves the server's new items here.
///
/// One sync: the subscriptions (one request), merged against the last agreed state —
/// a feed added or removed on one side is added or removed on the other, one new on
/// both sides (the same address) is linked, a rename or a move to another folder here
/// wins over one there; the unread and the starred ids (one request each); the items
/// neither side held before, in pages of ``pageSize``; then the marks, each against
/// the last agreed one: changed here, it goes out (`edit-tag`), else changed there, it
/// comes in. The state is written after each request's outcome is applied, so a sync
/// stopped anywhere is finished by the next: no mark lost, no item doubled, no feed
/// brought back or lost.
package struct FeedSyncer: Sendable {
  package var store: FeedStore
  package var client: GoogleReaderClient
  package var state: FeedSyncStateStore
  /// Let the sync remove every local feed, or most of them (`--force-delete`).
  package var allowsMassDeletion = false
  package var now: @Sendable () -> Date = { Date() }

  /// The most items one `stream/items/contents` request asks for.
  package static let pageSize = 1000
  /// The most ids one `edit-tag` request carries.
  static let marksPerRequest = 1000

  package init(store: FeedStore, client: GoogleReaderClient, state: FeedSyncStateStore) {
    self.store = store
    self.client = client
    self.state = state
  }

  /// Runs one sync.
  ///
  /// - Throws: ``FeedSyncMassDeletion`` before changing anything; ``GoogleReaderError``,
  ///   `APIError`, `PersistenceError` midway (what was done is kept).
  package func sync() async throws -> FeedSyncReport {
    var report = FeedSyncReport()
    let loaded = try state.load()
    var synced = loaded
    try await syncSubscriptions(&synced, &report)
    let unread = try await client.itemIDs(excluding: GoogleReaderClient.read)
    let starred = try await client.itemIDs(in: GoogleReaderClient.starred)
    var held = try heldItems(synced)
    if try await fetchNewItems(unread: unread, starred: starred, held: held, &synced, &report) {
      held = try heldItems(synced)
    }
    held = try await syncMarks(unread: unread, starred: starred, held: held, &synced, &report)
    synced.known.formIntersection(Set(held.keys).union(unread).union(starred))
    synced.unread.formIntersection(synced.known)
    synced.starred.formIntersection(synced.known)
    var quiet = synced
    quiet.lastSync = loaded.lastSync
    synced.lastSync = now()
    // A sync that changed nothing writes its time without waiting for the disk: a crash
    // may bring back the earlier time, nothing else.
    if quiet == loaded { try state.saveTime(synced) } else { try state.save(synced) }
    // `feed list` shows when each feed was last brought up to date: by this sync.
    let time = synced.lastSync ?? now()
    try store.noteChecked(Dictionary(synced.feeds.values.map { ($0.localID, time) }) { a, _ in a })
    return report
  }

  /// Syncs the subscriptions alone (after `add`, `rm` or `rename`).
  ///
  /// - Throws: As ``sync()``.
  package func syncSubscriptions() async throws -> FeedSyncReport {
    var report = FeedSyncReport()
    var synced = try state.load()
    try await syncSubscriptions(&synced, &report)
    try state.save(synced)
    return report
  }

  // MARK: - Subscriptions

  private func syncSubscriptions(_ synced: inout FeedSyncState, _ report: inout FeedSyncReport)
    async throws
  {
    let remote = try await client.subscriptions()
    let local = try store.subscriptions().feeds
    let remoteByStream = Dictionary(remote.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let localByID = Dictionary(local.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var removeHere: [(stream: String, feed: SyncedFeed)] = []
    var unsubscribe: [(stream: String, feed: SyncedFeed)] = []
    for (stream, feed) in synced.feeds.sorted(by: { $0.key < $1.key }) {
      switch (localByID[feed.localID] != nil, remoteByStream[stream] != nil) {
      case (true, false): removeHere.append((stream, feed))
      case (false, true): unsubscribe.append((stream, feed))
      case (false, false): synced.feeds[stream] = nil
      case (true, true): break
      }
    }
    if !allowsMassDeletion {
      let isMassHere = SyncMassDeletion.isMass(removeHere.count, of: local.count)
      let isMassThere = SyncMassDeletion.isMass(unsubscribe.count, of: remote.count)
      if isMassHere || isMassThere {
        throw FeedSyncMassDeletion(
          here: isMassHere ? removeHere.map { $0.feed.title ?? $0.feed.url.absoluteString } : [],
          hereCount: local.count,
          there: isMassThere ? unsubscribe.map { $0.feed.title ?? $0.feed.url.absoluteString } : [],
          thereCount: remote.count)
      }
    }
    for (stream, feed) in removeHere {
      try store.remove(feed.localID)
      synced.feeds[stream] = nil
      try state.save(synced)
      report.removedHere.append(feed.title ?? feed.url.absoluteString)
    }
    for (stream, feed) in unsubscribe {
      try await client.unsubscribe(stream)
      synced.feeds[stream] = nil
      try state.save(synced)
      report.unsubscribedThere.append(feed.title ?? feed.url.absoluteString)
    }
    // New on either side: the same address on both is one feed.
    let linkedLocal = Set(synced.feeds.values.map(\.localID))
    let removed = Set(removeHere.map(\.feed.localID))
    var newLocal = local.filter { !linkedLocal.contains($0.id) && !removed.contains($0.id) }
    // The list was read before the unsubscribing: those feeds are gone, not new there.
    let unsubscribed = Set(unsubscribe.map(\.stream))
    for subscription in remote
    where synced.feeds[subscription.id] == nil && !unsubscribed.contains(subscription.id) {
      guard let url = subscription.feedURL else { continue }
      let title = Self.plainTitle(subscription.title)
      let folder = Self.folder(of: subscription)
      let wanted = FeedLocation.canonical(url)
      if let index = newLocal.firstIndex(where: { FeedLocation.canonical($0.url) == wanted }) {
        // One feed new on both sides: a folder given here wins, as a title does.
        if newLocal[index].folder == nil, let folder {
          try store.move(newLocal[index].id, to: folder)
        }
        // A feed without a title of its own takes the server's, as an added one does
        // (its add may have been written and its title not: a full disk in between).
        if let title, try store.record(newLocal[index].id).title == nil {
          try store.updateRecord(newLocal[index].id) { record in
            record.title = record.title ?? title
          }
        }
        synced.feeds[subscription.id] = SyncedFeed(
          localID: newLocal[index].id, url: url, title: title, folder: folder)
        newLocal.remove(at: index)
      } else {
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
      try state.save(synced)
    }
    var known = Set(remoteByStream.keys)
    for feed in newLocal {
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
    try await syncTitles(remoteByStream, &synced, &report)
    try await syncFolders(remoteByStream, &synced, &report)
  }

  /// A title changed here goes to the server; else one changed there comes here.
  private func syncTitles(
    _ remote: [String: GoogleReaderSubscription], _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) async throws {
    let local = Dictionary(
      try store.subscriptions().feeds.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for (stream, feed) in synced.feeds.sorted(by: { $0.key < $1.key }) {
      guard let here = local[feed.localID] else { continue }
      if let custom = here.customTitle, custom != feed.title {
        try await client.rename(stream, to: custom)
        synced.feeds[stream]?.title = custom
        try state.save(synced)
        report.renamed += 1
      } else if let there = remote[stream].flatMap({ Self.plainTitle($0.title) }),
        there != feed.title
      {
        if feed.title != nil {
          try store.rename(feed.localID, to: there)
          report.renamed += 1
        }
        synced.feeds[stream]?.title = there
        try state.save(synced)
      }
    }
  }

  /// A folder changed here goes to the server (`ac=edit`, the new label added and the
  /// old one removed); else one changed there comes here — the rule titles follow. A
  /// folder taken for the first time (a state written before folders synced, a feed
  /// the server filed in its default folder) is not counted as a move.
  private func syncFolders(
    _ remote: [String: GoogleReaderSubscription], _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) async throws {
    let local = Dictionary(
      try store.subscriptions().feeds.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for (stream, feed) in synced.feeds.sorted(by: { $0.key < $1.key }) {
      guard let here = local[feed.localID] else { continue }
      let there = remote[stream].map(Self.folder(of:))
      if here.folder != feed.folder, there == here.folder {
        // Moved to the same folder on both sides: agreed without a request.
        synced.feeds[stream]?.folder = here.folder
        try state.save(synced)
      } else if here.folder != feed.folder {
        try await client.move(stream, from: feed.folder, to: here.folder)
        synced.feeds[stream]?.folder = here.folder
        try state.save(synced)
        report.moved += 1
      } else if let there, there != feed.folder {
        try store.move(feed.localID, to: there)
        synced.feeds[stream]?.folder = there
        try state.save(synced)
        if feed.folder != nil { report.moved += 1 }
      }
    }
  }

  /// The server's folder of `subscription`, if feed can keep its name (else none).
  static func folder(of subscription: GoogleReaderSubscription) -> String? {
    subscription.folder.flatMap { try? FeedFolder.validated($0) }
  }

  /// FreshRSS writes `&`, `<` and `>` in titles as their fullwidth forms.
  static func plainTitle(_ title: String?) -> String? {
    guard let title, !title.isEmpty else { return nil }
    return title.replacingOccurrences(of: "\u{FF06}", with: "&")
      .replacingOccurrences(of: "\u{FF1C}", with: "<").replacingOccurrences(
        of: "\u{FF1E}", with: ">")
  }

  // MARK: - Items

  /// The synced items held here: their feed, and whether read and starred.
  func heldItems(_ synced: FeedSyncState) throws -> [GoogleReaderItemID: HeldItem] {
    var held: [GoogleReaderItemID: HeldItem] = [:]
    for feed in synced.feeds.values {
      let record = try store.record(feed.localID)
      for item in record.items {
        guard let id = GoogleReaderItemID(localItemID: item.id) else { continue }
        held[id] = HeldItem(
          feedID: feed.localID, isRead: record.read.contains(item.id),
          isStarred: record.starred.contains(item.id))
      }
    }
    return held
  }

  struct HeldItem {
    var feedID: String
    var isRead: Bool
    var isStarred: Bool
  }

  /// Fetches and saves the items neither side held before; whether it fetched any.
  private func fetchNewItems(
    unread: Set<GoogleReaderItemID>, starred: Set<GoogleReaderItemID>,
    held: [GoogleReaderItemID: HeldItem], _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) async throws -> Bool {
    let wanted = unread.union(starred).subtracting(held.keys).subtracting(synced.known).sorted()
    let streams = Dictionary(
      synced.feeds.map { ($0.key, $0.value.localID) }, uniquingKeysWith: { a, _ in a })
    var start = 0
    while start < wanted.count {
      let page = Array(wanted[start..<min(start + Self.pageSize, wanted.count)])
      start += page.count
      let items = try await client.contents(of: page)
      var byFeed: [String: [GoogleReaderItem]] = [:]
      for item in items {
        guard let stream = item.origin?.streamId, let feedID = streams[stream] else { continue }
        byFeed[feedID, default: []].append(item)
      }
      for (feedID, items) in byFeed.sorted(by: { $0.key < $1.key }) {
        report.newItems += try save(items, in: feedID, unread: unread, starred: starred)
      }
    }
    return !wanted.isEmpty
  }

  /// Saves `items` in the feed `feedID` with the server's marks; an item fetched from
  /// the site before, with the same link, becomes the server's, keeping its number
  /// and its marks.
  private func save(
    _ items: [GoogleReaderItem], in feedID: String, unread: Set<GoogleReaderItemID>,
    starred: Set<GoogleReaderItemID>
  ) throws -> Int {
    let now = now()
    let limit = store.itemLimit
    return try store.updateRecordIfSubscribed(feedID) { record in
      var parsed: [ParsedItem] = []
      var fresh: [String: GoogleReaderItemID] = [:]
      var siteItems: [URL: Int] = [:]
      for (index, item) in record.items.enumerated()
      where GoogleReaderItemID(localItemID: item.id) == nil {
        if let link = item.link { siteItems[link] = index }
      }
      for item in items {
        guard let id = GoogleReaderItemID(item.id) else { continue }
        let converted = Self.parsedItem(item, id: id)
        if let link = converted.link, let index = siteItems.removeValue(forKey: link) {
          let old = record.items[index].id
          record.items[index].id = id.localItemID
          if record.read.remove(old) != nil { record.read.insert(id.localItemID) }
          if record.starred.remove(old) != nil { record.starred.insert(id.localItemID) }
        } else {
          fresh[id.localItemID] = id
        }
        parsed.append(converted)
      }
      let existing = Set(record.items.map(\.id))
      let new = record.merge(parsed, now: now, limit: limit)
      for item in record.items where !existing.contains(item.id) {
        guard let id = fresh[item.id] else { continue }
        if !unread.contains(id) { record.read.insert(item.id) }
        if starred.contains(id) { record.starred.insert(item.id) }
      }
      record.lastFetched = now
      record.lastError = nil
      return new
    } ?? 0
  }

  static func parsedItem(_ item: GoogleReaderItem, id: GoogleReaderItemID) -> ParsedItem {
    let link =
      (item.canonical ?? []).compactMap(\.href).first
      ?? (item.alternate ?? []).compactMap(\.href).first
    return ParsedItem(
      id: id.localItemID, title: plainTitle(item.title),
      link: link.flatMap { URL(string: $0) },
      published: item.published.map { Date(timeIntervalSince1970: $0) },
      updated: item.updated.map { Date(timeIntervalSince1970: $0) },
      author: item.author.flatMap { $0.isEmpty ? nil : $0 },
      summaryHTML: item.summary?.content, contentHTML: item.content?.content)
  }

  // MARK: - Marks

  /// Sends the marks changed here, takes the ones changed there; the items held after.
  private func syncMarks(
    unread: Set<GoogleReaderItemID>, starred: Set<GoogleReaderItemID>,
    held: [GoogleReaderItemID: HeldItem], _ synced: inout FeedSyncState,
    _ report: inout FeedSyncReport
  ) async throws -> [GoogleReaderItemID: HeldItem] {
    var send: [String: [Bool: [GoogleReaderItemID]]] = [:]
    var take: [String: [(GoogleReaderItemID, read: Bool, starred: Bool)]] = [:]
    for (id, item) in held.sorted(by: { $0.key < $1.key }) {
      let remoteRead = !unread.contains(id)
      let remoteStarred = starred.contains(id)
      var read = item.isRead
      var star = item.isStarred
      if synced.known.contains(id) {
        let baseRead = !synced.unread.contains(id)
        let baseStarred = synced.starred.contains(id)
        if item.isRead == baseRead, remoteRead != baseRead { read = remoteRead }
        if item.isStarred == baseStarred, remoteStarred != baseStarred { star = remoteStarred }
      } else {
        // Held on both sides before they were synced: a read or a star on either side
        // is kept.
        if item.isRead && !remoteRead || item.isStarred && !remoteStarred {
          report.marksReplaced += 1
        }
        read = item.isRead || remoteRead
        star = item.isStarred || remoteStarred
      }
      if read != remoteRead {
        send[GoogleReaderClient.read, default: [:]][read, default: []].append(id)
      }
      if star != remoteStarred {
        send[GoogleReaderClient.starred, default: [:]][star, default: []].append(id)
      }
      if read != item.isRead || star != item.isStarred {
        take[item.feedID, default: []].append((id, read, star))
      }
      if read == remoteRead, star == remoteStarred, read == item.isRead, star == item.isStarred {
        synced.agree(on: id, read: read, starred: star)
      }
    }
    // Here first: a mark taken is then agreed as soon as the server has it too.
    for (feedID, marks) in take.sorted(by: { $0.key < $1.key }) {
      try store.updateRecordIfSubscribed(feedID) { record in
        for (id, read, star) in marks {
          if read { record.read.insert(id.localItemID) } else { record.read.remove(id.localItemID) }
          if star {
            record.starred.insert(id.localItemID)
          } else {
            record.starred.remove(id.localItemID)
          }
        }
      }
      for (id, read, star) in marks {
        report.marksReceived +=
          (read != held[id]?.isRead ? 1 : 0) + (star != held[id]?.isStarred ? 1 : 0)
        if read == !unread.contains(id), star == starred.contains(id) {
          synced.agree(on: id, read: read, starred: star)
        }
      }
    }
    if !take.isEmpty { try state.save(synced) }
    // What the server holds as the marks go out: an item is agreed once it matches.
    var server: [GoogleReaderItemID: (read: Bool, starred: Bool)] = [:]
    for id in held.keys { server[id] = (!unread.contains(id), starred.contains(id)) }
    let final = take.isEmpty ? held : try heldItems(synced)
    for (tag, sides) in send.sorted(by: { $0.key < $1.key }) {
      for (on, ids) in sides.sorted(by: { !$0.key && $1.key }) {
        var start = 0
        while start < ids.count {
          let batch = Array(ids[start..<min(start + Self.marksPerRequest, ids.count)])
          start += batch.count
          try await client.setState(tag, on, for: batch)
          report.marksSent += batch.count
          for id in batch {
            if tag == GoogleReaderClient.read {
              server[id]?.read = on
            } else {
              server[id]?.starred = on
            }
            guard let item = final[id], let there = server[id], item.isRead == there.read,
              item.isStarred == there.starred
            else { continue }
            synced.agree(on: id, read: there.read, starred: there.starred)
          }
          try state.save(synced)
        }
      }
    }
    return final
  }
}
