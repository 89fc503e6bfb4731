import BlueprintFeedKit
import Core
import CoreTerminal
import Foundation

/// The reader's data and refreshing, as the commands and the screens use them: the
/// store, the refresher, and the sample feed shown while there are no subscriptions.
struct FeedLibrary: Sendable {
  let store: FeedStore
  let fetcher: FeedFetcher
  var concurrency = FeedRefresher.defaultConcurrency
  var now: @Sendable () -> Date = { Date() }

  /// The library of the running app: the file store under
  /// `$XDG_DATA_HOME/blueprint/feed/` and the polite HTTP client.
  static func live(_ context: CommandContext) -> FeedLibrary {
    let files = FileKeyValueStore(directory: context.dataFolder)
    return FeedLibrary(
      store: FeedStore(store: files),
      fetcher: FeedFetcher(
        client: FeedFetcher.makeClient(name: appIdentity.name, version: appIdentity.version)))
  }

  /// Every subscribed feed, or the sample when there are none.
  func feeds() throws -> (feeds: [StoredFeed], isSample: Bool) {
    let stored = try store.feeds()
    return stored.isEmpty ? ([SampleFeed.stored(now: now())], true) : (stored, false)
  }

  /// The feed a reference (id, URL or title) names.
  ///
  /// - Throws: `AppError` (exit 64) when none matches.
  func feed(_ reference: String) throws -> StoredFeed {
    let all = try store.feeds()
    let titles = Dictionary(
      all.map { ($0.id, $0.record.title ?? "") }, uniquingKeysWith: { a, _ in a })
    let list = try store.subscriptions()
    guard let subscription = list.find(reference, titles: titles),
      let feed = all.first(where: { $0.id == subscription.id })
    else {
      if reference == SampleFeed.id, all.isEmpty { return SampleFeed.stored(now: now()) }
      let sameTitle = all.filter { $0.displayTitle.lowercased() == reference.lowercased() }
      if sameTitle.count > 1 {
        throw AppError(
          "'\(reference)' is the title of several feeds (\(sameTitle.map(\.id).joined(separator: ", ")))",
          hint: "name the feed by its id")
      }
      throw AppError(
        "no feed '\(reference)'", hint: "'\(appIdentity.name) list' shows the feeds and their ids")
    }
    return feed
  }

  /// Refreshes the given feeds (all when `nil`), reporting each as it finishes.
  func refresh(
    _ ids: [String]? = nil, onResult: @escaping @Sendable (RefreshResult) async -> Void = { _ in }
  ) async throws -> [RefreshResult] {
    var subscriptions = try store.subscriptions().feeds
    if let ids { subscriptions = subscriptions.filter { ids.contains($0.id) } }
    let refresher = FeedRefresher(
      store: store, fetcher: fetcher, concurrency: concurrency, now: now)
    return try await refresher.refresh(subscriptions, onResult: onResult)
  }

  /// Marks one item read or unread; the sample's items are not stored.
  func setRead(_ read: Bool, item: String, feed: String) throws {
    guard feed != SampleFeed.id else { return }
    try store.updateRecord(feed) { record in
      if read { record.read.insert(item) } else { record.read.remove(item) }
    }
  }

  /// Marks every cached item of a feed read; returns how many were unread.
  @discardableResult
  func markAllRead(_ feed: String) throws -> Int {
    guard feed != SampleFeed.id else { return 0 }
    return try store.updateRecord(feed) { record in
      let count = record.unreadCount
      record.read = Set(record.items.map(\.id))
      return count
    }
  }
}

/// An item's short reference, `FEED.NUMBER` (`3.17`).
struct ItemReference: Hashable, Sendable, CustomStringConvertible {
  var feed: String
  var number: Int

  init(feed: String, number: Int) {
    self.feed = feed
    self.number = number
  }

  init?(_ text: String) {
    guard let dot = text.lastIndex(of: "."), let number = Int(text[text.index(after: dot)...]),
      dot != text.startIndex
    else { return nil }
    feed = String(text[..<dot])
    self.number = number
  }

  var description: String { "\(feed).\(number)" }
}
