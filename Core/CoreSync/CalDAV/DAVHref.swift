import CoreBase
import Foundation

/// How the CalDAV client spells an href, so that two spellings of one item compare equal.
///
/// Servers spell the same path differently from one answer to the next: absolute
/// (`https://host/a/b.ics`) or not, `@` as is or as `%40`, hex digits in either case.
/// The canonical form is a path only: each segment percent-decoded, then encoded again
/// with only RFC 3986's unreserved characters and sub-delimiters (plus `:` and `@`) left
/// as they are.
enum DAVHref {
  /// The canonical path of `href` as a server sent it, relative to `base` (the URL
  /// the answer came from); `nil` when it names another host or is not a path.
  static func normalize(_ href: String, base: URL) -> String? {
    let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, let url = URL(string: trimmed, relativeTo: base)?.absoluteURL
    else { return nil }
    guard url.scheme?.lowercased() == base.scheme?.lowercased(),
      url.host?.lowercased() == base.host?.lowercased(), port(url) == port(base)
    else { return nil }
    // The path as sent (still encoded): URL.path would decode it, `%2F` included.
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return nil
    }
    return canonical(components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
  }

  /// The canonical spelling of an encoded absolute path.
  static func canonical(_ encodedPath: String) -> String {
    let segments = encodedPath.split(separator: "/", omittingEmptySubsequences: false)
    return segments.map { segment in
      let decoded = segment.removingPercentEncoding ?? String(segment)
      return encode(decoded)
    }.joined(separator: "/")
  }

  /// Whether `href` (canonical) lies inside the collection at `collection` (canonical,
  /// ending in `/`), and is not the collection itself.
  static func isMember(_ href: String, of collection: String) -> Bool {
    href.count > collection.count && href.hasPrefix(collection)
  }

  /// The canonical collection path, ending in `/`.
  static func collectionPath(_ url: URL) -> String {
    let path = normalize(url.absoluteString, base: url) ?? "/"
    return path.hasSuffix("/") ? path : path + "/"
  }

  private static func port(_ url: URL) -> Int? {
    url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
  }

  private static let kept: Set<UInt8> = Set(
    Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".utf8)
  )

  private static func encode(_ segment: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(segment.utf8.count)
    for byte in segment.utf8 {
      if kept.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
