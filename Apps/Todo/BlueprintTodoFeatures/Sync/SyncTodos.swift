internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `todo sync`: the list and its CalDAV task list brought to the same state; `sync
/// setup` and `sync status` are its subcommands.
enum SyncTodos: TodoCommand {
  static let dryRun = Flag("dry-run", short: "n", help: "Say what a sync would do; write nothing.")
  static let forceDelete = Flag(
    "force-delete", help: "Sync even when it empties a side, or most of one.")
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
      """,
    options: [dryRun, forceDelete])
  static let subcommands: [any Command<TodoRun>.Type] = [SyncSetup.self, SyncStatus.self]

  @MainActor
  static func run(_ sync: Invocation<Self>, in run: TodoRun) async throws {
    guard let config = try TodoSyncConfig.load(from: run.context.directories.config) else {
      throw TodoCommands.notSetUp
    }
    let connector = SyncConnection.connector(for: run.context)
    let server = URL(string: config.server) ?? URL(fileURLWithPath: "/")
    try await TodoCommands.sync(
      store: run.store, state: try run.store.syncState(for: config),
      remote: try connector.remote(for: config), dryRun: sync[\.dryRun],
      forceDelete: sync[\.forceDelete], context: run.context,
      accessHint: {
        TodoCommands.accessHint(for: $0, at: server, access: config.access, connector)
      })
  }
}

/// `todo sync setup URL [--list NAME]`: finds the server's task lists, picks or
/// creates one, and keeps how to reach it.
enum SyncSetup: TodoCommand {
  static let list = Option<String?>(
    "list", valueName: "name", help: "The task list to use or create.")
  static let user = Option<String?>(
    "user", valueName: "name",
    help: "The user to log in as (its password: ~/.netrc or a command).")
  static let passwordCommand = Option<String?>(
    "password-command", valueName: "command",
    help: "A command that prints the password (e.g. 'pass show dav').")
  static let caFile = Option<String?>(
    "ca-file", valueName: "file",
    help: "The PEM file of a private server's certificate authority."
  ).completing(.file)
  static let url = Argument<String>("url", help: "The server's address.")
  static let configuration = CommandConfiguration(
    "setup", summary: "Find a server's task lists; with --list, use or create one.",
    options: [list, user, passwordCommand, caFile], arguments: [url])

  @MainActor
  static func run(_ setup: Invocation<Self>, in run: TodoRun) async throws {
    let text = try setup[\.url]
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host?.isEmpty == false
    else {
      let example = text.contains("://") ? "https://dav.example.com/" : "https://\(text)"
      throw AppError(
        "'\(text.terminalSafe)' is not a server's http or https address",
        hint: "e.g. \(appIdentity.name) sync setup \(example.terminalSafe)")
    }
    let configFolder = run.context.directories.config
    let given = TodoSyncAccess(
      user: try setup[\.user], passwordCommand: try setup[\.passwordCommand],
      caFile: try setup[\.caFile])
    let access = try TodoCommands.accessOptions(given, configFolder: configFolder)
    try await TodoCommands.setup(
      url: url, listName: try setup[\.list], access: access,
      connector: SyncConnection.connector(for: run.context), configFolder: configFolder,
      context: run.context)
  }
}

/// `todo sync status`: where the list syncs, when it last did, what waits to go out.
enum SyncStatus: TodoCommand {
  static let configuration = CommandConfiguration(
    "status", summary: "Say where the list syncs, when it last did, and what waits to go out.")

  @MainActor
  static func run(_ status: Invocation<Self>, in run: TodoRun) async throws {
    try TodoCommands.status(
      store: run.store, configFolder: run.context.directories.config, context: run.context)
  }
}
