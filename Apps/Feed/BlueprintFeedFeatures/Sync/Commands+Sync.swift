internal import BlueprintFeedModel
internal import CoreBase
internal import CoreSync
// The credentials' refusals (`SyncCredentialError`) in the runner's words.
internal import CoreSyncCommandLine
internal import CoreTerminal
internal import Foundation

/// `feed sync setup URL`, `sync status`, `sync setup --off`; the refresh through the
/// server once set up; subscriptions changed here sent at once when the server answers.
extension FeedCommands {
  /// `feed sync setup URL`: logs in, says what the server holds, keeps how to reach it.
  static func setup(
    url: String?, user: String?, passwordCommand: String?, _ context: CommandContext,
    configFolder: URL
  ) async throws {
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
    else { throw noPasswordError(url.host ?? text, context) }
    var tried: [String] = []
    for base in GoogleReaderAddress.candidates(for: url) {
      let client = GoogleReaderClient(base: base, http: connection.http, credentials: credentials)
      do {
        try await client.login()
      } catch let error as APIError {
        if case .transport = error { throw setupError(error, context) }
        tried.append(base.absoluteString)
        continue
      } catch let error as GoogleReaderError {
        if case .malformed = error {
          tried.append(base.absoluteString)
          continue
        }
        throw setupError(error, context)
      } catch {
        throw setupError(error, context)
      }
      let subscriptions: [GoogleReaderSubscription]
      let unread: Set<GoogleReaderItemID>
      do {
        subscriptions = try await client.subscriptions()
        unread = try await client.itemIDs(excluding: GoogleReaderClient.read)
      } catch {
        throw setupError(error, context)
      }
      let config = FeedSyncConfig(
        server: text, api: base.absoluteString, user: credentials.user,
        passwordCommand: passwordCommand)
      try config.save(to: configFolder)
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

  /// `feed sync setup --off`: back to fetching the sites, keeping everything.
  static func turnOff(_ context: CommandContext, configFolder: URL) throws {
    let config = try FeedSyncConfig.load(from: configFolder)
    try FeedSyncConfig.remove(from: configFolder)
    context.write(
      config == nil
        ? "Sync was not set up; feeds are fetched from their sites.\n"
        : "Sync is off: feeds are fetched from their sites again; every feed, item and "
          + "mark is kept.\n")
  }

  /// `feed sync status`: where and when.
  static func syncStatus(
    _ context: CommandContext, _ library: FeedLibrary, configFolder: URL
  ) throws {
    guard let config = try FeedSyncConfig.load(from: configFolder) else {
      context.write(
        "Sync is not set up: feeds are fetched from their sites. "
          + "'\(context.appName) sync setup URL' syncs with a feed server.\n")
      return
    }
    let state = try FeedSyncStateStore(
      account: config.account, in: context.dataFolder.appendingPathComponent("sync")
    ).load()
    let when = state.lastSync.map { FeedText.day($0) + " " + Self.time($0) } ?? "never"
    let password = config.passwordCommand == nil ? "~/.netrc" : "the password command"
    context.write(
      "Syncing with \(config.api.terminalSafe) as \(config.user.terminalSafe) "
        + "(password from \(password)).\nLast sync: \(when); \(state.feeds.count) "
        + "feed\(state.feeds.count == 1 ? "" : "s") linked.\n")
  }

  private static func time(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "HH:mm"
    return formatter.string(from: date)
  }

  // MARK: - Refresh through the server

  /// `feed refresh` when sync is set up: one sync with the server instead of fetching
  /// each site. Returns `false` when sync is not set up.
  static func syncRefresh(
    forceDelete: Bool, _ context: CommandContext, _ library: FeedLibrary
  ) async throws -> Bool {
    guard let syncer = try syncer(context, store: library.store, now: library.now) else {
      return false
    }
    var allowed = syncer
    allowed.allowsMassDeletion = forceDelete
    let report: FeedSyncReport
    do {
      report = try await allowed.sync()
    } catch let refusal as FeedSyncMassDeletion {
      throw massDeletionError(refusal, context)
    } catch {
      throw syncError(error, context)
    }
    context.write(report.lines.joined(separator: "\n") + "\n")
    for title in report.notSubscribed {
      context.warn(
        "the server did not subscribe to \(title.terminalSafe)",
        hint: "it is tried again at the next refresh")
    }
    return true
  }

  /// The interactive reader's refresh when sync is set up: one sync, its whole report
  /// on one line (the notice has one); `nil` when sync is not set up (then it fetches
  /// each site).
  nonisolated static func serverSync(_ context: CommandContext, store: FeedStore) async throws
    -> String?
  {
    guard let syncer = try syncer(context, store: store, now: { Date() }) else { return nil }
    do {
      return try await syncer.sync().lines.joined(separator: "; ")
    } catch let refusal as FeedSyncMassDeletion {
      throw massDeletionError(refusal, context)
    } catch {
      throw syncError(error, context)
    }
  }

  /// After `add`, `rm` or `rename`: the subscriptions synced at once when sync is set
  /// up; when the server cannot be reached, the change goes out at the next refresh.
  static func syncSubscriptionsIfSetUp(_ context: CommandContext, _ library: FeedLibrary) async {
    do {
      guard let syncer = try syncer(context, store: library.store, now: library.now) else { return }
      _ = try await syncer.syncSubscriptions()
    } catch {
      context.warn(
        "the server was not told yet: \(String(describing: error).terminalSafe)",
        hint: "it is told at the next '\(context.appName) refresh'")
    }
  }

  nonisolated private static func syncer(
    _ context: CommandContext, store: FeedStore, now: @escaping @Sendable () -> Date
  ) throws -> FeedSyncer? {
    guard let config = try FeedSyncConfig.load(from: context.directories.config) else {
      return nil
    }
    let connection = FeedSyncConnection(
      environment: context.environment, userAgent: "\(context.appName)/\(appIdentity.version)")
    let client: GoogleReaderClient
    do {
      client = try connection.client(for: config)
    } catch let error as FeedSyncConnectionError {
      throw noPasswordError(
        URL(string: config.api)?.host ?? config.api, context, cause: error)
    }
    var syncer = FeedSyncer(
      store: store, client: client,
      state: FeedSyncStateStore(
        account: config.account, in: context.dataFolder.appendingPathComponent("sync")))
    syncer.now = now
    return syncer
  }

  nonisolated private static func noPasswordError(
    _ host: String, _ context: CommandContext, cause: FeedSyncConnectionError? = nil
  ) -> AppError {
    AppError(
      FeedSyncConnectionError.noPassword(host: host).description,
      hint: "add 'machine \(host.terminalSafe) login NAME password …' to ~/.netrc (chmod 600), "
        + "or give setup --user and --password-command",
      exitCode: .usage)
  }

  /// A setup that could not log in: nothing was saved.
  private static func setupError(_ error: any Error, _ context: CommandContext) -> AppError {
    var appError = syncError(error, context)
    appError.message = appError.message.replacingOccurrences(
      of: "the sync stopped: ", with: "could not set up sync: ")
    if appError.hint?.hasPrefix("run '") == true {
      appError.hint = "check the address and that the server answers; nothing was saved"
    }
    return appError
  }

  nonisolated private static func syncError(_ error: any Error, _ context: CommandContext)
    -> AppError
  {
    let again = "run '\(context.appName) refresh' again: what was done is kept"
    switch error {
    case let error as AppError: return error
    case let error as any AppErrorConvertible:
      var appError = error.appError
      appError.message = "the sync stopped: " + appError.message
      appError.hint = appError.hint ?? again
      return appError
    case let error as GoogleReaderError:
      if case .loginRefused = error {
        return AppError(
          error.description, hint: "check ~/.netrc or the password command", exitCode: .unavailable)
      }
      return AppError("the sync stopped: \(error)", hint: again, exitCode: .unavailable)
    default:
      return AppError("the sync stopped: \(error)", hint: again, exitCode: .unavailable)
    }
  }

  nonisolated private static func massDeletionError(
    _ refusal: FeedSyncMassDeletion, _ context: CommandContext
  )
    -> AppError
  {
    func sample(_ titles: [String]) -> String {
      let shown = titles.sorted().prefix(5).map(\.terminalSafe).joined(separator: ", ")
      return titles.count > 5 ? shown + " and \(titles.count - 5) more" : shown
    }
    var parts: [String] = []
    if !refusal.here.isEmpty {
      parts.append(
        "it would remove \(refusal.here.count) of the \(refusal.hereCount) feeds here, "
          + "unsubscribed on the server: " + sample(refusal.here))
    }
    if !refusal.there.isEmpty {
      parts.append(
        "it would unsubscribe \(refusal.there.count) of the \(refusal.thereCount) feeds on the "
          + "server, removed here: " + sample(refusal.there))
    }
    return AppError(
      "the sync stopped before changing anything: " + parts.joined(separator: "; "),
      hint: "if that is what you want, run '\(context.appName) refresh --force-delete'; if not, "
        + "check '\(context.appName) sync status' (another account?)",
      exitCode: .dataError)
  }
}
