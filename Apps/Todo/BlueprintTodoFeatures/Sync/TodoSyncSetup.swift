package import CoreBase
package import CoreSync
package import Foundation

/// Where todo syncs: kept in the app's config folder as `todo-sync.json`
/// (`$XDG_CONFIG_HOME/blueprint/todo-sync.json`). Holds no credentials.
package struct TodoSyncConfig: Codable, Hashable, Sendable {
  /// The address given to `todo sync setup`.
  package var server: String
  /// The task list's address (a CalDAV calendar collection).
  package var list: String
  /// The task list's name on the server, if it has one.
  package var listName: String?
  /// The user name sent with a password from ``passwordCommand`` (without one, the
  /// user and password come from `~/.netrc`).
  package var user: String?
  /// A command whose first line of output is the password, run with `/bin/sh -c`
  /// (e.g. `pass show caldav`); `nil` to read `~/.netrc`.
  package var passwordCommand: String?
  /// A PEM file of the certificate authority a private server's certificate comes from.
  package var caFile: String?

  /// Creates a configuration.
  package init(server: String, list: String, listName: String? = nil) {
    self.server = server
    self.list = list
    self.listName = listName
  }

  /// How the server is reached: the user, the password command and the CA file.
  package var access: TodoSyncAccess {
    get { TodoSyncAccess(user: user, passwordCommand: passwordCommand, caFile: caFile) }
    set {
      user = newValue.user
      passwordCommand = newValue.passwordCommand
      caFile = newValue.caFile
    }
  }

  /// The store key: the file is `todo-sync.json`.
  package static let storeKey = "todo-sync"

  /// The schema's versions.
  package static let migrations = Migrations<TodoSyncConfig>(currentVersion: 1)

  /// The configuration stored in `configFolder`, or `nil` before setup.
  package static func load(from configFolder: URL) throws -> TodoSyncConfig? {
    try FileKeyValueStore(directory: configFolder).value(forKey: storeKey, migrations: migrations)
  }

  /// Stores this configuration in `configFolder`.
  package func save(to configFolder: URL) throws {
    try FileKeyValueStore(directory: configFolder).set(
      self, forKey: Self.storeKey, migrations: Self.migrations)
  }
}

/// How todo reaches the server, besides its address: never a password itself.
///
/// Given to `todo sync setup` (`--user`, `--password-command`, `--ca-file`) or written in
/// `todo-sync.json`; without a password command the user and password come from
/// `~/.netrc`.
package struct TodoSyncAccess: Hashable, Sendable {
  /// The user name sent with the password that ``passwordCommand`` prints.
  package var user: String?
  /// A command whose first line of output is the password, run with `/bin/sh -c`.
  package var passwordCommand: String?
  /// A PEM file of the certificate authority a private server's certificate comes from.
  package var caFile: String?

  /// Creates the settings; all `nil` reads `~/.netrc` and trusts the system's authorities.
  package init(user: String? = nil, passwordCommand: String? = nil, caFile: String? = nil) {
    self.user = user
    self.passwordCommand = passwordCommand
    self.caFile = caFile
  }

  /// These settings, each replaced by `other`'s where `other` has one.
  package func overridden(by other: TodoSyncAccess) -> TodoSyncAccess {
    TodoSyncAccess(
      user: other.user ?? user, passwordCommand: other.passwordCommand ?? passwordCommand,
      caFile: other.caFile ?? caFile)
  }
}

/// A task list a server offers.
package struct TodoSyncList: Hashable, Sendable {
  /// Its address.
  package var url: String
  /// Its name, if it has one.
  package var name: String?

  /// Creates a list description.
  package init(url: String, name: String?) {
    self.url = url
    self.name = name
  }
}

/// How todo reaches a sync server: the seam between the commands and the network.
///
/// The `todo` executable gives the CalDAV one; tests give one on Core's in-memory
/// remote. Credentials are the connector's business (`~/.netrc`, a password command),
/// never the command line's.
package protocol TodoSyncConnector: Sendable {
  /// The task list `config` names, as the sync engine's remote.
  func remote(for config: TodoSyncConfig) throws -> any SyncRemote
  /// The task lists found from `url` (a server's base, a principal, a home or a list),
  /// reached with `access`.
  func lists(at url: URL, access: TodoSyncAccess) async throws -> [TodoSyncList]
  /// Creates a task list named `name` on the server found from `url`, reached with
  /// `access`.
  func createList(named name: String, at url: URL, access: TodoSyncAccess) async throws
    -> TodoSyncList
  /// The last segment of the address ``createList(named:at:access:)`` gives a list
  /// named `name`.
  func addressSegment(forListNamed name: String) -> String
  /// Where the password for `url` comes from with `access` (`~/.netrc`, the password
  /// command), or `nil` when none is found; never the password itself.
  func passwordSource(for url: URL, access: TodoSyncAccess) -> String?
}
