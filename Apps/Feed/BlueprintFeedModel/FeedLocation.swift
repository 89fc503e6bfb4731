internal import BlueprintFeedFormats
package import Foundation

/// Turns what a user typed for `feed add` (a URL or a local path) into a feed URL.
package enum FeedLocation {
  /// The schemes a feed may use.
  package static let schemes: Set<String> = ["http", "https", "file"]

  /// The longest URL or path accepted, in bytes: 8,000, what HTTP asks every server
  /// to take in a request line (RFC 9110, section 4.1).
  package static let maximumLength = 8_000

  /// What a user typed for `feed add`, as a URL, and whether a scheme was assumed.
  package struct Address: Sendable, Equatable {
    /// The URL.
    package var url: URL
    /// The scheme added to a bare host name (`https`, or `http` for a loopback
    /// address); `nil` when the text gave a scheme or named a file.
    package var assumedScheme: String?

    /// Creates an address.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - assumedScheme: The scheme that was added, if any.
    package init(url: URL, assumedScheme: String? = nil) {
      self.url = url
      self.assumedScheme = assumedScheme
    }
  }

  /// The feed URL for `text`: an `http`, `https` or `file` URL as is, a path as a
  /// `file` URL made absolute against `currentDirectory`.
  ///
  /// - Parameters:
  ///   - text: A URL or a path.
  ///   - currentDirectory: The folder a relative path is resolved against.
  /// - Returns: The URL.
  /// - Throws: ``FetchError`` `unsupportedScheme`, `invalidURL` or `tooLong`.
  package static func url(from text: String, currentDirectory: String) throws(FetchError) -> URL {
    try address(from: text, currentDirectory: currentDirectory, fileExists: { _ in true }).url
  }

  /// The address for `text`, as people paste them:
  ///
  /// 1. Text with a scheme (`https://…`, `file:///…`) is taken as is; only `http`,
  ///    `https` and `file` are accepted.
  /// 2. Otherwise, when a file or folder of that name exists (relative to
  ///    `currentDirectory`), it is that file: a file always wins.
  /// 3. Otherwise, text that starts with a host name — `localhost`, an IPv4 address,
  ///    a bracketed IPv6 address, or a dotted name ending in letters that is not a
  ///    feed file's extension (`.xml`, `.rss`, `.atom`, `.json`, …), with an optional
  ///    `:port` — is that host over `https://`; a loopback host (`localhost`,
  ///    `127.x.x.x`, `[::1]`) over `http://`, since what runs there is a local server
  ///    that rarely has a certificate and whose traffic never leaves the machine.
  /// 4. Anything else is a path (which then does not exist).
  ///
  /// - Parameters:
  ///   - text: A URL, a host and path, or a path.
  ///   - currentDirectory: The folder a relative path is resolved against.
  ///   - fileExists: Whether a path exists (injected for tests).
  /// - Returns: The address.
  /// - Throws: ``FetchError`` `unsupportedScheme`, `invalidURL` or `tooLong`.
  package static func address(
    from text: String, currentDirectory: String, fileExists: (String) -> Bool
  ) throws(FetchError) -> Address {
    guard text.utf8.count <= maximumLength else {
      throw .tooLong(length: text.utf8.count, limit: maximumLength)
    }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw .invalidURL(text) }
    if let colon = trimmed.firstIndex(of: ":"), isScheme(trimmed[..<colon]),
      !isPort(trimmed[trimmed.index(after: colon)...])
    {
      let scheme = trimmed[..<colon].lowercased()
      guard schemes.contains(scheme) else { throw .unsupportedScheme(scheme) }
      guard let url = URL(string: trimmed) else { throw .invalidURL(text) }
      if scheme != "file", url.host?.isEmpty ?? true { throw .invalidURL(text) }
      return Address(url: canonical(url))
    }
    let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
    let file = URL(fileURLWithPath: trimmed, relativeTo: base).standardizedFileURL.absoluteURL
    if fileExists(file.path) { return Address(url: file) }
    if let host = hostName(startingWith: trimmed) {
      let scheme = isLoopback(host) ? "http" : "https"
      if let url = URL(string: "\(scheme)://\(trimmed)"), url.host?.isEmpty == false {
        return Address(url: canonical(url), assumedScheme: scheme)
      }
    }
    return Address(url: file)
  }

  /// `url` with its scheme and host in lower case and without a fragment (which is
  /// never sent): the same feed whatever case its address was pasted in.
  package static func canonical(_ url: URL) -> URL {
    guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
    let scheme = parts.scheme?.lowercased()
    let host = parts.percentEncodedHost?.lowercased()
    guard scheme != parts.scheme || host != parts.percentEncodedHost || parts.fragment != nil
    else { return url }
    parts.scheme = scheme
    parts.percentEncodedHost = host
    parts.fragment = nil
    return parts.url ?? url
  }

  /// The last parts of names that are files, not hosts (`feed.xml` is a missing file).
  static let fileExtensions: Set<String> = [
    "xml", "rss", "atom", "rdf", "json", "opml", "html", "htm", "xhtml", "txt", "feed",
  ]

  /// The host `text` starts with, when it starts with one (see ``address(from:currentDirectory:fileExists:)``).
  static func hostName(startingWith text: String) -> String? {
    let authority = text.prefix { !"/?#".contains($0) }
    guard !authority.isEmpty, !authority.contains("@") else { return nil }
    var host = Substring(authority)
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return nil }
      let rest = host[host.index(after: close)...]
      guard rest.isEmpty || (rest.first == ":" && isPort(rest.dropFirst())) else { return nil }
      return String(host[...close]).lowercased()
    }
    if let colon = host.firstIndex(of: ":") {
      guard isPort(host[host.index(after: colon)...]) else { return nil }
      host = host[..<colon]
    }
    let name = host.lowercased()
    if name == "localhost" || isIPv4(name) { return name }
    let labels = name.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2,
      labels.allSatisfy({ label in
        !label.isEmpty && label.first != "-" && label.last != "-"
          && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
      }),
      let last = labels.last, last.count >= 2, last.allSatisfy(\.isLetter),
      !fileExtensions.contains(String(last))
    else { return nil }
    return name
  }

  /// Whether `host` is this machine: `localhost`, `127.0.0.0/8` or `[::1]`.
  static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "[::1]" || (isIPv4(host) && host.hasPrefix("127."))
  }

  private static func isIPv4(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && UInt8(part) != nil
      }
  }

  /// `8080`, `8080/feed`, `8080?x`: a port, not a URL's scheme-specific part.
  private static func isPort(_ text: Substring) -> Bool {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard (1...5).contains(digits.count) else { return false }
    let rest = text.dropFirst(digits.count)
    return rest.first.map { "/?#".contains($0) } ?? true
  }

  /// A scheme as RFC 3986 spells it (a letter, then letters, digits, `+`, `-`, `.`),
  /// two characters at least (so that `C:` stays a path).
  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter, text.count > 1 else {
      return false
    }
    return text.allSatisfy(isSchemeCharacter)
  }

  private static func isSchemeCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || "+-.".contains(character))
  }
}
