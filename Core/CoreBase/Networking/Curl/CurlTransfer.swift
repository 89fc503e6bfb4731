import CoreCurlShim
import Foundation

/// One request through libcurl: follows its redirects, runs each hop on the client's
/// loop and turns what came back into a ``Transfer`` or a ``TransferFailure``.
enum CurlTransfer {
  /// Runs `request`, accepting at most `limit` body bytes in every response (redirects
  /// included). Cancelling the calling task stops the transfer.
  static func run(
    _ request: OutgoingRequest, limit: Int, pool: CurlHandlePool, caFile: String? = nil
  ) async throws -> Transfer {
    var request = request
    var permanentRedirectURL: URL?
    var onlyPermanent = true
    for _ in 0...CurlOption.redirectLimit {
      let hop = try await perform(request, limit: limit, pool: pool, caFile: caFile)
      let status = hop.status
      // A `Location` no URL can be made of (an escape character in it) is a broken
      // redirect, not the final response.
      if hop.hasUnreadableRedirect, CurlRedirect.statuses.contains(status) {
        throw TransferFailure(kind: .transport(code: .redirectToNonExistentLocation))
      }
      guard let target = hop.redirectURL, CurlRedirect.statuses.contains(status) else {
        return Transfer(
          status: hop.status, headers: hop.headers, url: hop.url, body: hop.body,
          permanentRedirectURL: permanentRedirectURL)
      }
      guard let next = CurlRedirect.request(following: request, status: status, to: target)
      else {
        throw TransferFailure(kind: .transport(code: .unsupportedURL))
      }
      if status == 301 || status == 308, onlyPermanent {
        permanentRedirectURL = target
      } else {
        onlyPermanent = false
      }
      request = next
    }
    throw TransferFailure(kind: .transport(code: .httpTooManyRedirects))
  }

  /// One request and its response, without following a redirect.
  private static func perform(
    _ request: OutgoingRequest, limit: Int, pool: CurlHandlePool, caFile: String?
  ) async throws -> CurlReceiver.Hop {
    guard !Task.isCancelled else { throw TransferFailure(kind: .cancelled) }
    guard let url = request.url else { throw TransferFailure(kind: .transport(code: .badURL)) }
    guard let handle = pool.take() else {
      throw TransferFailure(kind: .transport(code: .unknown))
    }
    let receiver = CurlReceiver(url: url, limit: limit, isHead: request.httpMethod == "HEAD")
    try configure(handle, for: request, url: url, receiver: receiver, caFile: caFile)
    let use = handle.begin()
    let ending = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let refused = pool.loop.start(handle) { code in
          // On the loop's thread: read what the handle knows before it is reused.
          let ending = CurlReceiver.Ending(
            code: code, url: handle.effectiveURL, redirectText: handle.redirectText)
          handle.finish()
          if code == 0 { pool.give(handle) }
          continuation.resume(returning: ending)
        }
        if refused != 0 {
          handle.finish()
          let kind = Task.isCancelled ? .cancelled : CurlCode.kind(of: refused)
          continuation.resume(throwing: TransferFailure(kind: kind))
        }
      }
    } onCancel: {
      handle.cancel(use)
    }
    return try receiver.result(ending).get()
  }

  private static func configure(
    _ handle: CurlHandle, for request: OutgoingRequest, url: URL, receiver: CurlReceiver,
    caFile: String?
  ) throws {
    let context = Unmanaged.passUnretained(receiver).toOpaque()
    var codes = [
      handle.set(CurlOption.url, url.absoluteString),
      handle.set(CurlOption.noSignal, 1),
      handle.set(CurlOption.protocols, CurlOption.httpAndHTTPS),
      handle.set(CurlOption.suppressConnectHeaders, 1),
      handle.set(CurlOption.acceptEncoding, ""),  // decode all libcurl can
      handle.setCallback(CurlOption.writeFunction, CurlReceiver.receiveBody),
      handle.setPointer(CurlOption.writeData, context),
      handle.setCallback(CurlOption.headerFunction, CurlReceiver.receiveHeader),
      handle.setPointer(CurlOption.headerData, context),
    ]
    if let caFile { codes.append(handle.set(CurlOption.caInfo, caFile)) }
    // Not before libcurl 7.87: a cancelled lookup then waits for the resolver thread.
    _ = handle.set(CurlOption.quickExit, 1)
    // The request's timeout is an idle timeout: this long to connect, and this long
    // without a byte once connected.
    let interval = request.timeoutInterval
    let milliseconds =
      interval.isFinite ? Int(min(max(interval * 1000, 1000), 1_000_000_000)) : 1_000_000_000
    codes += [
      handle.set(CurlOption.connectTimeoutMilliseconds, milliseconds),
      handle.setIdleTimeout(milliseconds: milliseconds),
    ]
    let method = request.httpMethod ?? "GET"
    switch (method, request.httpBody) {
    case ("GET", nil): break
    case ("HEAD", nil): codes.append(handle.set(CurlOption.noBody, 1))
    case ("POST", let body): codes.append(handle.setBody(body ?? Data()))
    case ("PUT", nil), ("PATCH", nil):
      // An empty body, sent with `Content-Length: 0` (some servers want it: 411).
      codes += [handle.set(CurlOption.customRequest, method), handle.setBody(Data())]
    case (_, let body?):
      codes += [handle.set(CurlOption.customRequest, method), handle.setBody(body)]
    case (_, nil): codes.append(handle.set(CurlOption.customRequest, method))
    }
    for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
      // "Name:" would remove the header in libcurl; "Name;" sends it empty.
      codes.append(handle.addHeader(value.isEmpty ? "\(name);" : "\(name): \(value)"))
    }
    codes.append(handle.addHeader("Expect:"))  // no 100-continue round trip
    guard codes.allSatisfy({ $0 == 0 }) else {
      throw TransferFailure(
        kind: .invalidRequest(reason: "libcurl refused the request's options"))
    }
  }
}
