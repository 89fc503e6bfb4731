import CoreCurlShim
import Foundation

/// What libcurl hands back while one request runs: each response's status line and
/// headers (`1xx` included), and the final response's body up to a limit.
///
/// Created by the caller, then used only on the transfer's thread (libcurl calls back
/// on the thread that runs the transfer), hence `@unchecked Sendable`.
final class CurlReceiver: @unchecked Sendable {
  /// One request's outcome: its final response, and where it redirects to, if it does.
  struct Hop {
    var status: Int
    var headers: HTTPHeaders
    var url: URL
    var body: Data
    var redirectURL: URL?
    /// Whether the response redirects to text that is not a URL.
    var hasUnreadableRedirect = false
  }

  private struct Response {
    var status: Int
    var fields: [(name: String, value: String)] = []

    func field(_ name: String) -> String? {
      fields.last { HTTPHeaders.same($0.name, name) }?.value
    }
  }

  private let url: URL
  private let limit: Int
  private let isHead: Bool
  private var responses: [Response] = []
  private var body = Data()
  private var tooLarge = false
  private var headerBytes = 0
  private var tooManyHeaders = false
  /// Whether body bytes arrived: header lines after them are trailers, and ignored.
  private var bodyStarted = false

  /// The most header bytes taken from one request's responses (redirects included),
  /// so a server cannot grow them without bound.
  static let headerLimit = 256 * 1024

  /// - Parameters:
  ///   - url: The request's URL.
  ///   - limit: The most body bytes accepted.
  ///   - isHead: Whether the request is a `HEAD` (its responses declare a length but
  ///     carry no body).
  init(url: URL, limit: Int, isHead: Bool) {
    self.url = url
    self.limit = limit
    self.isHead = isHead
  }

  /// libcurl's write callback: appends body bytes; stops the transfer past the limit.
  static let receiveBody: CoreCurlDataCallback = { data, size, count, context in
    let length = size * count
    guard let data, let context else { return 0 }
    let receiver = Unmanaged<CurlReceiver>.fromOpaque(context).takeUnretainedValue()
    guard receiver.body.count + length <= receiver.limit else {
      receiver.tooLarge = true
      receiver.body = Data()
      return 0
    }
    receiver.bodyStarted = true
    receiver.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
    return length
  }

  /// libcurl's header callback: one line at a time, status lines included.
  static let receiveHeader: CoreCurlDataCallback = { data, size, count, context in
    let length = size * count
    guard let data, let context else { return length }
    let receiver = Unmanaged<CurlReceiver>.fromOpaque(context).takeUnretainedValue()
    let line = UnsafeRawBufferPointer(start: data, count: length)
    return receiver.receive(line) ? length : 0
  }

  /// Takes one header line; `false` stops the transfer (a declared body over the limit).
  private func receive(_ line: UnsafeRawBufferPointer) -> Bool {
    headerBytes += line.count
    guard headerBytes <= Self.headerLimit else {
      tooManyHeaders = true
      return false
    }
    if bodyStarted { return true }  // a chunked body's trailer
    if line.starts(with: "HTTP/".utf8) {
      let words = line.split(separator: UInt8(ascii: " "), maxSplits: 2)
      let status = words.count > 1 ? Int(Self.text(words[1])) ?? 0 : 0
      responses.append(Response(status: status))
      body = Data()
      return true
    }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), !responses.isEmpty else {
      return true  // the blank line that ends the headers, or a stray line
    }
    let name = Self.text(line[..<colon])
    let value = Self.text(line[(colon + 1)...])
    responses[responses.count - 1].fields.append((name, value))
    // A declared body over the limit stops the transfer before it is sent; only a
    // response that carries a body counts (not a HEAD's, a 304's or a redirect's).
    let status = responses[responses.count - 1].status
    if HTTPHeaders.same(name, "Content-Length"), let declared = Int(value),
      declared > limit, !isHead, status >= 200, status != 204, status != 304,
      !(300...399).contains(status)
    {
      tooLarge = true
      return false
    }
    return true
  }

  /// The bytes as text, without the spaces, tabs and line ending around them.
  private static func text(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
    func isText(_ byte: UInt8) -> Bool {
      byte != 0x20 && byte != 0x09 && byte != 0x0D && byte != 0x0A
    }
    guard let first = bytes.firstIndex(where: isText), let last = bytes.lastIndex(where: isText)
    else { return "" }
    return String(decoding: bytes[first...last], as: UTF8.self)
  }

  /// How a transfer ended, as its handle told before going back to the pool.
  struct Ending: Sendable {
    /// The `CURLcode`.
    var code: Int32
    /// The URL last requested.
    var url: URL?
    /// Where the response redirects to, as libcurl resolved it, if it is a redirect.
    var redirectText: String?

    /// ``redirectText`` as a URL; `nil` when there is none or it is not a URL.
    var redirectURL: URL? {
      guard let redirectText, !RedirectLocation.isUnreadable(redirectText) else { return nil }
      return URL(string: redirectText)
    }
  }

  /// The request's outcome once it ended so.
  func result(_ ending: Ending) -> Result<Hop, any Error> {
    let code = ending.code
    if tooLarge { return .failure(TransferFailure(kind: .responseTooLarge(limit: limit))) }
    if tooManyHeaders {
      return .failure(TransferFailure(kind: .transport(code: .badServerResponse)))
    }
    guard code == 0 else { return .failure(TransferFailure(kind: CurlCode.kind(of: code))) }
    guard let last = responses.last(where: { $0.status >= 200 }) else {
      return .failure(TransferFailure(kind: .transport(code: .badServerResponse)))
    }
    let redirectURL = ending.redirectURL
    return .success(
      Hop(
        status: last.status, headers: HTTPHeaders(uniqueFields: Self.joined(last.fields)),
        url: ending.url ?? url, body: body, redirectURL: redirectURL,
        hasUnreadableRedirect: ending.redirectText != nil && redirectURL == nil))
  }

  /// Header fields as one dictionary; repeated names (compared without case) are joined
  /// with `, ` under the first spelling seen.
  /// Each name once, in the order first seen; a repeated field's values joined with
  /// ", " under the first spelling (as `HTTPURLResponse` joins them).
  private static func joined(_ fields: [(name: String, value: String)])
    -> [(name: String, value: String)]
  {
    var index: [String: Int] = [:]
    var joined: [(name: String, value: String)] = []
    for (name, value) in fields {
      let key = name.lowercased()
      if let at = index[key] {
        joined[at].value += ", " + value
      } else {
        index[key] = joined.count
        joined.append((name, value))
      }
    }
    return joined
  }
}
