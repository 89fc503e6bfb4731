package import CoreBase
package import CoreSync
package import Foundation

/// A client of the Google Reader API (FreshRSS, Miniflux, Inoreader, The Old Reader,
/// BazQux): login, the write token, and requests with the auth header.
///
/// The auth value and the write token are kept in memory only: the auth value stands
/// for the password. A request refused with `401` logs in again once; a change
/// refused with `401` fetches a new write token once; then the client gives up
/// (``GoogleReaderError``).
///
/// ```swift
/// let client = GoogleReaderClient(base: api, http: http, credentials: credentials)
/// let unread = try await client.itemIDs(excluding: GoogleReaderClient.read)
/// ```
package actor GoogleReaderClient {
  /// The API's base: FreshRSS's `…/api/greader.php`, Miniflux's root.
  package nonisolated let base: URL
  let http: any HTTPClient
  let credentials: SyncCredentials
  private var auth: String?
  private var token: String?

  /// The reading list, every item of every subscription.
  package static let readingList = "user/-/state/com.google/reading-list"
  /// The state of a read item.
  package static let read = "user/-/state/com.google/read"
  /// The state of a starred item.
  package static let starred = "user/-/state/com.google/starred"

  /// A client of the API at `base`.
  package init(base: URL, http: any HTTPClient, credentials: SyncCredentials) {
    self.base = base
    self.http = http
    self.credentials = credentials
  }

  /// Logs in (`accounts/ClientLogin`) and keeps the auth value for the next requests.
  ///
  /// - Throws: ``GoogleReaderError/loginRefused(host:)``; `SyncCredentialError` for a
  ///   password over plain http to another machine; `APIError`.
  package func login() async throws {
    try SyncCredentials.checkTransport(to: base)
    let body = Self.form([("Email", credentials.user), ("Passwd", credentials.password)])
    let response: HTTPResponse
    do {
      response = try await http.send(
        Endpoint(
          base, path: ["accounts", "ClientLogin"], method: .post,
          body: .data(body, contentType: "application/x-www-form-urlencoded")))
    } catch let error as APIError where error.statusCode == 401 || error.statusCode == 403 {
      throw GoogleReaderError.loginRefused(host: base.host ?? base.absoluteString)
    }
    let text = String(decoding: response.body, as: UTF8.self)
    let line = text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("Auth=") }
    guard let value = line?.dropFirst(5), !value.isEmpty else {
      throw GoogleReaderError.malformed(path: "accounts/ClientLogin", reason: "no Auth= line")
    }
    auth = String(value)
  }

  /// Sends a reading request and returns its body; logs in first when not logged in,
  /// and again once when the server refuses the auth value.
  func get(_ path: [String], query: [URLQueryItem] = []) async throws -> Data {
    try await send(path, query: query, form: nil)
  }

  /// Sends a change (a POST with the write token `T`) and returns its body; fetches a
  /// new token once when the server refuses it.
  func post(_ path: [String], form: [(String, String)], query: [URLQueryItem] = []) async throws
    -> Data
  {
    try await send(path, query: query, form: form)
  }

  private func send(_ path: [String], query: [URLQueryItem], form: [(String, String)]?)
    async throws -> Data
  {
    if auth == nil { try await login() }
    var loggedInAgain = false
    var tokenFetchedAgain = false
    while true {
      var fields = form
      if fields != nil {
        if token == nil { token = try await fetchToken() }
        fields?.append(("T", token ?? ""))
      }
      do {
        return try await sendOnce(path, query: query, form: fields)
      } catch let error as APIError where error.statusCode == 401 {
        if form != nil {
          guard !tokenFetchedAgain else {
            throw GoogleReaderError.writeTokenRefused(path: path.joined(separator: "/"))
          }
          tokenFetchedAgain = true
          token = nil
        } else {
          guard !loggedInAgain else {
            throw GoogleReaderError.unauthorized(path: path.joined(separator: "/"))
          }
          loggedInAgain = true
          try await login()
        }
      }
    }
  }

  /// `reader/api/0/token`: the write token, fetched with the auth value (logging in
  /// again once when refused).
  private func fetchToken() async throws -> String {
    let path = ["reader", "api", "0", "token"]
    let body: Data
    do {
      body = try await sendOnce(path, query: [], form: nil)
    } catch let error as APIError where error.statusCode == 401 {
      try await login()
      body = try await sendOnce(path, query: [], form: nil)
    }
    let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty, text.count <= 1024 else {
      throw GoogleReaderError.malformed(path: "reader/api/0/token", reason: "no token")
    }
    return text
  }

  private func sendOnce(_ path: [String], query: [URLQueryItem], form: [(String, String)]?)
    async throws -> Data
  {
    let headers: HTTPHeaders = ["Authorization": "GoogleLogin auth=" + (auth ?? "")]
    let endpoint = Endpoint(
      base, path: path, query: query, method: form == nil ? .get : .post, headers: headers,
      body: form.map { .data(Self.form($0), contentType: "application/x-www-form-urlencoded") })
    return try await http.send(endpoint).body
  }

  /// `application/x-www-form-urlencoded`: every byte but the unreserved ones escaped.
  static func form(_ fields: [(String, String)]) -> Data {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    func escape(_ text: String) -> String {
      text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
    return Data(fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&").utf8)
  }

  /// Decodes a JSON answer, naming the path when it is not what the API answers.
  func decode<Value: Decodable>(_ type: Value.Type, _ data: Data, path: String) throws -> Value {
    do {
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      throw GoogleReaderError.malformed(path: path, reason: "\(error)".prefix(200).description)
    }
  }
}
