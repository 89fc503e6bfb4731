internal import BlueprintFeedModel
package import CoreBase
package import CoreSync
package import Foundation

/// How feed reaches its sync server: the credentials (`~/.netrc` or a password
/// command, never the command line) and an HTTP client on libcurl.
package struct FeedSyncConnection: Sendable {
  /// The environment (`HOME` finds `~/.netrc`).
  package var environment: [String: String]
  /// The HTTP client; a live one on libcurl unless a test gives its own.
  package var http: any HTTPClient

  /// The largest answer taken: a page of 1,000 items with their text.
  static let maximumAnswer = 64 << 20

  /// A connection with the live HTTP client.
  package init(environment: [String: String], userAgent: String) {
    self.environment = environment
    self.http = Self.makeHTTPClient(userAgent: userAgent)
  }

  /// A connection through `http`.
  package init(environment: [String: String], http: any HTTPClient) {
    self.environment = environment
    self.http = http
  }

  /// The credentials for `url`: the password command's with `user`, else the netrc
  /// entry for its host (of `user`, when one is given); `nil` when none is found.
  ///
  /// - Throws: `SyncCredentialError`.
  package func credentials(for url: URL, user: String?, passwordCommand: String?) throws
    -> SyncCredentials?
  {
    if let passwordCommand, let user {
      return try SyncCredentialSource.passwordCommand(
        user: user, command: ["/bin/sh", "-c", passwordCommand]
      ).credentials(for: url)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    let found = try SyncCredentialSource.netrc(path: home.map { $0 + "/.netrc" })
      .credentials(for: url)
    if let user, let found, found.user != user { return nil }
    return found
  }

  /// The client of the account `config` names.
  ///
  /// - Throws: `SyncCredentialError`; ``FeedSyncConnectionError/noPassword(host:)``.
  package func client(for config: FeedSyncConfig) throws -> GoogleReaderClient {
    guard let api = URL(string: config.api) else {
      throw FeedSyncConnectionError.noPassword(host: config.api)
    }
    guard
      let credentials = try credentials(
        for: api, user: config.user, passwordCommand: config.passwordCommand)
    else { throw FeedSyncConnectionError.noPassword(host: api.host ?? config.api) }
    return GoogleReaderClient(base: api, http: http, credentials: credentials)
  }

  static func makeHTTPClient(userAgent: String) -> any HTTPClient {
    let parts = userAgent.split(separator: "/", maxSplits: 1).map(String.init)
    // No retries: a refused request is answered by logging in again, not by waiting.
    return FeedFetcher.makeClient(
      name: parts.first ?? userAgent, version: parts.count > 1 ? parts[1] : "",
      maximumBytes: maximumAnswer, retryPolicy: .none)
  }
}

/// Why feed cannot reach its sync server before sending anything.
package enum FeedSyncConnectionError: Error, Equatable, CustomStringConvertible {
  /// Neither `~/.netrc` nor a password command gives a password for the host.
  case noPassword(host: String)

  package var description: String {
    switch self {
    case .noPassword(let host):
      "no password was found for \(host), in ~/.netrc or from a password command"
    }
  }
}
