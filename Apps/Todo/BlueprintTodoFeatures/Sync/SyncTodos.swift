internal import BlueprintTodoModel
internal import CoreBase
internal import CoreSync
internal import CoreTerminal
internal import Foundation

/// `todo sync`: the list and its CalDAV task list brought to the same state; `sync
/// setup` and `sync status` are its subcommands.
struct SyncTodos: TodoCommand {
  static let configuration = CommandConfiguration(
    "sync", summary: "Sync the list with a CalDAV task list (setup and status too).",
    discussion: """
      'sync' brings this list and the server's task list to the same state and says what
      it did. 'sync setup URL' finds the task lists from a server's address and, with
      --list NAME, picks that one or creates it. 'sync status' says where the list syncs,
      when it last did, and what waits to go out. Passwords come from ~/.netrc (mode
      0600) or a password command (setup's --user and --password-command), never from
      the command line; setup's options are kept for the next sync and the next setup.
      The first sync with a list merges both sides and deletes nothing; setting up
      another list starts a first sync with it. A sync that would delete every todo of
      a side, or more than half of more than 10, stops before changing anything unless
      given --force-delete. What a sync changed here is one step of 'undo'.
      """)
  static let subcommands: [any Command<TodoRun>.Type] = [SyncSetup.self, SyncStatus.self]
  @Flag("dry-run", short: "n", help: "Say what a sync would do; write nothing.") var dryRun: Bool
  @Flag("force-delete", help: "Sync even when it empties a side, or most of one.")
  var forceDelete: Bool

  /// Syncs the list with the server's task list and writes what was done: `sent 3,
  /// received 5, merged 1, deleted 2`, then one line per field both sides had changed,
  /// naming the value it replaced.
  ///
  /// - Throws: `AppError` (exit 69) when the server or the connection fails midway
  ///   (what was done is kept; the next sync goes on from there); `AppError` (exit 65)
  ///   when it would delete most of a side (without `--force-delete`), nothing changed;
  ///   `PersistenceError`.
  func run(in app: TodoRun) async throws {
    let (store, context) = (app.store, app.context)
    let config = try TodoSyncConfig.setUp(in: context.directories.config)
    let connector = SyncConnection.connector(for: context)
    let server = URL(string: config.server) ?? URL(fileURLWithPath: "/")
    let state = try store.syncState(for: config)
    var engine = SyncEngine(
      remote: try connector.remote(for: config), adapter: TodoSyncAdapter(store: store),
      state: state)
    engine.allowsMassDeletion = forceDelete
    // On a terminal, a long sync shows its counts on stderr, erased before the report.
    let progress = context.progressLine()
    progress.update("syncing")
    engine.onProgress = { counts in
      progress.update(
        "syncing · \(counts.requests) request\(counts.requests == 1 ? "" : "s") · "
          + "\(counts.received) received · \(counts.sent) sent")
    }
    let result: SyncResult
    do {
      result = try await progress.during { try await engine.sync(dryRun: dryRun) }
    } catch {
      throw Self.stopped(error, store: store) {
        connector.accessHint(for: $0, at: server, access: config.access)
      }
    }
    context.write(Self.report(result))
    for (href, reason) in result.skipped.sorted(by: { $0.key < $1.key }) {
      context.warn(
        "skipped \(href.terminalSafe): \(reason.terminalSafe)",
        hint: "it is tried again at the next sync")
    }
  }

  /// What a sync that stopped throws: the refusal of a mass deletion, the store's and
  /// the list's own errors as they are, anything else as "the sync stopped" with how
  /// to go on (`accessHint` for a refused password).
  private static func stopped(
    _ error: any Error, store: TodoStore, accessHint: (any Error) -> String?
  ) -> any Error {
    switch error {
    case let refusal as SyncMassDeletion: return massDeletionError(refusal, store: store)
    case is PersistenceError, is TodoError: return error
    case let error as any AppErrorConvertible:
      var appError = error.appError
      appError.message = "the sync stopped: " + appError.message
      appError.hint =
        accessHint(error) ?? "run '\(appIdentity.name) sync' again: what was done is kept"
      return appError
    default:
      return AppError(
        "the sync stopped: \(error)",
        hint: "run '\(appIdentity.name) sync' again: what was done is kept",
        exitCode: .unavailable)
    }
  }

  /// The report of a sync, one line each: the counts, each conflict, what is left.
  private static func report(_ result: SyncResult) -> String {
    var lines = [result.description + (result.isDryRun ? " (dry run: nothing written)" : "")]
    for conflict in result.conflicts {
      let side = conflict.keptLocal ? "this list's" : "the server's"
      lines.append(
        "conflict in todo \(conflict.localID), \(conflict.field): kept \(side) "
          + "\(quoted(conflict.kept)), replaced \(quoted(conflict.replaced))")
    }
    if result.retryNextTime > 0 {
      lines.append(
        "\(result.retryNextTime) changed on the server during the sync: "
          + "run '\(appIdentity.name) sync' again")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The refusal of a sync that would delete most of a side: what it would delete, by
  /// title, and how to go on.
  private static func massDeletionError(_ refusal: SyncMassDeletion, store: TodoStore) -> AppError {
    var lines: [String] = []
    if refusal.isLocal {
      let items = (try? store.load().items) ?? []
      let titles = Dictionary(
        items.map { (String($0.id), $0.title) }, uniquingKeysWith: { first, _ in first })
      let ids = refusal.localIDs.sorted { (Int($0) ?? 0, $0) < (Int($1) ?? 0, $1) }
      let named = ids.map { id in titles[id].map { "\(id) \($0)" } ?? id }
      lines.append(
        "it would delete \(refusal.localIDs.count) of the \(refusal.localCount) todos here, "
          + "deleted on the server: " + sample(named))
    }
    if refusal.isRemote {
      let named = refusal.remoteRecords.map { $0["title"] ?? "(no title)" }.sorted()
      lines.append(
        "it would delete \(refusal.remoteRecords.count) of the \(refusal.remoteCount) todos "
          + "on the server, deleted here: " + sample(named))
    }
    return AppError(
      "the sync stopped before changing anything: " + lines.joined(separator: "; "),
      hint: "if that is what you want, run '\(appIdentity.name) sync --force-delete'; "
        + "if not, check 'sync status' (a wrong list?), or 'undo' what emptied the list here",
      exitCode: .dataError)
  }

  /// Up to five names, then how many more.
  private static func sample(_ names: [String]) -> String {
    let shown = names.prefix(5).map { $0.terminalSafe }.joined(separator: ", ")
    return names.count > 5 ? shown + " and \(names.count - 5) more" : shown
  }

  private static func quoted(_ value: String?) -> String {
    guard let value else { return "(none)" }
    return "'" + value.replacingOccurrences(of: "\n", with: ", ").terminalSafe + "'"
  }
}
