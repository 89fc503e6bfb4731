internal import CoreBase
internal import CoreTerminal

/// `feed sync`: where the feeds sync and when; `sync setup` and `sync status` are its
/// subcommands (alone, it says the status).
struct SyncFeeds: FeedCommand {
  static let configuration = CommandConfiguration(
    "sync", summary: "Set up syncing with a Google Reader API server, or show its status.",
    discussion: """
      'sync setup URL' logs in to a feed server that speaks the Google Reader API \
      (FreshRSS: its address or its api/greader.php; Miniflux: its address; The Old \
      Reader: https://theoldreader.com) and says what it found. From then on 'refresh' \
      gets new items, subscriptions and read and starred marks from the server, and \
      sends the ones made here. Passwords come from ~/.netrc (mode 0600) or a password \
      command (--user and --password-command), never from the command line. 'sync \
      status' says where and when. 'sync setup --off' goes back to fetching the sites, \
      keeping every feed, item and mark.
      """)
  static let subcommands: [any Command<FeedRun>.Type] = [SetUpSync.self, SyncStatus.self]

  func run(in app: FeedRun) async throws { try await SyncStatus().run(in: app) }
}
