import CoreBase
public import Foundation

/// A user name and password for a sync server, kept in memory only: HTTP Basic for
/// CalDAV, a login form for the Google Reader API.
///
/// Its description never shows the password, so logging or interpolating a value is
/// safe. Read one with ``SyncCredentialSource``.
public struct SyncCredentials: Sendable, Equatable, CustomStringConvertible {
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

  /// The `Authorization` header value of HTTP Basic authentication.
  public var basicAuthorization: String {
    "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
  }

  /// Whether a password (or a token that stands for one) may be sent to `url`: over
  /// TLS to any host, over plain `http://` only to this machine (`localhost`,
  /// `127.0.0.0/8`, `::1`).
  ///
  /// - Parameter url: Where it would go.
  /// - Returns: Whether it may go there.
  public static func mayTravelInClear(to url: URL) -> Bool {
    guard url.scheme?.lowercased() == "http" else { return true }
    guard var host = url.host?.lowercased() else { return false }
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host == "localhost" || host == "::1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127"
      && parts.allSatisfy { part in Int(part).map { (0...255).contains($0) } ?? false }
  }

  /// Refuses to send a password to `url` over plain `http://` to another machine.
  ///
  /// - Parameter url: Where it would go.
  /// - Throws: ``SyncCredentialError/insecureCredentials(host:)``.
  public static func checkTransport(to url: URL) throws(SyncCredentialError) {
    guard mayTravelInClear(to: url) else {
      throw .insecureCredentials(host: url.host ?? url.absoluteString)
    }
  }
}
