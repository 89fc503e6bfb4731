import Core
public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 and an ephemeral port, scripted per request.
///
/// It answers from a handler, a scripted sequence of replies, or a path → reply map;
/// keeps connections alive as libcurl expects; reads `Content-Length` bodies; and
/// records every request it receives. Slow bodies, delays, cut-off bodies and
/// unframed bodies are real socket behaviour, so tests exercise the real transfer.
///
/// The server's threads keep it running until ``stop()`` is called: stop it in a
/// `defer` right after starting it.
///
/// <!-- doc-test: context
/// let xml = "<rss/>"
/// let client: any HTTPClient = UnavailableHTTPClient(reason: "offline")
/// func fetch() async throws {
/// // after the block:
/// }
/// -->
/// ```swift
/// let server = try LoopbackServer(routes: ["/feed.xml": .text(xml)])
/// defer { server.stop() }
/// let response = try await client.send(Endpoint(server.url("/feed.xml")))
/// ```
public final class LoopbackServer: Sendable {
  /// The port the server listens on.
  public let port: UInt16

  private let listener: Int32
  private let handler: @Sendable (Request) -> Reply
  private let routeTable: Locked<[String: Reply]>?
  private let state = Locked(State())
  private let threads = DispatchGroup()

  private struct State {
    var stopped = false
    /// Whether the accepting thread closed the listener.
    var listenerClosed = false
    /// The open connections; a connection leaves the set before its descriptor closes.
    var connections: Set<Int32> = []
    var requests: [Request] = []
    var accepted = 0
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var clientCloses: [ClientClose] = []
    var closeWaiters: [Int: CheckedContinuation<ClientClose?, Never>] = [:]
    var nextWaiter = 0
  }

  /// Starts a server that answers every request with `handler`.
  ///
  /// - Parameter handler: Picks the reply for a request; it runs on a server thread.
  /// - Throws: `POSIXError` when the socket cannot be set up.
  public convenience init(handler: @escaping @Sendable (Request) -> Reply) throws {
    try self.init(respondingWith: handler, routeTable: nil)
  }

  private init(
    respondingWith handler: @escaping @Sendable (Request) -> Reply,
    routeTable: Locked<[String: Reply]>?
  ) throws {
    FoundationFolders.redirect()
    self.handler = handler
    self.routeTable = routeTable
    let fd = socket(AF_INET, SocketCalls.streamType, 0)
    guard fd >= 0 else { throw Self.posixError() }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(fd, raw, length) == 0 && listen(fd, 256) == 0 && getsockname(fd, raw, &length) == 0
      }
    }
    guard bound else {
      let error = Self.posixError()
      close(fd)
      throw error
    }
    listener = fd
    port = UInt16(bigEndian: address.sin_port)
    startAccepting()
  }

  /// Starts a server that answers requests with `replies` in order; once they run
  /// out, the last reply repeats.
  ///
  /// - Parameter replies: The replies, in order; must not be empty.
  /// - Throws: `POSIXError` when the socket cannot be set up.
  public convenience init(replies: [Reply]) throws {
    let script = Locked((replies: replies, next: 0))
    try self.init { _ in
      script.withLock { script in
        guard !script.replies.isEmpty else { return .text("no scripted reply", status: 500) }
        let reply = script.replies[min(script.next, script.replies.count - 1)]
        script.next += 1
        return reply
      }
    }
  }

  /// Starts a server that serves `routes` by path (query ignored) and `404` otherwise.
  ///
  /// - Parameter routes: Reply per path, e.g. `"/feed.xml"`; change them later with
  ///   ``setRoute(_:to:)``.
  /// - Throws: `POSIXError` when the socket cannot be set up.
  public convenience init(routes: [String: Reply]) throws {
    let table = Locked(routes)
    try self.init(
      respondingWith: { request in
        table.withLock { $0[request.path] } ?? .text("not found", status: 404)
      }, routeTable: table)
  }

  // MARK: - What tests use

  /// `http://127.0.0.1:PORT/`.
  public var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/")
  }

  /// The URL of `path` on this server, e.g. `url("/feed.xml")`.
  ///
  /// - Parameter path: An absolute path, optionally with a query.
  /// - Returns: The URL.
  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? baseURL
  }

  /// How many connections the server has accepted: fewer than requests means keep-alive.
  public var acceptedConnections: Int { state.withLock { $0.accepted } }

  /// Every request received so far, in order.
  public var requests: [Request] { state.withLock { $0.requests } }

  /// Replaces the reply for `path` on a server made with ``init(routes:)``.
  ///
  /// - Parameters:
  ///   - path: The path, e.g. `/feed.xml`.
  ///   - reply: The reply, or `nil` to serve `404`.
  public func setRoute(_ path: String, to reply: Reply?) {
    routeTable?.withLock { $0[path] = reply }
  }

  /// Suspends until the server has received at least `count` requests.
  ///
  /// - Parameter count: The number of requests to wait for.
  public func waitForRequests(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.requests.count >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Every connection the client closed in the middle of a reply's body, in order.
  public var clientCloses: [ClientClose] { state.withLock { $0.clientCloses } }

  /// Waits (real time, at most `timeout`) until the client has closed a connection
  /// while the server was still sending a body — a transfer really stopped.
  ///
  /// The server notices within one piece interval of a slow body.
  ///
  /// - Parameter timeout: The longest wait.
  /// - Returns: The first such close, or `nil` when none happened in time.
  public func waitForClientClose(timeout: Duration) async -> ClientClose? {
    await withCheckedContinuation { (continuation: CheckedContinuation<ClientClose?, Never>) in
      let (seen, id) = state.withLock { state -> (ClientClose?, Int) in
        if let first = state.clientCloses.first { return (first, 0) }
        state.nextWaiter += 1
        state.closeWaiters[state.nextWaiter] = continuation
        return (nil, state.nextWaiter)
      }
      if let seen {
        continuation.resume(returning: seen)
        return
      }
      let seconds =
        Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [state] in
        state.withLock { $0.closeWaiters.removeValue(forKey: id) }?.resume(returning: nil)
      }
    }
  }

  /// Stops accepting, closes every connection and waits (briefly) for the server's
  /// threads to end. Calling it again does nothing.
  public func stop() {
    // Under the lock: a descriptor in the set is still open, so it is ours. Once closed,
    // its number may already belong to another test's socket, which a late shutdown
    // would cut (seen as a random "connection lost" elsewhere in the suite).
    let stopping = state.withLock { state -> Bool in
      guard !state.stopped else { return false }
      state.stopped = true
      if !state.listenerClosed { shutdown(listener, Int32(SHUT_RDWR)) }
      for fd in state.connections { shutdown(fd, Int32(SHUT_RDWR)) }
      return true
    }
    guard stopping else { return }
    _ = threads.wait(timeout: .now() + 2)
  }

  // MARK: - Accepting

  private var isStopped: Bool { state.withLock { $0.stopped } }

  private func startAccepting() {
    threads.enter()
    let thread = Thread { [self] in
      defer {
        state.withLock { $0.listenerClosed = true }
        close(listener)
        threads.leave()
      }
      while true {
        let fd = accept(listener, nil, nil)
        if fd < 0 {
          if errno == EINTR || errno == ECONNABORTED, !isStopped { continue }
          return
        }
        SocketCalls.configureAccepted(fd)
        let accepted = state.withLock { state -> Bool in
          guard !state.stopped else { return false }
          state.connections.insert(fd)
          state.accepted += 1
          return true
        }
        guard accepted else {
          close(fd)
          return
        }
        var one: Int32 = 1
        setsockopt(
          fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        threads.enter()
        let connection = Thread { [self] in
          defer {
            state.withLock { _ = $0.connections.remove(fd) }
            close(fd)
            threads.leave()
          }
          serve(Connection(fd: fd))
        }
        connection.start()
      }
    }
    thread.start()
  }

  // MARK: - Serving one connection

  private func serve(_ connection: Connection) {
    while let request = connection.readRequest() {
      let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.requests.append(request)
        let count = state.requests.count
        let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
        state.waiters.removeAll { $0.count <= count }
        return ready
      }
      for waiter in ready { waiter.resume() }
      let reply = handler(request)
      guard pause(reply.delay) else { return }
      if let gate = reply.gate {
        // Held until the test opens the gate (or the server stops).
        while !gate.isOpened {
          guard pause(.milliseconds(10)) else { return }
        }
      }
      let keepOpen = write(reply, for: request, to: connection)
      let wantsClose = request.headers["Connection"]?.lowercased() == "close"
      guard keepOpen, !wantsClose else { return }
    }
  }

  /// Writes a reply; returns whether the connection may be reused.
  private func write(_ reply: Reply, for request: Request, to connection: Connection) -> Bool {
    if let raw = reply.rawBytes {
      _ = connection.send(raw)
      return false
    }
    let hasBody = request.method != "HEAD" && reply.status != 204 && reply.status != 304
    var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
    for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
    let framing = hasBody ? reply.framing : .contentLength
    switch framing {
    case .contentLength:
      if reply.status != 204 && reply.status != 304 {
        head += "Content-Length: \(reply.body.count)\r\n"
      }
    case .chunked: head += "Transfer-Encoding: chunked\r\n"
    case .closeDelimited: head += "Connection: close\r\n"
    }
    head += "\r\n"
    guard connection.send(Data(head.utf8)) else { return false }
    guard hasBody else { return true }

    var body = reply.body
    var truncated = false
    if let cut = reply.closeAfter, cut < body.count {
      body = body.prefix(cut)
      truncated = true
    }
    let pieceSize = reply.pieceSize ?? max(body.count, 1)
    var offset = 0
    while offset < body.count {
      let piece = body[body.index(body.startIndex, offsetBy: offset)...].prefix(pieceSize)
      let framed = framing == .chunked ? Self.chunk(Data(piece)) : Data(piece)
      guard connection.send(framed) else {
        recordClientClose(request, sent: offset, total: body.count)
        return false
      }
      offset += piece.count
      guard reply.pieceSize != nil, offset < body.count else { continue }
      guard pause(reply.pieceInterval) else { return false }
      if connection.isClosedByPeer {
        recordClientClose(request, sent: offset, total: body.count)
        return false
      }
    }
    if truncated { return false }
    if framing == .chunked, !connection.send(Data("0\r\n\r\n".utf8)) { return false }
    return framing != .closeDelimited
  }

  private func recordClientClose(_ request: Request, sent: Int, total: Int) {
    let close = ClientClose(target: request.target, bodyBytesSent: sent, bodyBytesTotal: total)
    let waiters = state.withLock { state -> [CheckedContinuation<ClientClose?, Never>] in
      guard !state.stopped else { return [] }
      state.clientCloses.append(close)
      defer { state.closeWaiters = [:] }
      return Array(state.closeWaiters.values)
    }
    for waiter in waiters { waiter.resume(returning: close) }
  }

  /// Waits in small steps so that ``stop()`` is not held up; false once stopped.
  private func pause(_ duration: Duration) -> Bool {
    var left = duration
    while left > .zero {
      if isStopped { return false }
      let step = min(left, .milliseconds(10))
      // A reply the test asked to be slow (`.delayed`): the server simulates a slow peer.
      Thread.sleep(
        forTimeInterval: Double(step.components.attoseconds) / 1e18
          + Double(step.components.seconds))
      left -= step
    }
    return !isStopped
  }

  private static func chunk(_ data: Data) -> Data {
    Data((String(data.count, radix: 16) + "\r\n").utf8) + data + Data("\r\n".utf8)
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 201: return "Created"
    case 204: return "No Content"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 304: return "Not Modified"
    case 307: return "Temporary Redirect"
    case 308: return "Permanent Redirect"
    case 404: return "Not Found"
    case 429: return "Too Many Requests"
    case 500: return "Internal Server Error"
    case 503: return "Service Unavailable"
    default: return "Status"
    }
  }

  private static func posixError() -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}
