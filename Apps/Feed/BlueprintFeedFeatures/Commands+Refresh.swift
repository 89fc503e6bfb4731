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

extension FeedCommands {
  /// `feed refresh [FEED]` with its deadlines and `--force`.
  static func refresh(
    _ reference: String?, force: Bool, _ context: CommandContext, _ library: FeedLibrary
  ) async throws {
    // The HTTP client starts while the options and subscriptions are read; the command
    // ends only once it has (see `LazyHTTPClient.prepare()`).
    let preparing = (library.fetcher.client as? LazyHTTPClient)?.prepare()
    do {
      try await refreshFeeds(reference, force: force, context, library)
      await preparing?.value
    } catch {
      await preparing?.value
      throw error
    }
  }

  private static func refreshFeeds(
    _ reference: String?, force: Bool, _ context: CommandContext, _ library: FeedLibrary
  ) async throws {
    var ids: [String]?
    if let reference { ids = [try library.feed(reference).id] }
    let subscriptions = try library.store.subscriptions().feeds
    guard !subscriptions.isEmpty else {
      context.write("No feeds to refresh. \(SampleFeed.addHint)\n")
      return
    }
    let results = try await withProgress(
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
    announce(results, context, notifications: library.notifications)
    if let error = RefreshReport(results, appName: context.appName).error { throw error }
  }

  /// Runs a refresh of `feeds` with a progress line on a terminal's stderr
  /// (`refreshing 12/30 · 1 failed · example.org`: the feeds done, those that failed,
  /// the host of the last one done), erased before the results are printed.
  static func withProgress(
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

  /// `--timeout 30`: a whole number of seconds above zero.
  nonisolated static func positiveSeconds(_ seconds: Int?, for option: Option<Int?>)
    throws(CommandLineError) -> Duration?
  {
    guard let seconds else { return nil }
    guard seconds > 0 else {
      throw CommandLineError(
        "invalid value '\(seconds)' for '--\(option.name)': expected seconds above 0")
    }
    return .seconds(seconds)
  }

  /// Says how many items are new, and rings the terminal bell for them when
  /// notifications are on (the shared `notifications` setting) and stdout is a terminal.
  static func announce(
    _ results: [RefreshResult], _ context: CommandContext, notifications: Bool
  ) {
    guard let line = RefreshReport(results, appName: context.appName).newItemsLine else { return }
    let bell = notifications && isatty(STDOUT_FILENO) == 1
    context.write(line + "\n" + (bell ? "\u{7}" : ""))
  }
}

/// What a refresh's results add up to: the line announcing new items, and the error
/// (exit code and message) that says what happened.
struct RefreshReport {
  var results: [RefreshResult]
  var appName: String

  init(_ results: [RefreshResult], appName: String) {
    self.results = results
    self.appName = appName
  }

  /// `3 new items in 2 feeds.`, or `nil` when nothing is new.
  var newItemsLine: String? {
    var items = 0
    var feeds = 0
    for case .updated(let new, _) in results.map(\.outcome) where new > 0 {
      items += new
      feeds += 1
    }
    guard items > 0 else { return nil }
    return "\(items) new item\(items == 1 ? "" : "s") in \(feeds) feed\(feeds == 1 ? "" : "s")."
  }

  /// `nil` when every feed refreshed; else exit 74 when results could not be saved,
  /// 69 when fetches failed, with a message that says what was saved.
  var error: AppError? {
    let total = results.count
    let unsaved = results.filter(\.saveFailed)
    let failed = results.filter(\.isFailure)
    let saved = total - unsaved.count
    func feeds(_ count: Int) -> String { "\(count) feed\(count == 1 ? "" : "s")" }
    if let first = unsaved.first, case .failed(let reason) = first.outcome {
      return AppError(
        "could not save \(unsaved.count) of \(feeds(total)): \(reason)",
        hint: saved == 0
          ? "nothing was saved; make room or fix the folder, then run '\(appName) refresh' again"
          : "the other \(feeds(saved)) \(saved == 1 ? "was" : "were") saved; fix what the "
            + "message says, then run '\(appName) refresh' again for the rest",
        exitCode: .ioError)
    }
    guard !failed.isEmpty else { return nil }
    return AppError(
      "\(failed.count) of \(feeds(total)) failed to refresh",
      hint: failed.count == total
        ? "nothing new was saved; '\(appName) list' shows each feed's last error"
        : "the others were saved; '\(appName) list' shows each feed's last error",
      exitCode: .unavailable)
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
