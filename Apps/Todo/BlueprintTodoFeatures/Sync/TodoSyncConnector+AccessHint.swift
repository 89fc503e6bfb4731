internal import CoreBase
internal import CoreTerminal
internal import Foundation

extension TodoSyncConnector {
  /// How to give the server a user and password, when `error` is its 401 or 403: that
  /// no password was found, or that the one found was refused. `sync` and `sync setup`
  /// give it as the hint of such a failure.
  ///
  /// - Parameters:
  ///   - error: What the server or the connection threw.
  ///   - url: The server's address.
  ///   - access: The user and password command the connector was given.
  /// - Returns: The hint, or `nil` when `error` is not about the password.
  func accessHint(for error: any Error, at url: URL, access: TodoSyncAccess) -> String? {
    guard case .unacceptableStatus(let code, _, _)? = error as? APIError, code == 401 || code == 403
    else { return nil }
    let host = (url.host ?? url.absoluteString).terminalSafe
    let name = appIdentity.name
    guard let source = passwordSource(for: url, access: access) else {
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
}
