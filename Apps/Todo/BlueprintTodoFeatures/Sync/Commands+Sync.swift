internal import BlueprintTodoModel
internal import CoreBase
package import CoreSync
package import CoreTerminal
package import Foundation

/// `todo sync`: the list and one server task list brought to the same state.
extension TodoCommands {
  /// Syncs `store` with `remote` and writes what was done: `sent 3, received 5,
  /// merged 1, deleted 2`, then one line per field both sides had changed, naming the
  /// value it replaced.
  ///
  /// - Parameters:
  ///   - store: The list.
  ///   - state: The sync state with `remote` (``TodoStore/syncState(for:)``).
  ///   - remote: The server's task list.
  ///   - dryRun: Say what would be done and write nothing anywhere.
  ///   - forceDelete: Let the sync delete every item of a side, or most of a large one
  ///     (otherwise it stops first, ``SyncMassDeletion``).
  ///   - context: Where the report goes.
  ///   - accessHint: The hint for a failure, when it is about the password.
  ///   - now: The clock.
  /// - Returns: The engine's result.
  /// - Throws: `AppError` (exit 69) when the server or the connection fails midway
  ///   (what was done is kept; the next sync goes on from there); `AppError` (exit 65)
  ///   when it would delete most of a side, nothing changed; `PersistenceError`.
  @discardableResult
  package static func sync(
    store: TodoStore, state: SyncStateStore, remote: any SyncRemote, dryRun: Bool,
    forceDelete: Bool = false, context: CommandContext,
    accessHint: @Sendable (any Error) -> String? = { _ in nil },
    now: @escaping @Sendable () -> Date = { Date() }
  ) async throws -> SyncResult {
    var engine = SyncEngine(
      remote: remote, adapter: TodoSyncAdapter(store: store), state: state, now: now)
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
    } catch let refusal as SyncMassDeletion {
      throw massDeletionError(refusal, store: store)
    } catch let error as PersistenceError {
      throw error
    } catch let error as TodoError {
      throw error
    } catch let error as any AppErrorConvertible {
      var appError = error.appError
      appError.message = "the sync stopped: " + appError.message
      appError.hint =
        accessHint(error) ?? "run '\(appIdentity.name) sync' again: what was done is kept"
      throw appError
    } catch {
      throw AppError(
        "the sync stopped: \(error)",
        hint: "run '\(appIdentity.name) sync' again: what was done is kept",
        exitCode: .unavailable)
    }
    context.write(syncReport(result))
    for (href, reason) in result.skipped.sorted(by: { $0.key < $1.key }) {
      context.warn(
        "skipped \(href.terminalSafe): \(reason.terminalSafe)",
        hint: "it is tried again at the next sync")
    }
    return result
  }

  /// The report of a sync, one line each: the counts, each conflict, what is left.
  package static func syncReport(_ result: SyncResult) -> String {
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
  static func massDeletionError(_ refusal: SyncMassDeletion, store: TodoStore) -> AppError {
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

// MARK: - setup and status

extension TodoCommands {
  /// The interactive list's sync, when sync is set up and this build can reach a
  /// server; the last sync's time is read once, here.
  static func listSync(
    store: TodoStore, context: CommandContext, connector: (any TodoSyncConnector)?
  ) throws -> TodoListSync? {
    guard let connector, let config = try TodoSyncConfig.load(from: context.directories.config)
    else { return nil }
    let remote = try connector.remote(for: config)
    let state = try store.syncState(for: config)
    return TodoListSync(lastSync: try state.load().lastSync) {
      try await SyncEngine(remote: remote, adapter: TodoSyncAdapter(store: store), state: state)
        .sync()
    }
  }

  static var notSetUp: AppError {
    AppError(
      "sync is not set up",
      hint: "run '\(appIdentity.name) sync setup URL' with your CalDAV server's address")
  }

  /// How setup reaches the server: the access of the configuration already in
  /// `configFolder` (so a new setup keeps it), each setting replaced by its option when
  /// given. A password command needs a user; a CA file must be a readable file.
  static func accessOptions(_ given: TodoSyncAccess, configFolder: URL) throws
    -> TodoSyncAccess
  {
    let earlier = (try? TodoSyncConfig.load(from: configFolder))?.access ?? TodoSyncAccess()
    var given = given
    if let file = given.caFile {
      let path = URL(fileURLWithPath: file).standardizedFileURL.path
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
        !isFolder.boolValue, FileManager.default.isReadableFile(atPath: path)
      else {
        throw AppError(
          "cannot read the CA file \(path.terminalSafe)",
          hint: "give --ca-file the PEM file of your server's certificate authority",
          exitCode: .noInput)
      }
      given.caFile = path
    }
    let access = earlier.overridden(by: given)
    if access.passwordCommand != nil, access.user == nil {
      throw AppError(
        "--password-command needs --user",
        hint: "e.g. \(appIdentity.name) sync setup URL --user ada --password-command 'pass dav'")
    }
    return access
  }

  static func setup(
    url: URL, listName: String?, access: TodoSyncAccess, connector: any TodoSyncConnector,
    configFolder: URL, context: CommandContext
  ) async throws {
    func configuration(list: String, name: String?) -> TodoSyncConfig {
      var config = TodoSyncConfig(server: url.absoluteString, list: list, listName: name)
      config.access = access
      return config
    }
    let lists: [TodoSyncList]
    do {
      lists = try await connector.lists(at: url, access: access)
    } catch {
      throw withAccessHint(error, at: url, access: access, connector)
    }
    guard let listName else {
      guard !lists.isEmpty else {
        context.write("no task lists at \(url.absoluteString.terminalSafe)\n")
        context.write("create one with: \(appIdentity.name) sync setup URL --list NAME\n")
        return
      }
      for list in lists {
        context.write("\((list.name ?? "(no name)").terminalSafe)  \(list.url.terminalSafe)\n")
      }
      if lists.count == 1 {
        try configuration(list: lists[0].url, name: lists[0].name).save(to: configFolder)
        context.write("syncing with \((lists[0].name ?? lists[0].url).terminalSafe)\n")
      } else {
        context.write("pick one with: \(appIdentity.name) sync setup URL --list NAME\n")
      }
      return
    }
    let list: TodoSyncList
    if let found = try matchingList(listName, in: lists) {
      list = found
    } else {
      do {
        list = try await connector.createList(named: listName, at: url, access: access)
      } catch let error as APIError {
        // Something is at the list's address already: 409 (Radicale) or 405.
        guard case .unacceptableStatus(let code, _, _) = error, code == 409 || code == 405 else {
          throw withAccessHint(error, at: url, access: access, connector)
        }
        throw listExists(named: listName, lists: lists, connector: connector)
      } catch {
        throw withAccessHint(error, at: url, access: access, connector)
      }
    }
    try configuration(list: list.url, name: list.name ?? listName).save(to: configFolder)
    context.write(
      "syncing with \((list.name ?? listName).terminalSafe)  \(list.url.terminalSafe)\n")
  }

  /// The list named `name`: the one named exactly so (or at that address), else the
  /// one whose name differs only in case, when exactly one does.
  ///
  /// - Throws: `AppError` (64) when several differ only in case.
  private static func matchingList(_ name: String, in lists: [TodoSyncList]) throws
    -> TodoSyncList?
  {
    if let exact = lists.first(where: { $0.name == name || $0.url == name }) { return exact }
    let folded = lists.filter { $0.name?.caseInsensitiveCompare(name) == .orderedSame }
    guard folded.count > 1 else { return folded.first }
    throw AppError(
      "several task lists are named '\(name.terminalSafe)' in other cases: "
        + folded.map { "'\(($0.name ?? "").terminalSafe)'" }.joined(separator: ", "),
      hint: "give the name exactly as the server has it, e.g. --list "
        + "'\((folded[0].name ?? "").terminalSafe)'")
  }

  /// The error for a list the server refused to create (409, 405) because something already
  /// is at its address: that list, named, and how to use it.
  private static func listExists(
    named name: String, lists: [TodoSyncList], connector: any TodoSyncConnector
  ) -> AppError {
    let segment = connector.addressSegment(forListNamed: name)
    let taken = lists.first { URL(string: $0.url)?.lastPathComponent == segment }
    guard let taken else {
      return AppError(
        "the server already has something at '\(segment.terminalSafe)/' that is not a task "
          + "list, so a list named '\(name.terminalSafe)' cannot be made there",
        hint: "choose another name with --list", exitCode: .unavailable)
    }
    let other = taken.name.map { "'\($0.terminalSafe)'" } ?? "a list with no name"
    return AppError(
      "a task list already exists at \(taken.url.terminalSafe): \(other)",
      hint: "to sync with it: \(appIdentity.name) sync setup URL --list "
        + (taken.name.map { "'\($0.terminalSafe)'" } ?? taken.url.terminalSafe),
      exitCode: .unavailable)
  }

  /// How to give the server a user and password, when `error` is its 401 or 403: that
  /// no password was found, or that the one found was refused.
  static func accessHint(
    for error: any Error, at url: URL, access: TodoSyncAccess,
    _ connector: any TodoSyncConnector
  ) -> String? {
    guard case .unacceptableStatus(let code, _, _)? = error as? APIError, code == 401 || code == 403
    else { return nil }
    let host = (url.host ?? url.absoluteString).terminalSafe
    let name = appIdentity.name
    guard let source = connector.passwordSource(for: url, access: access) else {
      let user = access.user?.terminalSafe
      return "no password was found for "
        + (user.map { "\($0) at \(host)" } ?? host)
        + ", in ~/.netrc or from a password command: add 'machine \(host) login "
        + (user ?? "NAME") + " password …' to ~/.netrc (chmod 600), or run '\(name) sync setup "
        + "URL --user \(user ?? "NAME") --password-command CMD'"
    }
    return "the server refused the password for \(access.user?.terminalSafe ?? "you") "
      + "from \(source): check it there, or run '\(name) sync setup URL --user NAME'"
  }

  /// `error` with ``accessHint(for:at:access:_:)`` as its hint, when it has one.
  private static func withAccessHint(
    _ error: any Error, at url: URL, access: TodoSyncAccess, _ connector: any TodoSyncConnector
  ) -> any Error {
    guard let hint = accessHint(for: error, at: url, access: access, connector),
      let convertible = error as? any AppErrorConvertible
    else { return error }
    var appError = convertible.appError
    appError.hint = hint
    return appError
  }

  static func status(store: TodoStore, configFolder: URL, context: CommandContext) throws {
    guard let config = try TodoSyncConfig.load(from: configFolder) else { throw notSetUp }
    let state = try store.syncState(for: config).load()
    let items = try store.load().items
    let records = Dictionary(
      items.map { (String($0.id), $0.syncRecord) }, uniquingKeysWith: { first, _ in first })
    var waiting = 0
    var known = Set<String>()
    for entry in state.entries.values {
      guard let id = entry.localID else { continue }
      known.insert(id)
      if entry.isPendingCreate || records[id] != entry.base { waiting += 1 }
    }
    waiting += records.keys.count { !known.contains($0) }
    let last = state.lastSync.map { ICalendarDateTime.utcText($0) } ?? "never"
    context.write(
      """
      list: \((config.listName ?? "(no name)").terminalSafe)  \(config.list.terminalSafe)
      last sync: \(last == "never" ? last : isoTime(state.lastSync))
      waiting to go out: \(waiting)

      """)
  }

  private static func isoTime(_ date: Date?) -> String {
    guard let date else { return "never" }
    return TodoItem.timestamp(Int(date.timeIntervalSince1970.rounded(.down)))
  }
}
