internal import BlueprintFeedFormats
internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// The reader's data and refreshing, as the commands and the screens use them: the
/// store, the refresher, and the sample feed shown while there are no subscriptions.
struct FeedLibrary: Sendable {
  let store: FeedStore
  let fetcher: FeedFetcher
  var concurrency = FeedRefresher.defaultConcurrency
  var deadline = FeedRefresher.defaultDeadline
  var feedDeadline = FeedRefresher.defaultFeedDeadline
  var now: @Sendable () -> Date = { Date() }
  /// Opens links (`o` in the reader).
  var browser = BrowserLauncher(environment: [:])
  /// Whether new items ring the terminal bell (the samples' shared `notifications`).
  var notifications = true
  /// The reader's refresh done by a part (sync, once set up: one sync with the feed
  /// server, its report), else `nil`: then the reader fetches each site.
  var refreshByParts: @Sendable () async throws -> String? = { nil }

  /// The library of the running app: the file store under
  /// `$XDG_DATA_HOME/blueprint/feed/` and the polite HTTP client. A damaged feed
  /// record is reported once, as a warning, when it is set aside.
  static func live(_ context: CommandContext) -> FeedLibrary {
    let files = FileKeyValueStore(directory: context.dataFolder)
    let store = FeedStore(store: files) { damaged in
      context.warn(
        damaged.notice,
        hint: "the damaged file is kept, untouched, as \(damaged.setAsideAt); look at it with: "
          + "less \(CommandLineEcho.shellWord(damaged.setAsideAt))")
    }
    var library = FeedLibrary(
      store: store,
      fetcher: FeedFetcher(
        client: LazyHTTPClient {
          FeedFetcher.makeClient(name: appIdentity.name, version: appIdentity.version)
        }))
    library.browser = BrowserLauncher(environment: context.environment)
    library.refreshByParts = FeedPart.readerRefresh(context, store: store)
    return library
  }

  /// Every subscribed feed, or the sample when there are none.
  func feeds() throws -> (feeds: [StoredFeed], isSample: Bool) {
    let stored = try store.feeds()
    return stored.isEmpty ? ([SampleFeed.stored(now: now())], true) : (stored, false)
  }

  /// The feed a reference (id, URL or title) names; else the feed at the address the
  /// text gives as `feed add` reads it, so a feed added from a file is found by the
  /// file's name (`feed read latin1.xml`) and one added as `example.com/feed.xml` by that.
  ///
  /// - Throws: `AppError` (exit 64) when none matches.
  func feed(_ reference: String) throws -> StoredFeed {
    let all = try store.feeds()
    let titles = Dictionary(
      all.map { ($0.id, $0.record.title ?? "") }, uniquingKeysWith: { a, _ in a })
    let list = try store.subscriptions()
    guard
      let subscription = list.find(reference, titles: titles)
        ?? Self.feed(atAddress: reference, in: list),
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

  /// The subscription to the address `text` gives as `feed add` reads it (a path
  /// relative to the current folder, a host and path), compared as `add` compares;
  /// else, for a bare file name, the one feed read from a file of that name.
  private static func feed(atAddress text: String, in list: SubscriptionList) -> Subscription? {
    guard
      let address = try? FeedLocation.address(
        from: text, currentDirectory: FileManager.default.currentDirectoryPath,
        fileExists: { FileManager.default.fileExists(atPath: $0) })
    else { return nil }
    let wanted = FeedLocation.canonical(address.url).absoluteString
    if let feed = list.feeds.first(where: {
      FeedLocation.canonical($0.url).absoluteString == wanted
    }) {
      return feed
    }
    guard !text.contains("/") else { return nil }
    let named = list.feeds.filter { $0.url.isFileURL && $0.url.lastPathComponent == text }
    return named.count == 1 ? named[0] : nil
  }

  /// The item an `ITEM` reference (`3.17`) names, or `nil` when the text is not one
  /// (then it may name a feed).
  ///
  /// - Throws: `AppError` (exit 64) when the feed exists but has no such item.
  func item(_ text: String) throws -> FeedEntry? {
    guard let reference = ItemReference(text), (try? feed(text)) == nil,
      let feed = try? feed(reference.feed)
    else { return nil }
    guard let item = feed.record.items.first(where: { $0.number == reference.number }) else {
      throw AppError("no item \(reference) in feed \(feed.id)")
    }
    return FeedEntry(feed: feed, item: item)
  }

  /// Checks that a URL gives a feed now: fetches and parses it, saves nothing.
  ///
  /// - Parameters:
  ///   - url: The feed's URL.
  ///   - typed: The address as the user typed it, for a hint that repeats it (a list of
  ///     subscriptions is to be imported, not added).
  /// - Returns: What the parser could read only in part (see `ParsedFeed.warnings`).
  /// - Throws: `AppError`: 66 for a missing file, 69 for a failed fetch, 65 for
  ///   something that is not a feed.
  @discardableResult
  func check(_ url: URL, typed: String? = nil) async throws -> [String] {
    let response: FeedFetcher.Response
    do {
      response = try await fetcher.fetch(url)
    } catch let error as FetchError {
      if case .fileNotFound = error { throw AppError(error.description, exitCode: .noInput) }
      throw AppError(error.description, exitCode: url.isFileURL ? .noInput : .unavailable)
    } catch let error as APIError {
      throw AppError(error.description, exitCode: .unavailable)
    }
    guard case .body(let body) = response else { return [] }
    do {
      return try FeedParser().parse(body.data, contentType: body.contentType, baseURL: body.url)
        .warnings
    } catch {
      // An OPML file is a list of subscriptions: `import` reads it.
      let isOPML = error.code == .notAFeed && (try? OPML.outlines(in: body.data)) != nil
      // `import` takes a path: a file: URL is named by its path.
      let name = typed.flatMap { $0.lowercased().hasPrefix("file:") ? nil : $0 } ?? url.path
      throw AppError(
        "cannot add \(url.absoluteString.terminalSafe): \(error.message)",
        hint: isOPML
          ? "it is a list of feeds (OPML): '\(appIdentity.name) import "
            + "\(CommandLineEcho.shellWord(name))' subscribes to each of them"
          : "give the address of the RSS, Atom or JSON feed itself",
        exitCode: .dataError)
    }
  }

  /// Refreshes the given feeds (all when `nil`) of `subscriptions` (read from the store
  /// when `nil`), reporting each as it finishes. The store's reads and saves run in
  /// `work`, each on a thread of its own (see `FeedRefresher`).
  func refresh(
    _ ids: [String]? = nil, of subscriptions: [Subscription]? = nil, force: Bool = false,
    work: BlockingWork = BlockingWork(),
    onResult: @escaping @Sendable (RefreshResult) async -> Void = { _ in }
  ) async throws -> [RefreshResult] {
    var feeds: [Subscription]
    if let subscriptions {
      feeds = subscriptions
    } else {
      feeds = try await work.read { [store] in try store.subscriptions().feeds }
    }
    if let ids { feeds = feeds.filter { ids.contains($0.id) } }
    return try await refresher(work: work).refresh(feeds, force: force, onResult: onResult)
  }

  /// A refresher with the library's store, fetcher, limits and clock.
  func refresher(work: BlockingWork = BlockingWork()) -> FeedRefresher {
    FeedRefresher(
      store: store, fetcher: fetcher, concurrency: concurrency, deadline: deadline,
      feedDeadline: feedDeadline, now: now, work: work)
  }

  /// Marks one item read or unread; the sample's items are not stored.
  ///
  /// `commit` runs under the store's lock just before the write (see Core's
  /// `BlockingWork`); when it throws, nothing is written.
  func setRead(
    _ read: Bool, item: String, feed: String, commit: () throws -> Void = {}
  ) throws {
    guard feed != SampleFeed.id else { return }
    try store.updateRecord(feed) { record in
      if read { record.read.insert(item) } else { record.read.remove(item) }
      try commit()
    }
  }

  /// Marks every cached item of a feed read; returns how many were unread. The change
  /// can be undone (``FeedStore/undoLastMarks(commit:)``).
  @discardableResult
  func markAllRead(_ feed: String, commit: () throws -> Void = {}) throws -> Int {
    guard feed != SampleFeed.id else { return 0 }
    return try store.markAll(true, feeds: [feed], commit: commit).count
  }

  /// Marks every cached item of a feed unread; returns how many were read. The change
  /// can be undone.
  @discardableResult
  func markAllUnread(_ feed: String) throws -> Int {
    guard feed != SampleFeed.id else { return 0 }
    return try store.markAll(false, feeds: [feed]).count
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
