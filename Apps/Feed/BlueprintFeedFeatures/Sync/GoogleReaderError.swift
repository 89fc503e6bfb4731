internal import Foundation

/// Why the Google Reader client stopped, in words a person can act on. Transport
/// failures and other statuses are `APIError`.
///
/// No case carries a password or the API's auth value.
package enum GoogleReaderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The server refused the user name and password (ClientLogin answered 401 or 403).
  case loginRefused(host: String)
  /// No Google Reader API answered at any of the addresses tried.
  case noAPI(tried: [String])
  /// The server still refused the auth value after logging in again.
  case unauthorized(path: String)
  /// The server still refused the write token after fetching a new one.
  case writeTokenRefused(path: String)
  /// An answer that is not what the API answers.
  case malformed(path: String, reason: String)
  /// The server refused a change (`edit-tag`, `subscription/edit` not answering `OK`).
  case refused(path: String, answer: String)

  package var description: String {
    switch self {
    case .loginRefused(let host):
      "the server at \(host) refused the user name and password (for FreshRSS: the API "
        + "password set in its profile, which is not the web password)"
    case .noAPI(let tried):
      "found no Google Reader API at " + tried.joined(separator: ", ")
        + " (check the address; FreshRSS's is shown in its profile as …/api/greader.php)"
    case .unauthorized(let path):
      "the server refused the login for \(path) after logging in again"
    case .writeTokenRefused(let path):
      "the server refused the write token for \(path) after a new one was fetched"
    case .malformed(let path, let reason):
      "the server's answer to \(path) is not the Google Reader API's: \(reason)"
    case .refused(let path, let answer):
      "the server refused \(path): \(answer)"
    }
  }
}
