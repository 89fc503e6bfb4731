internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed refresh [FEED]`: fetches the feeds and saves new items.
enum RefreshFeeds: FeedCommand {
  static let force = Flag(
    "force", help: "Fetch feeds whose server asked to wait (Retry-After) too.")
  static let timeout = Option<Int?>(
    "timeout", valueName: "seconds",
    help: "Stop the whole refresh after this long (default: 180).")
  static let feedTimeout = Option<Int?>(
    "feed-timeout", valueName: "seconds",
    help: "Stop one feed's fetch after this long (default: 45).")
  static let feed = FeedCommands.onlyFeed
  static let configuration = CommandConfiguration(
    "refresh", summary: "Fetch the feeds (or one) and save new items.",
    discussion:
      "Prints one line per feed, then how many items are new. Exits 0 when every feed refreshed, 69 when any failed (the others are saved all the same), 74 when results could not be saved.",
    options: [force, timeout, feedTimeout] + FeedCommands.parts.flatMap(\.refreshOptions),
    arguments: [feed])

  static func validate(_ refresh: Invocation<Self>) throws(CommandLineError) {
    _ = try FeedCommands.positiveSeconds(refresh[\.timeout], for: timeout)
    _ = try FeedCommands.positiveSeconds(refresh[\.feedTimeout], for: feedTimeout)
  }

  @MainActor
  static func run(_ refresh: Invocation<Self>, in run: FeedRun) async throws {
    // A part may take the refresh over (sync, once set up: one sync with the server).
    if try await FeedCommands.refreshByParts(refresh, run.context, run.library) {
      return
    }
    var library = run.library
    if let deadline = try FeedCommands.positiveSeconds(refresh[\.timeout], for: timeout) {
      library.deadline = deadline
    }
    if let deadline = try FeedCommands.positiveSeconds(refresh[\.feedTimeout], for: feedTimeout) {
      library.feedDeadline = deadline
    }
    try await FeedCommands.refresh(
      try refresh[\.feed], force: refresh[\.force], run.context, library)
  }
}
