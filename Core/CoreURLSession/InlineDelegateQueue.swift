import Foundation

/// The delegate queue of ``URLSessionHTTPClient``'s session.
///
/// On FoundationNetworking every delegate callback is an operation added to this queue:
/// three hops per small response (response, data, completion), about 30 µs of a
/// loopback round trip. This queue runs each one at once instead, on the session's own
/// serial work queue, in the order the session adds them — the way FoundationNetworking
/// runs `data(for:)`'s completion. The callbacks therefore must be short and must not
/// wait for the session (no `URLSessionTask.cancel()` inline: it waits for the work
/// queue). On Apple platforms it is an ordinary serial queue.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
  #if canImport(FoundationNetworking)
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
      block()
    }
  #endif
}
