import Foundation

/// How a redirect changes a request, as browsers and URLSession do. ``CurlTransfer``
/// follows redirects itself, so every response's body goes through the size cap.
enum CurlRedirect {
  /// The statuses that are followed.
  static let statuses: Set<Int> = [301, 302, 303, 307, 308]

  /// The request to send after `request` got `status` with a `Location` that resolves
  /// to `target`; `nil` when the target is not `http` or `https`.
  ///
  /// A `303` becomes a `GET` (a `HEAD` stays one), and so does a `POST` answered `301`
  /// or `302`; the body and its `Content-Type` go with the old method. `307` and `308`
  /// keep both. Credentials (`Authorization`, `Cookie`) are not sent to another origin.
  static func request(following request: OutgoingRequest, status: Int, to target: URL)
    -> OutgoingRequest?
  {
    guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    var next = request
    next.url = target
    let method = request.httpMethod ?? "GET"
    if (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST")
    {
      next.httpMethod = "GET"
      next.httpBody = nil
      next.setValue(nil, forHTTPHeaderField: "Content-Type")
      next.setValue(nil, forHTTPHeaderField: "Content-Length")
    }
    if let from = request.url, !sameOrigin(from, target) {
      next.setValue(nil, forHTTPHeaderField: "Authorization")
      next.setValue(nil, forHTTPHeaderField: "Cookie")
    }
    return next
  }

  private static func sameOrigin(_ first: URL, _ second: URL) -> Bool {
    func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
    return first.scheme?.lowercased() == second.scheme?.lowercased()
      && first.host?.lowercased() == second.host?.lowercased() && port(first) == port(second)
  }
}
