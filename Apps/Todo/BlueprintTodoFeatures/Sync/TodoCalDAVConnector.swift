internal import CoreBase
package import CoreSync
// The CalDAV client's refusals (`DAVError`) in the runner's words: exit 64 or 69.
internal import CoreSyncCommandLine
package import Foundation

// On Linux, URLSession (FoundationNetworking) would load libcurl and its libraries at
// every start of the app, a network command or not: there the client is libcurl's alone.
#if !canImport(FoundationNetworking)
  internal import CoreURLSession
#endif

/// How the `todo` executable reaches a CalDAV server: Core's CalDAV client on libcurl.
///
/// Passwords never come from the command line: the `machine` entry for the server's
/// host in `~/.netrc` (refused unless mode 0600; with a `user`, only an entry of that
/// login), or, when the access names a
/// `passwordCommand` (`sync setup --password-command`, kept in `todo-sync.json`), its
/// `user` with the first line that command prints. A `caFile` names the certificate
/// authority of a private server; certificates are always checked.
package struct TodoCalDAVConnector: TodoSyncConnector {
  /// The app's config folder, where `todo-sync.json` is.
  package var configFolder: URL
  /// The environment (`HOME` finds `~/.netrc`).
  package var environment: [String: String]

  /// Creates the connector.
  ///
  /// - Parameters:
  ///   - configFolder: The app's config folder.
  ///   - environment: The process environment.
  package init(configFolder: URL, environment: [String: String]) {
    self.configFolder = configFolder
    self.environment = environment
  }

  /// The task list `config` names.
  package func remote(for config: TodoSyncConfig) throws -> any SyncRemote {
    guard let url = URL(string: config.list) else {
      throw DAVError.noCalendarHome(url: URL(fileURLWithPath: config.list))
    }
    // Credentials are looked up by the address given to setup: a provider's lists may
    // live on other hosts (iCloud's pNN-caldav.icloud.com), found by discovery.
    let server = URL(string: config.server) ?? url
    return CalDAVCollection(
      url: url, client: try client(config.access),
      credentials: try credentials(for: server, config.access))
  }

  /// The task lists found from `url`.
  package func lists(at url: URL, access: TodoSyncAccess) async throws -> [TodoSyncList] {
    let server = CalDAVServer(
      url: url, client: try client(access), credentials: try credentials(for: url, access))
    return try await server.calendars(holding: "VTODO").map {
      TodoSyncList(url: $0.url.absoluteString, name: $0.displayName)
    }
  }

  /// Creates a task list named `name` in the calendar home found from `url`.
  package func createList(named name: String, at url: URL, access: TodoSyncAccess)
    async throws -> TodoSyncList
  {
    let server = CalDAVServer(
      url: url, client: try client(access), credentials: try credentials(for: url, access))
    let made = try await server.makeCalendar(named: Self.pathSegment(for: name), displayName: name)
    return TodoSyncList(url: made.url.absoluteString, name: name)
  }

  package func addressSegment(forListNamed name: String) -> String {
    Self.pathSegment(for: name)
  }

  package func passwordSource(for url: URL, access: TodoSyncAccess) -> String? {
    guard access.passwordCommand == nil || access.user == nil else { return "the password command" }
    return (try? credentials(for: url, access)) != nil ? "~/.netrc" : nil
  }

  /// A path segment for a new list: the name's letters and digits, lowercased, with
  /// `-` between words; a UUID when nothing is left.
  static func pathSegment(for name: String) -> String {
    var segment = ""
    for character in name.lowercased() {
      if character.isASCII, character.isLetter || character.isNumber {
        segment.append(character)
      } else if !segment.isEmpty, segment.last != "-" {
        segment.append("-")
      }
    }
    while segment.hasSuffix("-") { segment.removeLast() }
    return segment.isEmpty ? UUID().uuidString.lowercased() : segment
  }

  private func client(_ access: TodoSyncAccess) throws -> any HTTPClient {
    let agent = "\(appIdentity.name)/\(appIdentity.version)"
    if let client = CurlHTTPClient(userAgent: agent, caFile: access.caFile) { return client }
    #if canImport(FoundationNetworking)
      return UnavailableHTTPClient(reason: "libcurl (libcurl.so.4) could not be loaded")
    #else
      return URLSessionHTTPClient(userAgent: agent)
    #endif
  }

  private func credentials(for url: URL, _ access: TodoSyncAccess) throws -> SyncCredentials? {
    if let command = access.passwordCommand, let user = access.user {
      return try SyncCredentialSource.passwordCommand(
        user: user, command: ["/bin/sh", "-c", command]
      ).credentials(for: url)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    let found = try SyncCredentialSource.netrc(path: home.map { $0 + "/.netrc" })
      .credentials(for: url)
    // A user given to setup logs in as that user: another login's password is not theirs.
    if let user = access.user, let found, found.user != user { return nil }
    return found
  }
}
