internal import BlueprintFeedFormats
internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `feed add URL`: subscribes and reads the feed at once (see Docs/Apps/Feed.md for the
/// rule that turns what was typed into an address).
struct AddFeed: FeedCommand {
  static let configuration = CommandConfiguration(
    "add", summary: "Subscribe to a feed by URL, host and path, web page, or local file.",
    discussion:
      "The feed is read at once and the number of items said. A web page that names its feed (<link rel=\"alternate\">) subscribes to that feed. Without a scheme, an existing file of that name wins; otherwise text that starts with a host name (example.com/feed.xml, localhost:8080/rss) is fetched over https, or http for a loopback address. A feed whose fetch fails is added all the same (exit 69) unless --check is given or the scheme was assumed."
  )
  @Option("title", valueName: "title", help: "Show the feed under this title.") var title: String?
  @Option("folder", valueName: "name", help: "File it in this folder.") var folder: String?
  @Flag("check", help: "Add it only if it can be read now (a failed fetch adds nothing).")
  var check: Bool
  @Option(
    "feed-timeout", valueName: "seconds", help: "Stop a fetch after this long (default: 45).")
  var feedTimeout: Int?
  @Argument(
    "url", help: "The feed's URL, a web page, host/path, or a feed file.", completion: .file)
  var url: String

  func validate() throws(CommandLineError) {
    _ = try Duration.positiveSeconds(feedTimeout, for: "feed-timeout")
    _ = try FeedFolder.commandLineName(folder, for: "'--folder'")
  }

  func run(in app: FeedRun) async throws {
    var library = app.library
    if let deadline = try Duration.positiveSeconds(feedTimeout, for: "feed-timeout") {
      library.feedDeadline = deadline
    }
    let address: FeedLocation.Address
    do {
      address = try FeedLocation.address(
        from: url, currentDirectory: FileManager.default.currentDirectoryPath,
        fileExists: { FileManager.default.fileExists(atPath: $0) })
    } catch {
      throw AppError(
        error.description,
        hint:
          "a feed is an http, https or file URL, a host and path (example.com/feed.xml), or a path")
    }
    let title = self.title.map { $0.trimmingCharacters(in: .whitespaces) }
    let names = Names(
      title: title?.isEmpty == true ? nil : title,
      folder: try FeedFolder.commandLineName(folder, for: "'--folder'"))
    if address.url.isFileURL {
      try await Self.addFile(address.url, typed: url, names, app.context, library)
    } else {
      try await Self.addWeb(address, typed: url, names, strict: check, app.context, library)
    }
    await FeedPart.subscriptionsChanged(app.context, app.library)
  }

  /// A local file costs nothing to read: it must be a feed now, not at the next refresh.
  private static func addFile(
    _ url: URL, typed: String, _ names: Names, _ context: CommandContext,
    _ library: FeedLibrary
  ) async throws {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      throw AppError("no such file: \(url.path)", exitCode: .noInput)
    }
    if isFolder.boolValue {
      throw AppError("\(url.path) is a folder, not a feed file", exitCode: .noInput)
    }
    for warning in try await library.check(url, typed: typed) { context.warn(warning) }
    let feed = try subscribe(url, names, context, library)
    // Read it at once, as a refresh would, so `list` shows it fetched; its warnings
    // were given by the check above.
    let outcome = try await library.refresh([feed.id]).first?.outcome
    switch outcome {
    case .updated(_, let total)?:
      context.write("Read it now: \(items(total)).\n")
    case .failed(let reason)?:
      context.warn(
        "feed \(feed.id) was added but could not be read now: \(reason)",
        hint: "'\(context.appName) refresh \(feed.id)' tries again")
    case .notModified?, .skipped?, nil:
      context.write("Read it with: \(context.appName) refresh \(feed.id)\n")
    }
  }

  /// An http(s) address: fetched once; a web page that names its feed subscribes to
  /// that feed. A failed fetch keeps the subscription (exit 69) unless `strict` or the
  /// scheme was assumed: then nothing is added. A `404` or `410` adds nothing (exit 66):
  /// the address names nothing, as a mistyped one does.
  private static func addWeb(
    _ address: FeedLocation.Address, typed: String, _ names: Names, strict: Bool,
    _ context: CommandContext, _ library: FeedLibrary
  ) async throws {
    // A damaged subscription list is said before anything goes over the network.
    _ = try library.store.subscriptions()
    if address.assumedScheme != nil {
      context.write("No file '\(typed.terminalSafe)' here: trying \(echo(address.url))\n")
    }
    let refresher = library.refresher()
    let start = library.now()
    let found: FeedDiscovery
    do throws(FeedDiscoveryError) {
      found = try await refresher.discover(address.url)
    } catch {
      throw await failure(error, adding: address, typed: typed, strict: strict) {
        feed, underlying, error in
        await keep(
          feed, failure: underlying, error, since: start, names, context, library, refresher)
      }
    }
    try await subscribe(found, names, context, library, refresher)
  }

  /// Subscribes to `feed` although it could not be read now, keeping why: the error to
  /// throw (exit 69).
  private static func keep(
    _ feed: URL, failure: any Error, _ error: FeedDiscoveryError, since start: Date,
    _ names: Names, _ context: CommandContext, _ library: FeedLibrary,
    _ refresher: FeedRefresher
  ) async -> any Error {
    do {
      let subscription = try subscribe(feed, names, context, library)
      _ = await refresher.save(
        failure: failure, of: subscription, record: FeedRecord(), at: start)
      return AppError(
        "feed \(subscription.id) was added but could not be read now: "
          + error.description.terminalSafe,
        hint: "'\(context.appName) refresh \(subscription.id)' tries again",
        exitCode: .unavailable)
    } catch {
      return error
    }
  }

  /// What a failed discovery of `address` is to the user: nothing added (a `404`, a page
  /// that names no feed, `strict`, an assumed scheme), or the subscription kept by `keep`.
  private static func failure(
    _ error: FeedDiscoveryError, adding address: FeedLocation.Address, typed: String,
    strict: Bool, keep: (URL, any Error, FeedDiscoveryError) async -> any Error
  ) async -> any Error {
    let url = address.url
    switch error {
    case .fetchFailed(let failedURL, let underlying):
      if let status = goneStatus(underlying) {
        // The server says nothing is there: a mistyped address, not a server down.
        return AppError(
          "cannot add \(echo(failedURL)): \(error.description.terminalSafe)",
          hint: "nothing was added: the server has nothing at this address (\(status)); "
            + "check it for a typo, or give the address of the feed itself",
          exitCode: .noInput)
      }
      guard !strict, address.assumedScheme == nil else {
        return AppError(
          "cannot read \(echo(failedURL)): \(error.description.terminalSafe)",
          hint: address.assumedScheme != nil
            ? "nothing was added; there is no file '\(typed)' here either: give the whole address (https://… or http://…) or a file's path"
            : "nothing was added (--check); without it the feed is added and read at the next refresh",
          exitCode: .unavailable)
      }
      return await keep(failedURL, underlying, error)
    case .linkedFetchFailed(let page, let feedURL, let underlying):
      // The page was found: what failed is the feed it names (a stale link, a server
      // down), not the address typed.
      if goneStatus(underlying) != nil {
        return AppError(
          "cannot add \(echo(page)): \(error.description.terminalSafe)",
          hint: "nothing was added: the page's link to its feed is stale; give the "
            + "address of the RSS, Atom or JSON feed itself",
          exitCode: .noInput)
      }
      guard !strict, address.assumedScheme == nil else {
        return AppError(
          "cannot add \(echo(page)): \(error.description.terminalSafe)",
          hint: "nothing was added\(strict ? " (--check)" : ""); give the address of the RSS, "
            + "Atom or JSON feed itself, or try again later",
          exitCode: .unavailable)
      }
      return await keep(feedURL, underlying, error)
    case .notAFeed:
      return AppError(
        "cannot add \(echo(url)): \(error.description.terminalSafe)",
        hint:
          "nothing was added: it names no feed either (no <link rel=\"alternate\"> to RSS, Atom or JSON Feed); give the address of the feed itself",
        exitCode: .dataError)
    case .linkedNotAFeed:
      return AppError(
        "cannot add \(echo(url)): \(error.description.terminalSafe)",
        hint: "nothing was added; give the address of the RSS, Atom or JSON feed itself",
        exitCode: .dataError)
    }
  }

  /// Subscribes to the feed `found` names, saves what was fetched, and says what the page
  /// named besides.
  private static func subscribe(
    _ found: FeedDiscovery, _ names: Names, _ context: CommandContext, _ library: FeedLibrary,
    _ refresher: FeedRefresher
  ) async throws {
    if let page = found.page {
      context.write("\(echo(page)) is a web page; it names the feed \(echo(found.feedURL))\n")
    }
    let feed = try subscribe(found.feedURL, names, context, library)
    let result = await refresher.save(
      found.response, of: feed, record: FeedRecord(), fetchedAt: found.fetchedAt)
    for warning in result.warnings { context.warn(warning) }
    switch result.outcome {
    case .updated(_, let total):
      context.write("Read it now: \(items(total)).\n")
    case .failed(let reason):
      throw AppError(
        "feed \(feed.id) was added but could not be saved: \(reason)",
        hint: "'\(context.appName) refresh \(feed.id)' tries again",
        exitCode: result.saveFailed ? .ioError : .dataError)
    case .notModified, .skipped:
      context.write("Read it with: \(context.appName) refresh \(feed.id)\n")
    }
    guard !found.otherFeeds.isEmpty else { return }
    let count = found.otherFeeds.count
    context.write(
      "The page names \(count) other feed\(count == 1 ? "" : "s") too ('\(context.appName) add URL' adds one):\n"
    )
    for link in found.otherFeeds {
      let title = link.title.map { "  \($0.terminalSafe)" } ?? ""
      context.write("  \(echo(link.url))\(title)\n")
    }
  }

  /// `404 Not Found` or `410 Gone` when `error` is that answer: the address names
  /// nothing, so `add` subscribes to nothing. Other failures (a host unreachable, a
  /// `5xx`) may pass: the feed is added and read at the next refresh.
  private static func goneStatus(_ error: any Error) -> Int? {
    guard let status = (error as? APIError)?.statusCode, status == 404 || status == 410
    else { return nil }
    return status
  }

  /// What the user named the new subscription: its title and folder.
  private struct Names {
    var title: String?
    var folder: String?
  }

  /// Adds the subscription and says so.
  private static func subscribe(
    _ url: URL, _ names: Names, _ context: CommandContext, _ library: FeedLibrary
  ) throws -> Subscription {
    let feed: Subscription
    do {
      feed = try library.store.add(url, title: names.title, folder: names.folder)
    } catch FeedStoreError.alreadySubscribed(let existing) {
      throw AppError(
        "already subscribed to \(echo(existing.url)) (feed \(existing.id))",
        hint: "'\(context.appName) list' shows the feeds")
    } catch let error as FeedStoreError {
      throw AppError(error.description)
    }
    let place = names.folder.map { " in the folder \($0.terminalSafe)" } ?? ""
    context.write("Added feed \(feed.id)\(place): \(echo(url))\n")
    return feed
  }

  private static func items(_ count: Int) -> String { "\(count) item\(count == 1 ? "" : "s")" }

  /// A URL as a message shows it: sanitized, and cut after 200 characters.
  private static func echo(_ url: URL) -> String {
    let text = url.absoluteString
    return (text.count > 200 ? String(text.prefix(200)) + "…" : text).terminalSafe
  }
}
