package import CoreBase
package import Foundation

/// The reader's data in a ``KeyValueStore`` (a `FileKeyValueStore` under
/// `$XDG_DATA_HOME/blueprint/feed/` in the app).
///
/// Keys: `subscriptions` (the ``SubscriptionList``) and `feed-<id>` (one ``FeedRecord``
/// per feed). A refresh writes each feed's record once, in one transaction; the
/// subscription list is written only when subscriptions change.
///
/// Damage: a corrupt subscription list is a `PersistenceError.corrupted` naming the
/// file, which is never overwritten. A corrupt feed record costs only that feed's
/// cached items: it is set aside beside itself (``DamagedRecord``), ``onDamage`` is
/// told, and the feed reads as never fetched.
package struct FeedStore: Sendable {
  /// The store underneath.
  package let store: any KeyValueStore
  /// The most items kept per feed.
  package var itemLimit: Int
  /// Told once about each damaged record that was set aside.
  package var onDamage: @Sendable (DamagedRecord) -> Void

  /// The default number of items kept per feed.
  package static let defaultItemLimit = 500
  package static let subscriptionsKey = StoreKey("subscriptions", default: SubscriptionList())

  /// Creates a feed store.
  ///
  /// - Parameters:
  ///   - store: Where to keep the data.
  ///   - itemLimit: The most items kept per feed.
  ///   - onDamage: Told once about each damaged record that was set aside.
  package init(
    store: any KeyValueStore, itemLimit: Int = defaultItemLimit,
    onDamage: @escaping @Sendable (DamagedRecord) -> Void = { _ in }
  ) {
    self.store = store
    self.itemLimit = max(1, itemLimit)
    self.onDamage = onDamage
  }

  /// The key of a feed's record.
  ///
  /// - Parameter id: The feed's id.
  /// - Returns: `feed-<id>`.
  package static func recordKey(_ id: String) -> String { "feed-" + id }

  // MARK: - Subscriptions

  /// Every subscription.
  ///
  /// - Returns: The list; empty when nothing is stored.
  /// - Throws: `PersistenceError`.
  package func subscriptions() throws -> SubscriptionList {
    try store.value(forKey: Self.subscriptionsKey)
  }

  /// Changes the subscription list in one transaction.
  ///
  /// - Parameter body: Changes the list; throw to change nothing.
  /// - Returns: What `body` returns.
  /// - Throws: `PersistenceError`, or what `body` throws.
  @discardableResult
  package func updateSubscriptions<Result>(_ body: (inout SubscriptionList) throws -> Result)
    throws -> Result
  {
    try store.update(forKey: Self.subscriptionsKey, body)
  }

  /// Adds a subscription.
  ///
  /// - Parameters:
  ///   - url: The feed's URL.
  ///   - title: A title chosen by the user.
  ///   - folder: Its folder, a name ``FeedFolder/validated(_:)`` returned.
  /// - Returns: The new subscription.
  /// - Throws: ``FeedStoreError/alreadySubscribed(_:)``, or `PersistenceError`.
  package func add(_ url: URL, title: String? = nil, folder: String? = nil) throws
    -> Subscription
  {
    // A record left behind (a list restored from a backup) never passes to a new feed.
    let leftover = (try? store.keys())?.compactMap { key in
      key.hasPrefix("feed-") ? Int(key.dropFirst(5)) : nil
    }.max()
    return try updateSubscriptions { list in
      // One feed, one address: lists saved before addresses were stored canonically
      // (scheme and host in lower case, no fragment) are compared the same way.
      let wanted = FeedLocation.canonical(url)
      if let existing = list.feeds.first(where: { FeedLocation.canonical($0.url) == wanted }) {
        throw FeedStoreError.alreadySubscribed(existing)
      }
      let id = max(list.nextID, (leftover ?? 0) + 1)
      guard id < SubscriptionList.maximumID else { throw FeedStoreError.tooManyFeeds }
      let subscription = Subscription(
        id: String(id), url: url, customTitle: title, folder: folder)
      list.nextID = id + 1
      list.feeds.append(subscription)
      return subscription
    }
  }

  /// Removes a subscription and its record.
  ///
  /// - Parameter id: The feed's id.
  /// - Throws: `PersistenceError`.
  package func remove(_ id: String) throws {
    try updateSubscriptions { list in list.feeds.removeAll { $0.id == id } }
    // A damaged record is set aside, never deleted.
    _ = try readRecord(id)
    try store.removeValue(forKey: Self.recordKey(id))
  }

  /// Renames a subscription: sets or clears the title the user chose.
  ///
  /// - Parameters:
  ///   - id: The feed's id.
  ///   - title: The new title; `nil` shows the feed's own title again.
  /// - Throws: `PersistenceError`.
  package func rename(_ id: String, to title: String?) throws {
    try updateSubscriptions { list in
      guard let index = list.feeds.firstIndex(where: { $0.id == id }) else { return }
      list.feeds[index].customTitle = title
    }
  }

  /// Files a subscription in a folder, or in none.
  ///
  /// - Parameters:
  ///   - id: The feed's id.
  ///   - folder: The folder, a name ``FeedFolder/validated(_:)`` returned; `nil` for none.
  /// - Throws: `PersistenceError`.
  package func move(_ id: String, to folder: String?) throws {
    try updateSubscriptions { list in
      guard let index = list.feeds.firstIndex(where: { $0.id == id }) else { return }
      list.feeds[index].folder = folder
    }
  }

  // MARK: - Records

  /// A feed's record.
  ///
  /// - Parameter id: The feed's id.
  /// - Returns: The record; empty when the feed was never fetched, or when its record
  ///   was damaged (then set aside and reported to ``onDamage``).
  /// - Throws: `PersistenceError`.
  package func record(_ id: String) throws -> FeedRecord {
    try readRecord(id)
  }

  /// Changes a feed's record in one transaction.
  ///
  /// - Parameters:
  ///   - id: The feed's id.
  ///   - body: Changes the record; throw to change nothing.
  /// - Returns: What `body` returns.
  /// - Throws: `PersistenceError`, or what `body` throws.
  @discardableResult
  package func updateRecord<Result>(_ id: String, _ body: (inout FeedRecord) throws -> Result)
    throws -> Result
  {
    do {
      return try store.update(forKey: Self.recordKey(id), default: FeedRecord(), body)
    } catch PersistenceError.corrupted {
      try setAside(id)
      return try store.update(forKey: Self.recordKey(id), default: FeedRecord(), body)
    }
  }

  /// Changes a feed's record only while the feed is subscribed: a refresh that ends
  /// after `feed rm` leaves no orphan record.
  ///
  /// The subscription is checked before the write and again after it; a feed removed
  /// in between has the record just written removed too. `remove(_:)` drops the
  /// subscription before the record, so in every order of the two no record outlives
  /// its subscription.
  ///
  /// - Parameters:
  ///   - id: The feed's id.
  ///   - body: Changes the record.
  /// - Returns: What `body` returns, or `nil` when the feed is no longer subscribed.
  /// - Throws: `PersistenceError`, or what `body` throws.
  package func updateRecordIfSubscribed<Result>(
    _ id: String, _ body: (inout FeedRecord) throws -> Result
  ) throws -> Result? {
    func isSubscribed() throws -> Bool { try subscriptions().feeds.contains { $0.id == id } }
    guard try isSubscribed() else { return nil }
    let result = try updateRecord(id, body)
    guard try isSubscribed() else {
      try store.removeValue(forKey: Self.recordKey(id))
      return nil
    }
    return result
  }

  /// Every subscription with its record, in subscription order.
  ///
  /// A record's `lastFetched` includes the last `304` (kept apart, see
  /// ``noteChecked(_:)``). A damaged record is set aside and reads as never fetched.
  ///
  /// - Returns: The feeds.
  /// - Throws: `PersistenceError` (a corrupt subscription list names its file).
  package func feeds() throws -> [StoredFeed] {
    let checked = (try? store.value([String: Date].self, forKey: Self.checkedKey)) ?? nil
    return try subscriptions().feeds.map { subscription in
      var record = try record(subscription.id)
      if let time = checked?[subscription.id], FeedRecord.plausibleDates.contains(time),
        time > record.lastFetched ?? .distantPast
      {
        record.lastFetched = time
      }
      return StoredFeed(subscription: subscription, record: record)
    }
  }

  /// Saves when feeds last answered `304 Not Modified`, in one write for a whole refresh.
  ///
  /// A `304` changes nothing in a feed's record, so it does not rewrite the record: only
  /// this small table of check times changes. A damaged table is replaced: it holds
  /// nothing that the next refresh does not give again.
  ///
  /// - Parameter times: The check time of each feed, by id.
  /// - Throws: `PersistenceError`.
  package func noteChecked(_ times: [String: Date]) throws {
    let ids = Set(try subscriptions().feeds.map(\.id))
    func merged(_ table: [String: Date]?) -> [String: Date] {
      (table ?? [:]).merging(times) { _, new in new }.filter { ids.contains($0.key) }
    }
    do {
      try store.update([String: Date].self, forKey: Self.checkedKey) { table in
        table = merged(table)
      }
    } catch PersistenceError.corrupted {
      try store.set(merged(nil), forKey: Self.checkedKey)
    }
  }

  static let checkedKey = "checked"
}

/// A subscription together with its record.
package struct StoredFeed: Sendable, Equatable {
  /// The subscription.
  package var subscription: Subscription
  /// What is known about it.
  package var record: FeedRecord

  /// Creates a stored feed.
  ///
  /// - Parameters:
  ///   - subscription: The subscription.
  ///   - record: Its record.
  package init(subscription: Subscription, record: FeedRecord) {
    self.subscription = subscription
    self.record = record
  }

  /// The feed's id.
  package var id: String { subscription.id }

  /// The user's title, else the feed's, else its URL (not sanitized).
  package var displayTitle: String {
    subscription.customTitle ?? record.title ?? subscription.url.absoluteString
  }
}

/// Errors of the feed store that are not storage failures.
package enum FeedStoreError: Error, Equatable, CustomStringConvertible {
  /// The URL is already subscribed.
  case alreadySubscribed(Subscription)
  /// Every id up to ``SubscriptionList/maximumID`` was handed out.
  case tooManyFeeds

  /// A one-line message.
  package var description: String {
    switch self {
    case .alreadySubscribed(let feed):
      "already subscribed to \(feed.url.absoluteString) (feed \(feed.id))"
    case .tooManyFeeds:
      "no feed ids are left to hand out"
    }
  }
}
