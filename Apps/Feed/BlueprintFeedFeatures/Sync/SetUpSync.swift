internal import BlueprintFeedModel
internal import CoreBase
internal import CoreSync
internal import CoreTerminal
internal import Foundation

/// `feed sync setup URL [--user NAME] [--password-command CMD]`: logs in, says what the
/// server holds, keeps how to reach it; `--off`: back to fetching the sites, keeping
/// everything.
struct SetUpSync: FeedCommand {
  static let configuration = CommandConfiguration(
    "setup", summary: "Log in to a feed server and sync with it from now on (--off: stop).")
  @Option(
    "user", valueName: "name", help: "The user to log in as (its password: ~/.netrc or a command).")
  var user: String?
  @Option(
    "password-command", valueName: "command",
    help: "A command that prints the password (e.g. 'pass show rss').")
  var passwordCommand: String?
  @Flag("off", help: "Stop syncing; fetch the sites directly, keeping everything.") var off: Bool
  @Argument("url", help: "The server's address (FreshRSS, Miniflux, The Old Reader…).")
  var url: String?

  func validate() throws(CommandLineError) {
    if off, url != nil {
      throw CommandLineError("'--off' takes no address", hint: "run 'sync setup --off' alone")
    }
  }

  func run(in app: FeedRun) async throws {
    let context = app.context
    if off { return try turnOff(context) }
    guard let text = url else {
      throw AppError(
        "'sync setup' needs the server's address",
        hint: "e.g. \(context.appName) sync setup https://rss.example.com/")
    }
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host?.isEmpty == false
    else {
      throw AppError(
        "'\(text.terminalSafe)' is not a server's http or https address",
        hint: "e.g. \(context.appName) sync setup https://rss.example.com/")
    }
    if passwordCommand != nil, user == nil {
      throw AppError(
        "--password-command needs --user",
        hint: "e.g. \(context.appName) sync setup URL --user ada --password-command 'pass rss'")
    }
    let connection = FeedSyncConnection(
      environment: context.environment, userAgent: "\(context.appName)/\(appIdentity.version)")
    guard
      let credentials = try connection.credentials(
        for: url, user: user, passwordCommand: passwordCommand)
    else { throw AppError.syncNoPassword(host: url.host ?? text) }
    try await logIn(to: url, typed: text, connection, credentials, context)
  }

  /// Tries the addresses the Google Reader API may have at `url` until one logs in, then
  /// says what the server holds and saves the setup.
  private func logIn(
    to url: URL, typed text: String, _ connection: FeedSyncConnection,
    _ credentials: SyncCredentials, _ context: CommandContext
  ) async throws {
    var tried: [String] = []
    for base in GoogleReaderAddress.candidates(for: url) {
      let client = GoogleReaderClient(base: base, http: connection.http, credentials: credentials)
      do {
        try await client.login()
      } catch let error as APIError {
        if case .transport = error { throw Self.setupError(error, context) }
        tried.append(base.absoluteString)
        continue
      } catch let error as GoogleReaderError {
        if case .malformed = error {
          tried.append(base.absoluteString)
          continue
        }
        throw Self.setupError(error, context)
      } catch {
        throw Self.setupError(error, context)
      }
      let subscriptions: [GoogleReaderSubscription]
      let unread: Set<GoogleReaderItemID>
      do {
        subscriptions = try await client.subscriptions()
        unread = try await client.itemIDs(excluding: GoogleReaderClient.read)
      } catch {
        throw Self.setupError(error, context)
      }
      let config = FeedSyncConfig(
        server: text, api: base.absoluteString, user: credentials.user,
        passwordCommand: passwordCommand)
      try config.save(to: context.directories.config)
      context.write(
        "Syncing with \(base.absoluteString.terminalSafe) as \(credentials.user.terminalSafe): "
          + "\(subscriptions.count) subscription\(subscriptions.count == 1 ? "" : "s"), "
          + "\(unread.count) unread item\(unread.count == 1 ? "" : "s").\n"
          + "'\(context.appName) refresh' gets them, and sends this reader's feeds and marks.\n")
      return
    }
    throw AppError(
      GoogleReaderError.noAPI(tried: tried).description,
      hint: "give the address the server's documentation names for the Google Reader API",
      exitCode: .unavailable)
  }

  /// `--off`: back to fetching the sites, keeping everything.
  private func turnOff(_ context: CommandContext) throws {
    let configFolder = context.directories.config
    let config = try FeedSyncConfig.load(from: configFolder)
    try FeedSyncConfig.remove(from: configFolder)
    context.write(
      config == nil
        ? "Sync was not set up; feeds are fetched from their sites.\n"
        : "Sync is off: feeds are fetched from their sites again; every feed, item and "
          + "mark is kept.\n")
  }

  /// A setup that could not log in: nothing was saved.
  private static func setupError(_ error: any Error, _ context: CommandContext) -> AppError {
    var appError = AppError.syncStopped(error, appName: context.appName)
    appError.message = appError.message.replacingOccurrences(
      of: "the sync stopped: ", with: "could not set up sync: ")
    if appError.hint?.hasPrefix("run '") == true {
      appError.hint = "check the address and that the server answers; nothing was saved"
    }
    return appError
  }
}
