public import Core
public import Foundation

/// The reader's data in a ``KeyValueStore`` (a `FileKeyValueStore` under
/// `$XDG_DATA_HOME/blueprint/feed/` in the app).
///
/// Keys: `subscriptions` (the ``SubscriptionList``) and `feed-<id>` (one ``FeedRecord``
/// per feed). A refresh writes each feed's record once, in one transaction; the
/// subscription list is written only when subscriptions change. A corrupt file is a
/// `PersistenceError.corrupted` naming it, and is never overwritten.
public struct FeedStore: Sendable {
  /// The store underneath.
  public let store: any KeyValueStore
  /// The most items kept per feed.
  public var itemLimit: Int

  /// The default number of items kept per feed.
  public static let defaultItemLimit = 500
  static let subscriptionsKey = StoreKey("subscriptions", default: SubscriptionList())

  /// Creates a feed store.
  ///
  /// - Parameters:
  ///   - store: Where to keep the data.
  ///   - itemLimit: The most items kept per feed.
  public init(store: any KeyValueStore, itemLimit: Int = defaultItemLimit) {
    self.store = store
    self.itemLimit = max(1, itemLimit)
  }

  /// The key of a feed's record.
  ///
  /// - Parameter id: The feed's id.
  /// - Returns: `feed-<id>`.
  public static func recordKey(_ id: String) -> String { "feed-" + id }

  // MARK: - Subscriptions

  /// Every subscription.
  ///
  /// - Returns: The list; empty when nothing is stored.
  /// - Throws: `PersistenceError`.
  public func subscriptions() throws -> SubscriptionList {
    try store.value(forKey: Self.subscriptionsKey)
  }

  /// Changes the subscription list in one transaction.
  ///
  /// - Parameter body: Changes the list; throw to change nothing.
  /// - Returns: What `body` returns.
  /// - Throws: `PersistenceError`, or what `body` throws.
  @discardableResult
  public func updateSubscriptions<Result>(_ body: (inout SubscriptionList) throws -> Result)
    throws -> Result
  {
    try store.update(forKey: Self.subscriptionsKey, body)
  }

  /// Adds a subscription.
  ///
  /// - Parameters:
  ///   - url: The feed's URL.
  ///   - title: A title chosen by the user.
  /// - Returns: The new subscription.
  /// - Throws: ``FeedStoreError/alreadySubscribed(_:)``, or `PersistenceError`.
  public func add(_ url: URL, title: String? = nil) throws -> Subscription {
    try updateSubscriptions { list in
      if let existing = list.feeds.first(where: { $0.url == url }) {
        throw FeedStoreError.alreadySubscribed(existing)
      }
      let subscription = Subscription(id: String(list.nextID), url: url, customTitle: title)
      list.nextID += 1
      list.feeds.append(subscription)
      return subscription
    }
  }

  /// Removes a subscription and its record.
  ///
  /// - Parameter id: The feed's id.
  /// - Throws: `PersistenceError`.
  public func remove(_ id: String) throws {
    try updateSubscriptions { list in list.feeds.removeAll { $0.id == id } }
    try store.removeValue(forKey: Self.recordKey(id))
  }

  // MARK: - Records

  /// A feed's record.
  ///
  /// - Parameter id: The feed's id.
  /// - Returns: The record; empty when the feed was never fetched.
  /// - Throws: `PersistenceError`.
  public func record(_ id: String) throws -> FeedRecord {
    try store.value(FeedRecord.self, forKey: Self.recordKey(id)) ?? FeedRecord()
  }

  /// Changes a feed's record in one transaction.
  ///
  /// - Parameters:
  ///   - id: The feed's id.
  ///   - body: Changes the record; throw to change nothing.
  /// - Returns: What `body` returns.
  /// - Throws: `PersistenceError`, or what `body` throws.
  @discardableResult
  public func updateRecord<Result>(_ id: String, _ body: (inout FeedRecord) throws -> Result)
    throws -> Result
  {
    try store.update(forKey: Self.recordKey(id), default: FeedRecord(), body)
  }

  /// Every subscription with its record, in subscription order.
  ///
  /// - Returns: The feeds.
  /// - Throws: `PersistenceError` (a corrupt record names its file).
  public func feeds() throws -> [StoredFeed] {
    try subscriptions().feeds.map { StoredFeed(subscription: $0, record: try record($0.id)) }
  }
}

/// A subscription together with its record.
public struct StoredFeed: Sendable, Equatable {
  /// The subscription.
  public var subscription: Subscription
  /// What is known about it.
  public var record: FeedRecord

  /// Creates a stored feed.
  ///
  /// - Parameters:
  ///   - subscription: The subscription.
  ///   - record: Its record.
  public init(subscription: Subscription, record: FeedRecord) {
    self.subscription = subscription
    self.record = record
  }

  /// The feed's id.
  public var id: String { subscription.id }

  /// The user's title, else the feed's, else its URL (not sanitized).
  public var displayTitle: String {
    subscription.customTitle ?? record.title ?? subscription.url.absoluteString
  }
}

/// Errors of the feed store that are not storage failures.
public enum FeedStoreError: Error, Equatable, CustomStringConvertible {
  /// The URL is already subscribed.
  case alreadySubscribed(Subscription)

  /// A one-line message.
  public var description: String {
    switch self {
    case .alreadySubscribed(let feed):
      "already subscribed to \(feed.url.absoluteString) (feed \(feed.id))"
    }
  }
}
