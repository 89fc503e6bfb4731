public import BlueprintFeedFormats
import Core
public import Foundation

/// Refreshes feeds: fetches each (bounded concurrency, politely), parses it off the
/// caller's actor, and saves each feed's result in its own transaction as it finishes.
///
/// A failing, hostile or huge feed fails alone: the others are fetched and saved all
/// the same.
///
/// ```swift
/// let refresher = FeedRefresher(store: store, fetcher: FeedFetcher(client: client))
/// let results = try await refresher.refresh(try store.subscriptions().feeds) { result in
///   print(result.summary)
/// }
/// ```
public struct FeedRefresher: Sendable {
  /// Where records are kept.
  public var store: FeedStore
  /// How bytes are fetched.
  public var fetcher: FeedFetcher
  /// How bytes become items.
  public var parser: FeedParser
  /// The most fetches at once.
  public var concurrency: Int
  /// The most fetches at once to one host.
  public var perHost: Int
  /// The current time (injected for tests).
  public var now: @Sendable () -> Date

  /// The default number of fetches at once.
  public static let defaultConcurrency = 8
  /// The default number of fetches at once to one host.
  public static let defaultPerHost = 2

  /// Creates a refresher.
  ///
  /// - Parameters:
  ///   - store: Where records are kept.
  ///   - fetcher: How bytes are fetched.
  ///   - parser: How bytes become items.
  ///   - concurrency: The most fetches at once.
  ///   - perHost: The most fetches at once to one host.
  ///   - now: The current time.
  public init(
    store: FeedStore, fetcher: FeedFetcher, parser: FeedParser = FeedParser(),
    concurrency: Int = defaultConcurrency, perHost: Int = defaultPerHost,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.fetcher = fetcher
    self.parser = parser
    self.concurrency = concurrency
    self.perHost = perHost
    self.now = now
  }

  /// Refreshes `feeds` and reports each result as it is saved.
  ///
  /// - Parameters:
  ///   - feeds: The subscriptions to refresh.
  ///   - onResult: Told about each feed as soon as its result is saved.
  /// - Returns: The results, in the order of `feeds`.
  /// - Throws: `PersistenceError` when a stored record cannot be read (nothing is
  ///   fetched then), or when the subscription list cannot be updated after a redirect.
  @discardableResult
  public func refresh(
    _ feeds: [Subscription],
    onResult: @escaping @Sendable (RefreshResult) async -> Void = { _ in }
  ) async throws -> [RefreshResult] {
    // Read every record first: a corrupt one stops the command before any fetch.
    let records = try feeds.map { try store.record($0.id) }
    let limiter = FetchLimiter(total: concurrency, perHost: perHost)
    var results = [RefreshResult?](repeating: nil, count: feeds.count)
    await withTaskGroup(of: (Int, RefreshResult).self) { group in
      for (index, feed) in feeds.enumerated() {
        let record = records[index]
        group.addTask {
          let result = await refreshOne(feed, record: record, limiter: limiter)
          await onResult(result)
          return (index, result)
        }
      }
      for await (index, result) in group { results[index] = result }
    }
    let finished = results.compactMap { $0 }
    let moves = finished.compactMap { result in result.movedTo.map { (result.feedID, $0) } }
    if !moves.isEmpty {
      try store.updateSubscriptions { list in
        for (id, url) in moves {
          guard let index = list.feeds.firstIndex(where: { $0.id == id }),
            !list.feeds.contains(where: { $0.url == url })
          else { continue }
          list.feeds[index].url = url
        }
      }
    }
    return finished
  }

  private func refreshOne(_ feed: Subscription, record: FeedRecord, limiter: FetchLimiter) async
    -> RefreshResult
  {
    let start = now()
    let title = feed.customTitle ?? record.title ?? feed.url.absoluteString
    func result(_ outcome: RefreshResult.Outcome, movedTo: URL? = nil) -> RefreshResult {
      RefreshResult(feedID: feed.id, title: title, outcome: outcome, movedTo: movedTo)
    }
    if let notBefore = record.retryNotBefore, notBefore > start {
      return result(.skipped(until: notBefore))
    }
    let host = feed.url.host ?? feed.url.scheme ?? ""
    let response: FeedFetcher.Response
    do {
      response = try await limiter.withPermit(for: host) {
        try await fetcher.fetch(feed.url, validators: record.validators)
      }
    } catch {
      let retryAfter = (error as? APIError)?.retryAfter
      return saveState(feed, result(.failed(Self.message(for: error)))) { record in
        record.lastError = Self.message(for: error)
        record.retryNotBefore = retryAfter.map { start.addingTimeInterval($0.seconds) }
      }
    }
    switch response {
    case .notModified:
      return saveState(feed, result(.notModified)) { record in
        record.lastFetched = start
        record.lastError = nil
        record.retryNotBefore = nil
      }
    case .body(let body):
      let parsed: ParsedFeed
      do {
        parsed = try parser.parse(body.data, contentType: body.contentType, baseURL: body.url)
      } catch {
        return saveState(feed, result(.failed(Self.message(for: error)))) { record in
          record.lastError = Self.message(for: error)
          record.retryNotBefore = nil
        }
      }
      let limit = store.itemLimit
      var outcome = result(.updated(new: 0, total: 0), movedTo: body.movedTo)
      if let feedTitle = parsed.title, feed.customTitle == nil { outcome.title = feedTitle }
      return save(feed, outcome) { record -> RefreshResult.Outcome? in
        let added = record.merge(parsed.items, now: start, limit: limit)
        record.title = parsed.title ?? record.title
        record.siteLink = parsed.siteLink ?? record.siteLink
        record.validators = body.validators
        record.lastFetched = start
        record.lastError = nil
        record.retryNotBefore = nil
        return .updated(new: added, total: record.items.count)
      }
    }
  }

  /// Saves a change to a feed's record; a failed save turns the result into a failure.
  private func save(
    _ feed: Subscription, _ result: RefreshResult,
    _ change: @escaping (inout FeedRecord) -> RefreshResult.Outcome?
  ) -> RefreshResult {
    var result = result
    do {
      if let outcome = try store.updateRecord(feed.id, change) { result.outcome = outcome }
    } catch {
      result.outcome = .failed(Self.message(for: error))
    }
    return result
  }

  private func saveState(
    _ feed: Subscription, _ result: RefreshResult, _ change: @escaping (inout FeedRecord) -> Void
  ) -> RefreshResult {
    save(feed, result) { record -> RefreshResult.Outcome? in
      change(&record)
      return nil
    }
  }

  /// The one-line message for a fetch, parse or store error.
  static func message(for error: any Error) -> String {
    switch error {
    case let error as APIError: error.description
    case let error as FeedParseError: error.message
    case let error as FetchError: error.description
    case let error as PersistenceError: error.message
    default: String(describing: error)
    }
  }
}

/// How one feed's refresh went.
public struct RefreshResult: Sendable, Equatable {
  /// What happened.
  public enum Outcome: Sendable, Equatable {
    /// Fetched and parsed: how many items were new, and how many are cached.
    case updated(new: Int, total: Int)
    /// The server said `304 Not Modified`; the cached items stay.
    case notModified
    /// Not fetched: the server asked to wait until then.
    case skipped(until: Date)
    /// The fetch, the parse or the save failed.
    case failed(String)
  }

  /// The feed's id.
  public var feedID: String
  /// The feed's title (not sanitized).
  public var title: String
  /// What happened.
  public var outcome: Outcome
  /// The feed's new URL after a permanent redirect.
  public var movedTo: URL?

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - feedID: The feed's id.
  ///   - title: Its title.
  ///   - outcome: What happened.
  ///   - movedTo: Its new URL, if it moved.
  public init(feedID: String, title: String, outcome: Outcome, movedTo: URL? = nil) {
    self.feedID = feedID
    self.title = title
    self.outcome = outcome
    self.movedTo = movedTo
  }

  /// Whether the refresh failed.
  public var isFailure: Bool {
    if case .failed = outcome { return true }
    return false
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
