import Core

/// A gate a ``LoopbackServer/Reply`` waits at (``LoopbackServer/Reply/held(by:)``)
/// until the test opens it: a server that answers only when the test has seen what it
/// waits for (a progress line, a busy screen), with no timing involved.
///
/// <!-- doc-test: context
/// let server = try LoopbackServer(routes: [:])
/// let feed = "<rss/>"
/// -->
/// ```swift
/// let gate = ReplyGate()
/// server.setRoute("/slow.xml", to: .text(feed).held(by: gate))
/// // … the test sees the client waiting …
/// gate.open()
/// ```
public final class ReplyGate: Sendable {
  private let isOpen = Locked(false)

  /// A closed gate.
  public init() {}

  /// Lets every reply held here, now and later, go.
  public func open() { isOpen.withLock { $0 = true } }

  /// Whether ``open()`` was called.
  public var isOpened: Bool { isOpen.withLock { $0 } }
}

extension LoopbackServer.Reply {
  /// This reply held until `gate` opens (the request is recorded at once).
  ///
  /// - Parameter gate: The gate the test opens.
  /// - Returns: The held reply.
  public func held(by gate: ReplyGate) -> LoopbackServer.Reply {
    var reply = self
    reply.gate = gate
    return reply
  }
}
