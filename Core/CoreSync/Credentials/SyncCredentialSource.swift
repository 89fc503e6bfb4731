import CoreBase
public import Foundation

/// Where a sync client's credentials come from: never the command line, never a file
/// the app writes. Shared by every syncing app (todo's CalDAV, feed's Google Reader).
///
/// <!-- doc-test: skip a fragment: `url` comes from its surroundings -->
/// ```swift
/// let source = SyncCredentialSource.netrc()                       // ~/.netrc, mode 0600
/// let source = SyncCredentialSource.passwordCommand(
///   user: "alice", command: ["pass", "show", "caldav"])           // first line of stdout
/// let credentials = try source.credentials(for: url)
/// ```
public enum SyncCredentialSource: Sendable, Equatable {
  /// No credentials (a server that needs none).
  case none
  /// The `machine` entry for the server's host in a netrc file (`default` when none
  /// matches): `~/.netrc` unless `path` names another. The file is refused unless only
  /// its owner can read it (mode `0600` or `0400`).
  case netrc(path: String? = nil)
  /// A fixed user name and a password printed by a command, as vdirsyncer's
  /// `password.fetch = ["command", …]`: the command (program and arguments, no shell)
  /// runs with the app's standard input and error, and the first line of its standard
  /// output is the password.
  case passwordCommand(user: String, command: [String])

  /// The credentials for `url`'s host, or `nil` when the source has none for it.
  ///
  /// - Parameter url: The server's address.
  /// - Returns: The credentials, or `nil`.
  /// - Throws: ``SyncCredentialError``.
  public func credentials(for url: URL) throws(SyncCredentialError) -> SyncCredentials? {
    switch self {
    case .none:
      return nil
    case .netrc(let path):
      let file = path ?? Self.defaultNetrcPath()
      return try Netrc.credentials(in: file, host: url.host ?? "")
    case .passwordCommand(let user, let command):
      return SyncCredentials(user: user, password: try PasswordCommand.run(command))
    }
  }

  /// `$HOME/.netrc`.
  static func defaultNetrcPath() -> String {
    let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    return (home ?? NSHomeDirectory()) + "/.netrc"
  }
}
