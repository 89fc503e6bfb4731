internal import Foundation

/// Why a feed could not be fetched, apart from HTTP failures (`APIError`).
package enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The URL's scheme is not `http`, `https` or `file`.
  case unsupportedScheme(String)
  /// The text is not a usable URL.
  case invalidURL(String)
  /// A `file` feed does not exist.
  case fileNotFound(String)
  /// A `file` feed cannot be read.
  case cannotRead(String, reason: String)
  /// The body is larger than the limit, in bytes.
  case tooLarge(limit: Int)
  /// The URL or path is longer than ``FeedLocation/maximumLength`` bytes.
  case tooLong(length: Int, limit: Int)

  /// A one-line message.
  package var description: String {
    switch self {
    case .unsupportedScheme(let scheme):
      "unsupported URL scheme '\(scheme)': only http, https and file feeds are read"
    case .invalidURL(let text): "not a valid feed URL: \(Self.cut(text))"
    case .fileNotFound(let path): "no such file: \(path)"
    case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
    case .tooLarge(let limit): "the feed is larger than the \(limit >> 20) MiB limit"
    case .tooLong(let length, let limit):
      "the URL has \(length) bytes; a feed URL or path may have at most \(limit)"
    }
  }

  /// Text from the user, cut for a one-line message.
  private static func cut(_ text: String) -> String {
    text.count > 200 ? String(text.prefix(200)) + "…" : text
  }
}
