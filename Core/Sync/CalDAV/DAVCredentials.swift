import CoreBase
public import Foundation

/// A user name and password for HTTP Basic authentication, kept in memory only.
///
/// Its description never shows the password, so logging or interpolating a value is
/// safe. Read one with ``DAVCredentialSource``.
public struct DAVCredentials: Sendable, Equatable, CustomStringConvertible {
  /// The user name.
  public var user: String
  /// The password.
  public var password: String

  /// Creates credentials.
  ///
  /// - Parameters:
  ///   - user: The user name.
  ///   - password: The password.
  public init(user: String, password: String) {
    self.user = user
    self.password = password
  }

  /// `user (password hidden)`.
  public var description: String { "\(user) (password hidden)" }

  /// The `Authorization` header value.
  var basicAuthorization: String {
    "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
  }

  /// Whether a password may be sent to `url` without TLS: only to this machine.
  static func mayTravelInClear(to url: URL) -> Bool {
    guard url.scheme?.lowercased() == "http" else { return true }
    guard var host = url.host?.lowercased() else { return false }
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host == "localhost" || host == "::1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127"
      && parts.allSatisfy { part in Int(part).map { (0...255).contains($0) } ?? false }
  }
}

/// Where the CalDAV client's credentials come from: never the command line, never a
/// file the app writes.
///
/// ```swift
/// let source = DAVCredentialSource.netrc()                        // ~/.netrc, mode 0600
/// let source = DAVCredentialSource.passwordCommand(
///   user: "alice", command: ["pass", "show", "caldav"])           // first line of stdout
/// let credentials = try source.credentials(for: url)
/// ```
public enum DAVCredentialSource: Sendable, Equatable {
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
  /// - Throws: ``DAVError``.
  public func credentials(for url: URL) throws -> DAVCredentials? {
    switch self {
    case .none:
      return nil
    case .netrc(let path):
      let file = path ?? Self.defaultNetrcPath()
      return try Netrc.credentials(in: file, host: url.host ?? "")
    case .passwordCommand(let user, let command):
      return DAVCredentials(user: user, password: try PasswordCommand.run(command))
    }
  }

  /// `$HOME/.netrc`.
  static func defaultNetrcPath() -> String {
    let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    return (home ?? NSHomeDirectory()) + "/.netrc"
  }
}
