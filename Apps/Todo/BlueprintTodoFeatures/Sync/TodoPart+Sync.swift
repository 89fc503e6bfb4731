internal import BlueprintTodoModel
internal import CoreBase
internal import CoreSync
package import CoreTerminal

extension TodoPart {
  /// `todo sync` (with `sync setup` and `sync status`) with a CalDAV task list, and
  /// the list screen's `s` key.
  ///
  /// - Returns: The part.
  static func sync() -> TodoPart {
    let name = appIdentity.name
    let folder = "\(appIdentity.family)/\(appIdentity.name)"
    return TodoPart(
      name: "sync", commands: [SyncTodos.self],
      files: [
        .init(
          "$XDG_DATA_HOME/\(folder)/sync/",
          "What '\(name) sync' remembers: per item its address on the server, its version and "
            + "the version both sides last agreed on; no credentials."),
        .init(
          "$XDG_CONFIG_HOME/\(appIdentity.family)/\(TodoSyncConfig.storeKey).json",
          "Where '\(name) sync' syncs: the server and the task list, written by '\(name) sync setup'."
        ),
      ],
      listSync: { store, context in
        try listSync(
          store: store, context: context, connector: SyncConnection.connector(for: context))
          ?? .notSetUp
      })
  }

  /// The interactive list's sync, when sync is set up and this build can reach a
  /// server; the last sync's time is read once, here.
  private static func listSync(
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
}

/// How the sync commands reach the server: Core's CalDAV client, or the connector a
/// test gives for the run (``TodoCommands/run(_:in:connector:)``).
enum SyncConnection {
  /// The connector given for this task, in place of the CalDAV client.
  @TaskLocal static var given: (any TodoSyncConnector)?

  /// The connector for a command run in `context`.
  static func connector(for context: CommandContext) -> any TodoSyncConnector {
    given
      ?? TodoCalDAVConnector(
        configFolder: context.directories.config, environment: context.environment)
  }
}

extension TodoCommands {
  /// Runs `command` with `connector` as sync's way to the server.
  @MainActor
  package static func run(
    _ command: ParsedCommand, in context: CommandContext, connector: any TodoSyncConnector
  ) async throws {
    try await SyncConnection.$given.withValue(connector) {
      try await run(command, in: context)
    }
  }
}
