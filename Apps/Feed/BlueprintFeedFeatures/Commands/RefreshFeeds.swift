internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `feed refresh [FEED]`: fetches the feeds and saves new items.
struct RefreshFeeds: FeedCommand {
  static let configuration = CommandConfiguration(
    "refresh", summary: "Fetch the feeds (or one) and save new items.",
    discussion:
      "Prints one line per feed, then how many items are new. Exits 0 when every feed refreshed, 69 when any failed (the others are saved all the same), 74 when results could not be saved."
  )
  @Flag("force", help: "Fetch feeds whose server asked to wait (Retry-After) too.") var force: Bool
  @Option(
    "timeout", valueName: "seconds",
    help: "Stop the whole refresh after this long (default: 180).")
  var timeout: Int?
  @Option(
    "feed-timeout", valueName: "seconds",
    help: "Stop one feed's fetch after this long (default: 45).")
  var feedTimeout: Int?
  /// The parts' options (sync: `--force-delete`), listed after feed's own.
  let parts: [any FeedPartRefresh] = FeedPart.all.compactMap { part in part.refresh?.init() }
  @OptionGroup var filter: FeedFilter

  func validate() throws(CommandLineError) {
    _ = try Duration.positiveSeconds(timeout, for: "timeout")
    _ = try Duration.positiveSeconds(feedTimeout, for: "feed-timeout")
  }

  func run(in app: FeedRun) async throws {
    // A part may take the refresh over (sync, once set up: one sync with the server).
    for part in parts {
      if try await part.refresh(app.context, app.library) { return }
    }
    var library = app.library
    if let deadline = try Duration.positiveSeconds(timeout, for: "timeout") {
      library.deadline = deadline
    }
    if let deadline = try Duration.positiveSeconds(feedTimeout, for: "feed-timeout") {
      library.feedDeadline = deadline
    }
    // The HTTP client starts while the options and subscriptions are read; the command
    // ends only once it has (see `LazyHTTPClient.prepare()`).
    let preparing = (library.fetcher.client as? LazyHTTPClient)?.prepare()
    do {
      try await refresh(app.context, library)
      await preparing?.value
    } catch {
      await preparing?.value
      throw error
    }
  }

  private func refresh(_ context: CommandContext, _ library: FeedLibrary) async throws {
    var ids: [String]?
    if let reference = filter.reference { ids = [try library.feed(reference).id] }
    let subscriptions = try library.store.subscriptions().feeds
    guard !subscriptions.isEmpty else {
      context.write("No feeds to refresh. \(SampleFeed.addHint)\n")
      return
    }
    let results = try await Self.withProgress(
      of: ids.map { ids in subscriptions.filter { ids.contains($0.id) } } ?? subscriptions, context
    ) { onResult in
      try await library.refresh(ids, of: subscriptions, force: force, onResult: onResult)
    }
    var table = PlainTable(columns: [
      .init("Result"), .init("ID", alignment: .right), .init("Title"), .init("Details"),
    ])
    for result in results {
      table.append([
        FeedText.word(result.outcome), result.feedID, FeedText.column(result.title),
        FeedText.details(result.outcome),
      ])
    }
    context.write(table.rendered(capability: context.colorCapability, theme: context.theme))
    for result in results {
      for warning in result.warnings { context.warn("feed \(result.feedID): \(warning)") }
    }
    Self.announce(results, context, notifications: library.notifications)
    if let error = RefreshReport(results, appName: context.appName).error { throw error }
  }

  /// Runs a refresh of `feeds` with a progress line on a terminal's stderr
  /// (`refreshing 12/30 · 1 failed · example.org`: the feeds done, those that failed,
  /// the host of the last one done), erased before the results are printed.
  private static func withProgress(
    of feeds: [Subscription], _ context: CommandContext,
    _ refresh: (@escaping @Sendable (RefreshResult) async -> Void) async throws -> [RefreshResult]
  ) async throws -> [RefreshResult] {
    let progress = context.progressLine()
    let total = feeds.count
    let hosts = Dictionary(
      feeds.map { ($0.id, $0.url.host ?? $0.url.lastPathComponent) },
      uniquingKeysWith: { first, _ in first })
    let tally = RefreshTally()
    progress.update("refreshing 0/\(total)")
    return try await progress.during {
      try await refresh { result in
        let (done, failed) = await tally.count(result)
        let failures = failed > 0 ? " · \(failed) failed" : ""
        let host = hosts[result.feedID].map { " · \($0)" } ?? ""
        progress.update("refreshing \(done)/\(total)\(failures)\(host)")
      }
    }
  }

  /// Says how many items are new, and rings the terminal bell for them when
  /// notifications are on (the shared `notifications` setting) and stdout is a terminal.
  private static func announce(
    _ results: [RefreshResult], _ context: CommandContext, notifications: Bool
  ) {
    guard let line = RefreshReport(results, appName: context.appName).newItemsLine else { return }
    let bell = notifications && isatty(STDOUT_FILENO) == 1
    context.write(line + "\n" + (bell ? "\u{7}" : ""))
  }
}

/// The feeds a refresh has done and how many of them failed, as results come in from
/// several fetches at once.
private actor RefreshTally {
  private var done = 0, failed = 0

  /// Counts `result`; returns the counts with it.
  func count(_ result: RefreshResult) -> (done: Int, failed: Int) {
    done += 1
    if result.isFailure { failed += 1 }
    return (done, failed)
  }
}
