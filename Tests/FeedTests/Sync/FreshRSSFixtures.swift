import Core
import CoreTesting
import Foundation
import Testing

/// The FreshRSS `.ci/run` starts (`.ci/freshrss-server`), or `nil` when its variables
/// are not set: then the suites that need it are skipped and say why.
let freshRSS: FreshRSS? = FreshRSS(environment: ProcessInfo.processInfo.environment)

/// Why the FreshRSS suites are skipped.
let freshRSSMissing =
  "BLUEPRINT_FRESHRSS_URL and BLUEPRINT_FRESHRSS_ROOT are not set: no FreshRSS to sync with "
  + "(eval \"$(bash .ci/freshrss-server start)\" starts one from the FreshRSS source tarball "
  + "FRESHRSS_TARBALL names, with PHP 8.2 and SQLite, and sets them; see the README)"

/// A FreshRSS on loopback: its API, and its command line to make users and fetch feeds.
struct FreshRSS: Sendable {
  /// `http://127.0.0.1:PORT/api/greader.php`.
  let api: URL
  /// The folder FreshRSS was extracted to.
  let root: String

  init(api: URL, root: String) {
    self.api = api
    self.root = root
  }

  init?(environment: [String: String]) {
    guard let text = environment["BLUEPRINT_FRESHRSS_URL"], let api = URL(string: text),
      let root = environment["BLUEPRINT_FRESHRSS_ROOT"]
    else { return nil }
    self.api = api
    self.root = root
  }

  /// The server's base address, as a person finds it (`http://127.0.0.1:PORT/`).
  var base: URL { api.deletingLastPathComponent().deletingLastPathComponent() }

  /// A throwaway user of its own, so that suites running at once never meet.
  func makeUser() throws -> (user: String, password: String) {
    let user =
      "u" + UUID().uuidString.prefix(12).lowercased().filter(\.isLetter)
      + String(Int.random(in: 1000...9999))
    let password = "Api" + UUID().uuidString.prefix(12)
    try php(
      "cli/create-user.php", "--user", user, "--password", "Web" + password, "--api-password",
      password)
    return (user, password)
  }

  /// Makes the server fetch `user`'s feeds now (a refresh in the same second as the last
  /// one is skipped by FreshRSS, so it waits for the next second first).
  func actualize(_ user: String) throws {
    let second = Int(Date().timeIntervalSince1970)
    while Int(Date().timeIntervalSince1970) == second { usleep(20_000) }
    try php("cli/actualize-user.php", "--user", user, allowFailure: true)
  }

  private func php(_ arguments: String..., allowFailure: Bool = false) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["php"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: root)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    if !allowFailure, process.terminationStatus != 0 {
      throw FreshRSSFailure(message: "php \(arguments.joined(separator: " ")) failed")
    }
  }

  /// Another reader: the API driven directly, as NetNewsWire or Reeder would.
  func otherReader(user: String, password: String) async throws -> OtherReader {
    let client = try #require(CurlHTTPClient(userAgent: "other-reader/1", retryPolicy: .none))
    let login = try await client.send(
      Endpoint(
        api, path: ["accounts", "ClientLogin"], method: .post,
        body: .data(
          Data("Email=\(user)&Passwd=\(password)".utf8),
          contentType: "application/x-www-form-urlencoded")))
    let auth =
      String(decoding: login.body, as: UTF8.self).split(separator: "\n")
      .first { $0.hasPrefix("Auth=") }.map { String($0.dropFirst(5)) } ?? ""
    return OtherReader(api: api, client: client, auth: auth)
  }
}

struct FreshRSSFailure: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// A second reader of the same account, sending requests as another client would.
struct OtherReader: Sendable {
  let api: URL
  let client: any HTTPClient
  let auth: String

  private var headers: HTTPHeaders { ["Authorization": "GoogleLogin auth=" + auth] }

  /// A GET of `path` (after the API's base) and its body as text.
  func get(_ path: String, _ query: [URLQueryItem] = []) async throws -> String {
    let response = try await client.send(
      Endpoint(
        api, path: path.split(separator: "/").map(String.init), query: query, headers: headers))
    return String(decoding: response.body, as: UTF8.self)
  }

  /// A POST of `form` to `path`, with the write token.
  func post(_ path: String, _ form: [(String, String)]) async throws -> String {
    let token = try await get("reader/api/0/token").trimmingCharacters(in: .whitespacesAndNewlines)
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let body = (form + [("T", token)]).map {
      $0.0 + "=" + ($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }.joined(separator: "&")
    let response = try await client.send(
      Endpoint(
        api, path: path.split(separator: "/").map(String.init), method: .post, headers: headers,
        body: .data(Data(body.utf8), contentType: "application/x-www-form-urlencoded")))
    return String(decoding: response.body, as: UTF8.self)
  }

  /// The unread ids, decimal.
  func unreadIDs() async throws -> Set<String> {
    let text = try await get(
      "reader/api/0/stream/items/ids",
      [
        URLQueryItem(name: "output", value: "json"),
        URLQueryItem(name: "s", value: "user/-/state/com.google/reading-list"),
        URLQueryItem(name: "xt", value: "user/-/state/com.google/read"),
        URLQueryItem(name: "n", value: "10000"),
      ])
    struct Refs: Decodable {
      struct Ref: Decodable { var id: String }
      var itemRefs: [Ref]?
    }
    return Set(
      (try JSONDecoder().decode(Refs.self, from: Data(text.utf8)).itemRefs ?? []).map(\.id))
  }
}

/// A home of the built `feed` that syncs with FreshRSS as `user` (its password in the
/// home's `~/.netrc`, mode 0600).
struct SyncingFeedHome {
  let home: FeedHome

  init(user: String, password: String) throws {
    home = try FeedHome(prefix: "feed-sync", terminal: nil)
    let netrc = home.appending(".netrc")
    try Data("machine 127.0.0.1 login \(user) password \(password)\n".utf8).write(to: netrc)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: netrc.path)
  }

  /// Runs `feed` with `arguments`, expecting success; its output.
  @discardableResult
  func run(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> String
  {
    try await home.runToExit(arguments, sourceLocation: sourceLocation).output
  }

  /// Every item as `feed-title|title|read|starred`, sorted.
  func items() async throws -> [String] {
    let json = try await home.runToExit(["read", "--json"]).output
    struct List: Decodable {
      struct Item: Decodable {
        var feedTitle: String
        var title: String?
        var read: Bool
        var starred: Bool
      }
      var items: [Item]
    }
    return try JSONDecoder().decode(List.self, from: Data(json.utf8)).items.map {
      "\($0.feedTitle)|\($0.title ?? "")|read=\($0.read)|starred=\($0.starred)"
    }.sorted()
  }

  /// The feeds' titles, sorted.
  func feeds() async throws -> [String] {
    let json = try await home.runToExit(["list", "--json"]).output
    struct List: Decodable {
      struct Feed: Decodable { var title: String }
      var feeds: [Feed]
    }
    return try JSONDecoder().decode(List.self, from: Data(json.utf8)).feeds.map(\.title).sorted()
  }

  func stop() { home.folder.remove() }
}

/// An RSS document of `count` items titled `prefix N`, linked under `site`.
func rss(title: String, site: String, prefix: String, count: Int) -> String {
  let items = (0..<count).map { index in
    "<item><title>\(prefix) \(index)</title><link>\(site)/\(index)</link>"
      + "<guid>\(site)/\(index)</guid><description>Text \(index)</description>"
      + "<pubDate>Mon, 02 Nov 2026 10:\(String(format: "%02d", index % 60)):00 GMT</pubDate></item>"
  }.joined()
  return #"<?xml version="1.0"?><rss version="2.0"><channel><title>"# + title
    + "</title><link>\(site)</link>" + items + "</channel></rss>"
}
