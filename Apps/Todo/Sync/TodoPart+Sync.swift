internal import BlueprintTodoModel
internal import CoreBase
internal import CoreSync
package import CoreTerminal

extension TodoPart {
  /// `todo sync` with a CalDAV task list, and the list screen's `s` key.
  ///
  /// - Parameter connector: How it reaches the server, made from the command's
  ///   context: by default Core's CalDAV client (tests give one on an in-memory remote).
  /// - Returns: The part.
  static func sync(
    connector: @escaping @Sendable (CommandContext) -> any TodoSyncConnector = {
      TodoCalDAVConnector(configFolder: $0.directories.config, environment: $0.environment)
    }
  ) -> TodoPart {
    let name = appIdentity.name
    let folder = "\(appIdentity.family)/\(appIdentity.name)"
    return TodoPart(
      name: "sync", commands: [TodoCommands.syncSpec],
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
      run: { command, store, context in
        try await TodoCommands.syncCommand(command, store, context, connector: connector(context))
      },
      listSync: { store, context in
        try TodoCommands.listSync(store: store, context: context, connector: connector(context))
          ?? .notSetUp
      })
  }
}

extension TodoCommands {
  /// Runs `command` with `connector` as sync's way to the server.
  @MainActor
  package static func run(
    _ command: ParsedCommand, in context: CommandContext, connector: any TodoSyncConnector
  ) async throws {
    try await run(
      command, in: context,
      parts: parts.map { $0.name == "sync" ? .sync(connector: { _ in connector }) : $0 })
  }
}

extension TodoCommands.Key {
  // sync
  static let dryRun = Flag(
    "dry-run", short: "n", help: "Say what a sync would do; write nothing.")
  static let forceDelete = Flag(
    "force-delete",
    help: "Sync even when it empties a side, or most of one.")
  static let list = Option<String?>(
    "list", valueName: "name", help: "With setup: the task list to use or create.")
  static let user = Option<String?>(
    "user", valueName: "name",
    help: "With setup: the user to log in as (its password: ~/.netrc or a command).")
  static let passwordCommand = Option<String?>(
    "password-command", valueName: "command",
    help: "With setup: a command that prints the password (e.g. 'pass show dav').")
  static let caFile = Option<String?>(
    "ca-file", valueName: "file",
    help: "With setup: the PEM file of a private server's certificate authority."
  ).completing(.file)
  static let action = Argument<String?>("action", help: "setup or status (none: sync).")
  static let url = Argument<String?>("url", help: "With setup: the server's address.")

}
