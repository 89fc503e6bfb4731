import Core
public import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback proxy to a sync server (CalDAV, the Google Reader API) that kills a
/// client process with SIGKILL when its `n`th request has reached the server, before
/// the answer goes back: a sync stopped between any two requests, the server having
/// done the last one.
public final class KillingProxy: Sendable {
  /// The proxy; its URLs stand for the server's (same paths).
  public let server: LoopbackServer
  private let plan: Plan

  /// Which process to kill at which request of the current run.
  private final class Plan: @unchecked Sendable {
    private let condition = NSCondition()
    private var killAt: Int?
    private var target: Int32?
    private var seen = 0

    /// Arms the plan: requests from now on are counted from 1.
    func arm(killAt request: Int) {
      condition.withLock { (killAt, target, seen) = (request, nil, 0) }
    }

    /// The process to kill, once it is known.
    func aim(at process: Int32) {
      condition.withLock {
        target = process
        condition.broadcast()
      }
    }

    func disarm() { condition.withLock { (killAt, target) = (nil, nil) } }

    /// Counts a request that reached the server; returns the process to kill now.
    func served() -> Int32? {
      condition.withLock {
        seen += 1
        guard let killAt, seen == killAt else { return nil }
        while target == nil { condition.wait() }
        self.killAt = nil
        return target
      }
    }
  }

  /// A proxy to `upstream` (scheme, host and port; paths are kept).
  public init(to upstream: URL) throws {
    let plan = Plan()
    self.plan = plan
    server = try LoopbackServer { request in
      let reply = Self.forward(request, to: upstream)
      if let victim = plan.served() { kill(victim, SIGKILL) }
      return reply
    }
  }

  deinit { server.stop() }

  /// Runs `start`, killing the process it starts when its request `request` has been
  /// served; returns how it ended.
  public func run(killingAt request: Int, _ start: () throws -> RunningProduct) async throws
    -> ProductResult
  {
    plan.arm(killAt: request)
    defer { plan.disarm() }
    let running = try start()
    plan.aim(at: running.processIdentifier)
    return try await running.exit()
  }

  /// The proxy's session: no URL cache and no cookies (`URLSession.shared` would keep
  /// the server's answers in a disk cache of the test process).
  private static let session = URLSession(
    configuration: URLSessionHTTPClient.makeDefaultConfiguration())

  /// Sends `request` on to the server and waits for its answer (on the calling thread,
  /// a `LoopbackServer` handler's): what a proxy of one's own forwards with.
  ///
  /// - Parameters:
  ///   - request: The request a proxy received.
  ///   - upstream: The server (scheme, host and port; the request's path is kept).
  /// - Returns: The server's answer, or `502` when none came.
  public static func forward(_ request: LoopbackServer.Request, to upstream: URL)
    -> LoopbackServer.Reply
  {
    guard let url = URL(string: request.target, relativeTo: upstream) else {
      return .text("bad target", status: 400)
    }
    var forwarded = URLRequest(url: url)
    forwarded.httpMethod = request.method
    forwarded.httpBody = request.body
    for (name, value) in request.headers
    where !["host", "content-length", "connection"].contains(name.lowercased()) {
      forwarded.addValue(value, forHTTPHeaderField: name)
    }
    let done = DispatchSemaphore(value: 0)
    let answer = Locked<LoopbackServer.Reply>(.text("no answer", status: 502))
    session.dataTask(with: forwarded) { data, response, _ in
      if let response = response as? HTTPURLResponse {
        var headers = HTTPHeaders()
        for case (let name as String, let value as String) in response.allHeaderFields
        where !["content-length", "transfer-encoding", "connection", "content-encoding"]
          .contains(name.lowercased())
        {
          headers[name] = value
        }
        answer.withLock {
          $0 = LoopbackServer.Reply(
            status: response.statusCode, headers: headers, body: data ?? Data())
        }
      }
      done.signal()
    }.resume()
    done.wait()
    return answer.withLock { $0 }
  }
}
