public import Core
public import Foundation

extension LoopbackServer {
  /// What the server sends back for one request.
  ///
  /// ```swift
  /// let server = try LoopbackServer(replies: [
  ///   .status(503, headers: ["Retry-After": "2"]),
  ///   .text("hello", headers: ["ETag": "\"v1\""]),
  /// ])
  /// ```
  public struct Reply: Sendable {
    /// How the body's end is signalled.
    public enum Framing: Sendable {
      /// A `Content-Length` header (the default).
      case contentLength
      /// `Transfer-Encoding: chunked`, so the client cannot know the size up front.
      case chunked
      /// No length at all: the server closes the connection after the body.
      case closeDelimited
    }

    /// The status code.
    public var status: Int
    /// Header fields; the server adds the framing headers itself.
    public var headers: HTTPHeaders
    /// The body.
    public var body: Data
    /// How the body's end is signalled.
    public var framing: Framing = .contentLength
    /// A wait before the status line is sent (real time: this is I/O).
    public var delay: Duration = .zero
    /// A gate the reply waits at before its status line, until the test opens it
    /// (``held(by:)``).
    public var gate: ReplyGate?
    /// Send the body in pieces of this many bytes with ``pieceInterval`` between them.
    public var pieceSize: Int?
    /// The wait between pieces of a slow body.
    public var pieceInterval: Duration = .zero
    /// Close the connection after this many body bytes, in the middle of the body.
    public var closeAfter: Int?
    /// Bytes sent instead of a response (no status line, no headers), after which
    /// the connection closes: a server that does not speak HTTP. See ``raw(_:)``.
    public var rawBytes: Data?

    /// Creates a reply.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Header fields.
    ///   - body: The body.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
      self.status = status
      self.headers = headers
      self.body = body
    }

    /// A reply with no body.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Header fields.
    /// - Returns: The reply.
    public static func status(_ status: Int, headers: HTTPHeaders = [:]) -> Reply {
      Reply(status: status, headers: headers)
    }

    /// A `text/plain` reply.
    ///
    /// - Parameters:
    ///   - text: The body, UTF-8 encoded.
    ///   - status: The status code.
    ///   - headers: Extra header fields.
    /// - Returns: The reply.
    public static func text(_ text: String, status: Int = 200, headers: HTTPHeaders = [:])
      -> Reply
    {
      var all = headers
      if all["Content-Type"] == nil { all["Content-Type"] = "text/plain; charset=utf-8" }
      return Reply(status: status, headers: all, body: Data(text.utf8))
    }

    /// An `application/json` reply.
    ///
    /// - Parameters:
    ///   - json: The JSON text.
    ///   - status: The status code.
    ///   - headers: Extra header fields.
    /// - Returns: The reply.
    public static func json(_ json: String, status: Int = 200, headers: HTTPHeaders = [:])
      -> Reply
    {
      var all = headers
      all["Content-Type"] = "application/json"
      return Reply(status: status, headers: all, body: Data(json.utf8))
    }

    /// Bytes that are not an HTTP response, sent as they are; then the connection closes.
    ///
    /// ```swift
    /// let server = try LoopbackServer(replies: [.raw(Data("NOT HTTP AT ALL\r\n".utf8))])
    /// ```
    ///
    /// - Parameter bytes: What the "server" answers.
    /// - Returns: The reply.
    public static func raw(_ bytes: Data) -> Reply {
      var reply = Reply(status: 0)
      reply.rawBytes = bytes
      return reply
    }

    /// This reply with its body sent slowly.
    ///
    /// - Parameters:
    ///   - size: Bytes per piece.
    ///   - interval: The wait between pieces.
    /// - Returns: The slow reply.
    public func slow(pieces size: Int, every interval: Duration) -> Reply {
      var reply = self
      reply.pieceSize = max(1, size)
      reply.pieceInterval = interval
      return reply
    }

    /// This reply with a different framing.
    ///
    /// - Parameter framing: How the body's end is signalled.
    /// - Returns: The changed reply.
    public func framed(_ framing: Framing) -> Reply {
      var reply = self
      reply.framing = framing
      return reply
    }

    /// This reply sent after a delay.
    ///
    /// - Parameter delay: The wait before the status line.
    /// - Returns: The delayed reply.
    public func delayed(_ delay: Duration) -> Reply {
      var reply = self
      reply.delay = delay
      return reply
    }

    /// This reply cut off: the connection closes after `count` body bytes.
    ///
    /// - Parameter count: Body bytes sent before the connection closes.
    /// - Returns: The truncated reply.
    public func closing(after count: Int) -> Reply {
      var reply = self
      reply.closeAfter = count
      return reply
    }
  }

  /// A request the server received.
  public struct Request: Sendable {
    /// The method token, e.g. `GET`.
    public var method: String
    /// The request target as sent: path and query, still percent-encoded.
    public var target: String
    /// Header fields.
    public var headers: HTTPHeaders
    /// The body (read by `Content-Length`).
    public var body: Data

    /// The path part of ``target``, still percent-encoded.
    public var path: String { String(target.prefix { $0 != "?" }) }

    /// The query part of ``target`` without the `?`, or `nil`.
    public var query: String? {
      guard let mark = target.firstIndex(of: "?") else { return nil }
      return String(target[target.index(after: mark)...])
    }
  }

  /// A connection the client closed while the server was still sending a body.
  public struct ClientClose: Sendable, Equatable {
    /// The request target whose reply was cut off.
    public var target: String
    /// Body bytes sent before the server noticed the close.
    public var bodyBytesSent: Int
    /// The body's full size.
    public var bodyBytesTotal: Int
  }
}
