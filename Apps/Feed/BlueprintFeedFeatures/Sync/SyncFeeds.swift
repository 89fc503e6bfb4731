internal import CoreBase
internal import CoreTerminal

/// `feed sync`: where the feeds sync and when; `sync setup` and `sync status` are its
/// subcommands (alone, it says the status).
enum SyncFeeds: FeedCommand {
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

  @MainActor
  static func run(_ sync: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.syncStatus(
      run.context, run.library, configFolder: run.context.directories.config)
  }
}

/// `feed sync setup URL [--user NAME] [--password-command CMD]`, or `--off`.
enum SetUpSync: FeedCommand {
  static let user = Option<String?>(
    "user", valueName: "name", help: "The user to log in as (its password: ~/.netrc or a command).")
  static let passwordCommand = Option<String?>(
    "password-command", valueName: "command",
    help: "A command that prints the password (e.g. 'pass show rss').")
  static let off = Flag("off", help: "Stop syncing; fetch the sites directly, keeping everything.")
  static let url = Argument<String?>(
    "url", help: "The server's address (FreshRSS, Miniflux, The Old Reader…).")
  static let configuration = CommandConfiguration(
    "setup", summary: "Log in to a feed server and sync with it from now on (--off: stop).",
    options: [user, passwordCommand, off], arguments: [url])

  static func validate(_ setup: Invocation<Self>) throws(CommandLineError) {
    if setup[\.off], try setup[\.url] != nil {
      throw CommandLineError("'--off' takes no address", hint: "run 'sync setup --off' alone")
    }
  }

  @MainActor
  static func run(_ setup: Invocation<Self>, in run: FeedRun) async throws {
    let configFolder = run.context.directories.config
    if setup[\.off] { return try FeedCommands.turnOff(run.context, configFolder: configFolder) }
    try await FeedCommands.setup(
      url: try setup[\.url], user: try setup[\.user],
      passwordCommand: try setup[\.passwordCommand], run.context, configFolder: configFolder)
  }
}

/// `feed sync status`: the server, the user, where the password comes from, the last sync.
enum SyncStatus: FeedCommand {
  static let configuration = CommandConfiguration(
    "status", summary: "Say where the feeds sync, as whom, and when they last did.")

  @MainActor
  static func run(_ status: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.syncStatus(
      run.context, run.library, configFolder: run.context.directories.config)
  }
}
