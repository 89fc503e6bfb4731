package import Foundation

/// Where a server's Google Reader API is, from the address a person finds in its
/// documentation or settings.
///
/// FreshRSS: its base address (`https://rss.example.com/` or `…/p/`) or its
/// `…/api/greader.php`; Miniflux: its base address (the API answers at the root);
/// The Old Reader: `https://theoldreader.com/`; any: an address ending in
/// `/reader/api/0`. An address that does not say which is tried in turn as
/// FreshRSS's `api/greader.php`, `p/api/greader.php`, then the root.
package enum GoogleReaderAddress {
  /// The API bases to try for `url`, most likely first.
  package static func candidates(for url: URL) -> [URL] {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return [url]
    }
    components.query = nil
    components.fragment = nil
    var path = components.percentEncodedPath
    if let range = path.range(of: "greader.php") {
      components.percentEncodedPath = String(path[..<range.upperBound])
      return components.url.map { [$0] } ?? [url]
    }
    while path.hasSuffix("/") { path.removeLast() }
    for suffix in ["/reader/api/0", "/accounts/ClientLogin"] where path.hasSuffix(suffix) {
      components.percentEncodedPath = String(path.dropLast(suffix.count))
      return components.url.map { [$0] } ?? [url]
    }
    if components.host?.lowercased().hasSuffix("theoldreader.com") == true {
      components.percentEncodedPath = ""
      return components.url.map { [$0] } ?? [url]
    }
    components.percentEncodedPath = path
    guard let root = components.url else { return [url] }
    return [
      root.appendingPathComponent("api").appendingPathComponent("greader.php"),
      root.appendingPathComponent("p").appendingPathComponent("api")
        .appendingPathComponent("greader.php"),
      root,
    ]
  }
}
