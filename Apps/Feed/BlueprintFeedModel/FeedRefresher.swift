package import BlueprintFeedFormats
package import CoreBase
package import Foundation

/// Refreshes feeds: fetches each (bounded concurrency, politely), parses it off the
/// caller's actor, and saves each feed's result in its own transaction as it finishes.
///
/// A failing, hostile or huge feed fails alone: the others are fetched and saved all
/// the same.
///
/// Every save is a store transaction that may wait seconds for another process's
/// lock; it runs in ``work`` (Core's `BlockingWork`), on a thread of its own, so a
/// waiting save holds no thread of the cooperative pool (fetches and parses go on)
/// and never the main actor. An app that settles its ledger when it quits learns
/// which feeds' results were not saved.
///
/// ```swift
/// let refresher = FeedRefresher(store: store, fetcher: FeedFetcher(client: client))
/// let results = try await refresher.refresh(try store.subscriptions().feeds) { result in
///   print(result.summary)
/// }
/// ```
package struct FeedRefresher: Sendable {
  /// Where records are kept.
  package var store: FeedStore
  /// How bytes are fetched.
  package var fetcher: FeedFetcher
  /// How bytes become items.
  package var parser: FeedParser
  /// The most fetches at once to start with; the limit grows while fetches succeed
  /// and others wait (see ``FetchLimiter``), up to ``maximumConcurrency``.
  package var concurrency: Int
  /// The most fetches at once the limit may grow to.
  package var maximumConcurrency: Int
  /// The most fetches at once to one host.
  package var perHost: Int
  /// How long the whole refresh may take; feeds still running then fail, the others
  /// are saved.
  package var deadline: Duration
  /// How long one feed's fetch may take once it started, however slowly bytes arrive.
  package var feedDeadline: Duration
  /// The current time (injected for tests).
  package var now: @Sendable () -> Date
  /// The clock the deadlines run on (injected for tests).
  package var clock: any Clock<Duration>
  /// Where the saves run: a thread of their own each, off the cooperative pool.
  package var work: BlockingWork

  /// The default number of fetches at once to start with: each to another host (see
  /// ``defaultPerHost``), so this bounds the connections opened at once.
  package static let defaultConcurrency = 24
  /// The default number of fetches at once the limit may grow to.
  package static let defaultMaximumConcurrency = 48
  /// The default number of fetches at once to one host: one, so that a host's feeds
  /// take turns on one kept-alive connection (no second TCP or TLS handshake), as
  /// `curl --parallel` and browsers do.
  package static let defaultPerHost = 1
  /// The default deadline of a whole refresh: 3 minutes.
  package static let defaultDeadline = Duration.seconds(180)
  /// The default deadline of one feed's fetch: 45 seconds.
  package static let defaultFeedDeadline = Duration.seconds(45)
  /// The longest wait a server's `Retry-After` can impose: one day.
  package static let maximumRetryAfter = Duration.seconds(24 * 3600)
  /// The wait after a `429` or `503` that did not say how long to wait: 15 minutes.
  package static let defaultBackoff = Duration.seconds(15 * 60)

  /// Creates a refresher.
  ///
  /// - Parameters:
  ///   - store: Where records are kept.
  ///   - fetcher: How bytes are fetched.
  ///   - parser: How bytes become items.
  ///   - concurrency: The most fetches at once to start with.
  ///   - maximumConcurrency: The most fetches at once the limit may grow to.
  ///   - perHost: The most fetches at once to one host.
  ///   - deadline: How long the whole refresh may take.
  ///   - feedDeadline: How long one feed's fetch may take.
  ///   - now: The current time.
  ///   - clock: The clock the deadlines run on.
  ///   - work: Where the saves run; the app's ledger, so that it can settle them.
  package init(
    store: FeedStore, fetcher: FeedFetcher, parser: FeedParser = FeedParser(),
    concurrency: Int = defaultConcurrency,
    maximumConcurrency: Int = defaultMaximumConcurrency, perHost: Int = defaultPerHost,
    deadline: Duration = defaultDeadline, feedDeadline: Duration = defaultFeedDeadline,
    now: @escaping @Sendable () -> Date = { Date() },
    clock: any Clock<Duration> = ContinuousClock(), work: BlockingWork = BlockingWork()
  ) {
    self.store = store
    self.fetcher = fetcher
    self.parser = parser
    self.concurrency = concurrency
    self.maximumConcurrency = maximumConcurrency
    self.perHost = perHost
    self.deadline = deadline
    self.feedDeadline = feedDeadline
    self.now = now
    self.clock = clock
    self.work = work
  }

  /// Refreshes `feeds` and reports each result as it is saved.
  ///
  /// A feed whose server asked to wait is skipped unless `force` is set. Each feed's
  /// result is saved as soon as it is known; a `304` that changes nothing in the
  /// record is not written to it (its check time is saved once, at the end).
  ///
  /// - Parameters:
  ///   - feeds: The subscriptions to refresh.
  ///   - force: Fetch even feeds whose server asked to wait.
  ///   - onResult: Told about each feed as soon as its result is saved.
  /// - Returns: The results, in the order of `feeds`.
  /// - Throws: `PersistenceError` when the subscription list cannot be read, or cannot
  ///   be updated after a redirect. A result that could not be saved is a failure with
  ///   ``RefreshResult/saveFailed`` set.
  @discardableResult
  package func refresh(
    _ feeds: [Subscription], force: Bool = false,
    onResult: @escaping @Sendable (RefreshResult) async -> Void = { _ in }
  ) async throws -> [RefreshResult] {
    var finished = await fetchAll(feeds, force: force, onResult: onResult)
    await saveCheckTimes(of: &finished)
    try await saveMoves(of: finished)
    return finished
  }

  /// Every feed refreshed in a task of its own, as the limiter lets them run, until
  /// the overall deadline; the results of the feeds that finished, in their order.
  private func fetchAll(
    _ feeds: [Subscription], force: Bool,
    onResult: @escaping @Sendable (RefreshResult) async -> Void
  ) async -> [RefreshResult] {
    let limiter = FetchLimiter(total: concurrency, perHost: perHost, ceiling: maximumConcurrency)
    let silentHosts = SilentHosts()
    var results = [RefreshResult?](repeating: nil, count: feeds.count)
    let clock = clock
    let deadline = deadline
    await withTaskGroup(of: (Int, RefreshResult)?.self) { group in
      for (index, feed) in feeds.enumerated() {
        group.addTask {
          let result = await refreshOne(
            feed, limiter: limiter, silentHosts: silentHosts, force: force)
          await onResult(result)
          return (index, result)
        }
        // Each feed's task runs up to its network wait before the next one is added.
        // A fetch's deadline runs the fetch in a child task of its own; added all at
        // once, every feed task would run (and read its fetch state) before the first
        // of those, and the first request would wait for all of them.
        await Task.yield()
      }
      // The overall deadline: when it passes, the feeds still running are cancelled and
      // fail; those that finished were saved already.
      group.addTask {
        try? await clock.sleep(for: deadline)
        return nil
      }
      var pending = feeds.count
      while pending > 0, let next = await group.next() {
        if let (index, result) = next {
          results[index] = result
          pending -= 1
        } else if pending > 0 {
          group.cancelAll()
        }
      }
      group.cancelAll()
    }
    return results.compactMap { $0 }
  }

  /// Saves when each feed was checked, in one transaction; when that fails, the
  /// results that needed it are failures too.
  private func saveCheckTimes(of finished: inout [RefreshResult]) async {
    let checked = finished.compactMap { result in result.checkedAt.map { (result.feedID, $0) } }
    let store = store
    do {
      if !checked.isEmpty {
        let times = Dictionary(checked) { _, last in last }
        try await work.run("save when \(checked.count) feeds were checked") { commit in
          try commit()
          try store.noteChecked(times)
        }
      }
    } catch {
      // The check times could not be saved: those results are not saved either.
      for index in finished.indices where finished[index].checkedAt != nil {
        finished[index].outcome = .failed(Self.message(for: error))
        finished[index].saveFailed = true
      }
    }
  }

  /// Saves the new address of each feed that moved for good, unless another
  /// subscription has it already.
  private func saveMoves(of finished: [RefreshResult]) async throws {
    let store = store
    let moves = finished.compactMap { result in result.movedTo.map { (result.feedID, $0) } }
    if !moves.isEmpty {
      try await work.run("save the new addresses of \(moves.count) feeds") { commit in
        try store.updateSubscriptions { list in
          for (id, url) in moves {
            guard let index = list.feeds.firstIndex(where: { $0.id == id }),
              !list.feeds.contains(where: { FeedLocation.canonical($0.url) == url })
            else { continue }
            list.feeds[index].url = url
          }
          try commit()
        }
      }
    }
  }

  private func refreshOne(
    _ feed: Subscription, limiter: FetchLimiter, silentHosts: SilentHosts, force: Bool
  ) async -> RefreshResult {
    let start = now()
    // Only the fetch state is read (no items), in the feed's own task, just before its
    // fetch: the limiter hands out a free permit at once, so the first fetch goes out
    // after one read and the other reads overlap the fetches. A damaged record is set
    // aside and reads as never fetched; one that cannot be read fails this feed alone.
    let record: FeedRecord
    do {
      record = try store.readFetchState(feed.id)
    } catch {
      var failed = RefreshResult(
        feedID: feed.id, title: feed.customTitle ?? feed.url.absoluteString,
        outcome: .failed(Self.message(for: error)))
      failed.saveFailed = true
      return failed
    }
    if !force, let notBefore = record.retryNotBefore, notBefore > start {
      return RefreshResult(
        feedID: feed.id, title: feed.customTitle ?? record.title ?? feed.url.absoluteString,
        outcome: .skipped(until: notBefore))
    }
    // A server is a host and its port: another port of the same host is another server.
    let host =
      feed.url.host.map { host in
        let name = host.contains(":") ? "[\(host)]" : host  // an IPv6 address
        return feed.url.port.map { "\(name):\($0)" } ?? name
      } ?? feed.url.scheme ?? ""
    let response: FeedFetcher.Response
    do {
      response = try await limiter.withPermit(for: host) {
        try Task.checkCancellation()
        try silentHosts.check(host)
        do {
          return try await withDeadline(feedDeadline) {
            try await fetcher.fetch(feed.url, validators: record.validators)
          }
        } catch {
          silentHosts.note(host, after: error, of: feed.id)
          throw error
        }
      }
    } catch {
      return await save(
        failure: Task.isCancelled ? RefreshDeadlinePassed() : error, backoff: error, of: feed,
        record: record, at: start)
    }
    return await save(response, of: feed, record: record, fetchedAt: start)
  }

  /// Saves what a fetch of `feed` gave, as a refresh does: the new items merged into
  /// its record, or the `304` noted. A command that fetched a feed itself (`feed add`
  /// reads a new feed at once) saves the response with this instead of fetching again.
  ///
  /// - Parameters:
  ///   - response: What the fetch gave.
  ///   - feed: The feed.
  ///   - record: Its fetch state before the fetch (an empty record for a new feed).
  ///   - start: When the fetch started.
  /// - Returns: The result. A `304` that changes nothing has ``RefreshResult/checkedAt``
  ///   set and is not saved (``refresh(_:force:onResult:)`` saves those times at once).
  package func save(
    _ response: FeedFetcher.Response, of feed: Subscription, record: FeedRecord,
    fetchedAt start: Date
  ) async -> RefreshResult {
    let title = feed.customTitle ?? record.title ?? feed.url.absoluteString
    func result(_ outcome: RefreshResult.Outcome, movedTo: URL? = nil) -> RefreshResult {
      RefreshResult(feedID: feed.id, title: title, outcome: outcome, movedTo: movedTo)
    }
    switch response {
    case .notModified:
      guard record.lastError != nil || record.retryNotBefore != nil else {
        // Nothing in the record changes: no durable rewrite, only the check time.
        var unchanged = result(.notModified)
        unchanged.checkedAt = start
        return unchanged
      }
      return await saveState(feed, result(.notModified)) { record in
        record.lastFetched = start
        record.lastError = nil
        record.retryNotBefore = nil
      }
    case .body(let body):
      let parsed: ParsedFeed
      do {
        parsed = try parser.parse(body.data, contentType: body.contentType, baseURL: body.url)
      } catch {
        return await saveState(feed, result(.failed(Self.message(for: error)))) { record in
          record.lastError = Self.message(for: error)
          record.retryNotBefore = nil
        }
      }
      let limit = store.itemLimit
      var outcome = result(.updated(new: 0, total: 0), movedTo: body.movedTo)
      outcome.warnings = parsed.warnings
      if let feedTitle = parsed.title, feed.customTitle == nil { outcome.title = feedTitle }
      return await save(feed, outcome) { record -> RefreshResult.Outcome? in
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

  /// Saves that a fetch of `feed` failed: the message in its record, and the wait a
  /// server asked for (`Retry-After`, or the default after a `429`/`503`).
  ///
  /// - Parameters:
  ///   - error: Why the fetch failed, as the user sees it.
  ///   - backoff: The error the wait is read from (`error` unless a deadline replaced it).
  ///   - feed: The feed.
  ///   - record: Its fetch state before the fetch.
  ///   - start: When the fetch started.
  /// - Returns: The failed result.
  package func save(
    failure error: any Error, backoff: (any Error)? = nil, of feed: Subscription,
    record: FeedRecord, at start: Date
  ) async -> RefreshResult {
    let title = feed.customTitle ?? record.title ?? feed.url.absoluteString
    let message = Self.message(for: error)
    let wait = Self.backoff(after: backoff ?? error)
    let failed = RefreshResult(feedID: feed.id, title: title, outcome: .failed(message))
    return await saveState(feed, failed) { record in
      record.lastError = message
      record.retryNotBefore = wait.map { start.addingTimeInterval($0.seconds) }
    }
  }

  /// Saves a change to a feed's record, in ``work``; a failed save turns the result
  /// into a failure. A feed removed meanwhile is not saved (no orphan record).
  private func save(
    _ feed: Subscription, _ result: RefreshResult,
    _ change: @escaping @Sendable (inout FeedRecord) -> RefreshResult.Outcome?
  ) async -> RefreshResult {
    var result = result
    let store = store
    do {
      let saved = try await work.run("save the refresh of \(result.title)") { commit in
        try store.updateRecordIfSubscribed(feed.id) { record in
          try commit()
          return change(&record)
        }
      }
      if let outcome = saved ?? nil { result.outcome = outcome }
    } catch {
      result.outcome = .failed(Self.message(for: error))
      result.saveFailed = true
    }
    return result
  }

  private func saveState(
    _ feed: Subscription, _ result: RefreshResult,
    _ change: @escaping @Sendable (inout FeedRecord) -> Void
  ) async -> RefreshResult {
    await save(feed, result) { record -> RefreshResult.Outcome? in
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
    case let error as FeedDeadlinePassed: error.description
    case let error as RefreshDeadlinePassed: error.description
    default: String(describing: error)
    }
  }
}

/// How one feed's refresh went.
package struct RefreshResult: Sendable, Equatable {
  /// What happened.
  package enum Outcome: Sendable, Equatable {
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
  package var feedID: String
  /// The feed's title (not sanitized).
  package var title: String
  /// What happened.
  package var outcome: Outcome
  /// The feed's new URL after a permanent redirect.
  package var movedTo: URL?
  /// When a `304` that changed nothing was received; saved once, with the others.
  package var checkedAt: Date?
  /// Whether the failure is the store's: the result could not be saved.
  package var saveFailed = false
  /// What the parser read only in part (an encoding it could not convert, an
  /// entity bomb after some items), for the user to see.
  package var warnings: [String] = []

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - feedID: The feed's id.
  ///   - title: Its title.
  ///   - outcome: What happened.
  ///   - movedTo: Its new URL, if it moved.
  package init(feedID: String, title: String, outcome: Outcome, movedTo: URL? = nil) {
    self.feedID = feedID
    self.title = title
    self.outcome = outcome
    self.movedTo = movedTo
  }

  /// Whether the refresh failed.
  package var isFailure: Bool {
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
