import CoreTesting
import Foundation

/// A loopback proxy to a real server that can be switched off: while it is off, every
/// connection is closed unanswered, as when the network is gone — what a real server
/// cannot be made to do while other tests use it.
final class SwitchableProxy: Sendable {
  /// The proxy; its URLs stand for the server's (same paths).
  let server: LoopbackServer
  private let up = LockedValue(true)

  /// A proxy to `upstream` (scheme, host and port), switched on.
  init(to upstream: URL) throws {
    let up = up
    server = try LoopbackServer { request in
      up.withLock { $0 } ? KillingProxy.forward(request, to: upstream) : .raw(Data())
    }
  }

  /// Whether requests reach the server.
  var isUp: Bool {
    get { up.withLock { $0 } }
    set { up.withLock { $0 = newValue } }
  }

  func stop() { server.stop() }
}
