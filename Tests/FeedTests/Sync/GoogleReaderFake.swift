import Core
import CoreTesting
import Foundation

/// A Google Reader API server on loopback that keeps its subscriptions, items and marks
/// as FreshRSS does (GREADER facts), so a test can drive the built `feed` or the reader
/// against it and then assert the server's state. It can also go away
/// (``Mode/unreachable``: every connection closed without an answer) and fail
/// (``Mode/failing(_:)``), which a real server will not do on demand.
final class GoogleReaderFake: Sendable {
  /// A subscription: its stream id (`feed/N`), address and title.
  struct Feed: Sendable, Equatable {
    var stream: String
    var url: String
    var title: String
  }

  /// An item of a subscription with its marks.
  struct Item: Sendable, Equatable {
    var id: UInt64
    var stream: String
    var title: String
    var read = false
    var starred = false
  }

  /// How the server answers.
  enum Mode: Sendable, Equatable {
    case up
    /// Every connection is closed without an answer (the network is gone).
    case unreachable
    /// Every request but the login is answered with this status.
    case failing(Int)
  }

  private struct State {
    var feeds: [Feed] = []
    var items: [Item] = []
    var nextFeed = 1
    var nextItem: UInt64 = 1_796_411_311_444_000
    var mode = Mode.up
  }

  static let user = "ada"
  static let password = "api-pw"
  private static let auth = "ada/0123456789abcdef"
  static let readingList = "user/-/state/com.google/reading-list"
  static let readState = "user/-/state/com.google/read"
  static let starredState = "user/-/state/com.google/starred"

  private let state = LockedValue(State())
  let server: LoopbackServer

  init() throws {
    let state = state
    server = try LoopbackServer { request in Self.answer(request, state) }
  }

  /// The API's address, as `feed sync setup` takes it.
  var api: URL { server.url("/api/greader.php") }

  var mode: Mode {
    get { state.withLock { $0.mode } }
    set { state.withLock { $0.mode = newValue } }
  }

  /// The subscriptions, in the order they were made.
  var feeds: [Feed] { state.withLock { $0.feeds } }

  /// The items, oldest first.
  var items: [Item] { state.withLock { $0.items } }

  /// The item titled `title`.
  func item(_ title: String) -> Item? { items.first { $0.title == title } }

  /// Subscribes as another reader would; the stream id.
  @discardableResult
  func subscribe(_ url: String, title: String) -> String {
    state.withLock { Self.subscribe(url, title: title, &$0) }
  }

  /// An item the server crawled in `stream`; its id.
  @discardableResult
  func publish(_ title: String, in stream: String) -> UInt64 {
    state.withLock { state in
      state.nextItem += 1
      state.items.append(Item(id: state.nextItem, stream: stream, title: title))
      return state.nextItem
    }
  }

  /// Marks the item titled `title` read or unread, as another reader would.
  func mark(_ title: String, read: Bool) {
    state.withLock { state in
      for index in state.items.indices where state.items[index].title == title {
        state.items[index].read = read
      }
    }
  }

  /// The requests the server answered whose path ends with `suffix`.
  func requests(_ suffix: String) -> [LoopbackServer.Request] {
    server.requests.filter { $0.path.hasSuffix(suffix) }
  }

  func stop() { server.stop() }

  // MARK: - Answers

  private static func subscribe(_ url: String, title: String, _ state: inout State) -> String {
    let stream = "feed/\(state.nextFeed)"
    state.nextFeed += 1
    state.feeds.append(Feed(stream: stream, url: url, title: title))
    return stream
  }

  private static func answer(_ request: LoopbackServer.Request, _ state: LockedValue<State>)
    -> LoopbackServer.Reply
  {
    let path = request.path.replacingOccurrences(of: "/api/greader.php/", with: "")
    let fields = form(request.body) + form(Data((request.query ?? "").utf8))
    return state.withLock { state in
      switch state.mode {
      case .unreachable: return .raw(Data())
      case .failing(let status) where path != "accounts/ClientLogin":
        return .text("Internal error", status: status)
      default: break
      }
      if path == "accounts/ClientLogin" {
        let login =
          fields.first { $0.0 == "Email" }?.1 == user
          && fields.first { $0.0 == "Passwd" }?.1 == password
        return login
          ? .text("SID=\(auth)\nLSID=null\nAuth=\(auth)\n") : .text("Unauthorized!", status: 401)
      }
      guard request.headers["Authorization"] == "GoogleLogin auth=" + auth else {
        return .text("Unauthorized!", status: 401, headers: ["Google-Bad-Token": "true"])
      }
      return route(path, fields, &state)
    }
  }

  private static func route(_ path: String, _ fields: [(String, String)], _ state: inout State)
    -> LoopbackServer.Reply
  {
    func value(_ name: String) -> String? { fields.last { $0.0 == name }?.1 }
    let ids = Set(fields.filter { $0.0 == "i" }.compactMap { itemID($0.1) })
    switch path {
    case "reader/api/0/token":
      return .text("write-token\n")
    case "reader/api/0/subscription/list":
      return json([
        "subscriptions": state.feeds.map { ["id": $0.stream, "title": $0.title, "url": $0.url] }
      ])
    case "reader/api/0/subscription/quickadd":
      guard let url = value("quickadd"), !state.feeds.contains(where: { $0.url == url }) else {
        return json(["numResults": 0, "error": "already subscribed"])
      }
      let stream = subscribe(url, title: url, &state)
      return json(["numResults": 1, "streamId": stream, "streamName": url])
    case "reader/api/0/subscription/edit":
      let stream = value("s") ?? ""
      guard let index = state.feeds.firstIndex(where: { $0.stream == stream }) else {
        return .text("Bad request", status: 400)
      }
      switch value("ac") {
      case "unsubscribe":
        state.feeds.remove(at: index)
        state.items.removeAll { $0.stream == stream }
      case "edit": state.feeds[index].title = value("t") ?? state.feeds[index].title
      default: return .text("Bad request", status: 400)
      }
      return .text("OK")
    case "reader/api/0/stream/items/ids":
      let stream = value("s") ?? readingList
      let selected = state.items.filter { item in
        (stream != starredState || item.starred) && (value("xt") != readState || !item.read)
      }
      return json(["itemRefs": selected.map { ["id": String($0.id)] }])
    case "reader/api/0/stream/items/contents":
      return json(["items": state.items.filter { ids.contains($0.id) }.map(content)])
    case "reader/api/0/edit-tag":
      for index in state.items.indices where ids.contains(state.items[index].id) {
        for (field, on) in [("a", true), ("r", false)] {
          if value(field) == readState { state.items[index].read = on }
          if value(field) == starredState { state.items[index].starred = on }
        }
      }
      return .text("OK")
    default:
      return .text("not found", status: 404)
    }
  }

  /// Each item a minute after the one before: newest first is last published first.
  private static func content(_ item: Item) -> [String: Any] {
    [
      "id": String(format: "tag:google.com,2005:reader/item/%016llx", item.id),
      "title": item.title, "published": 1_793_872_800 + 60 * (item.id % 100_000),
      "canonical": [["href": "http://example.com/\(item.id)"]],
      "origin": ["streamId": item.stream], "summary": ["content": "<p>\(item.title)</p>"],
    ]
  }

  /// An id in any of its three forms (GREADER facts): all digits and no leading 0 is
  /// decimal, else hex, after an optional `tag:` prefix.
  private static func itemID(_ text: String) -> UInt64? {
    let bare = text.split(separator: "/").last.map(String.init) ?? text
    if bare.first != "0", bare.allSatisfy(\.isNumber) { return UInt64(bare) }
    return UInt64(bare, radix: 16)
  }

  private static func form(_ body: Data) -> [(String, String)] {
    String(decoding: body, as: UTF8.self).split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1).map {
        String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
      }
      return (parts[0], parts.count > 1 ? parts[1] : "")
    }
  }

  private static func json(_ object: [String: Any]) -> LoopbackServer.Reply {
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return .json(String(decoding: data, as: UTF8.self))
  }
}
