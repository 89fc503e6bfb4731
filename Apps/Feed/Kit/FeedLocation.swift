public import Foundation

/// Turns what a user typed for `feed add` (a URL or a local path) into a feed URL.
public enum FeedLocation {
  /// The schemes a feed may use.
  public static let schemes: Set<String> = ["http", "https", "file"]

  /// The longest URL or path accepted, in bytes: 8,000, what HTTP asks every server
  /// to take in a request line (RFC 9110, section 4.1).
  public static let maximumLength = 8_000

  /// The feed URL for `text`: an `http`, `https` or `file` URL as is, a path as a
  /// `file` URL made absolute against `currentDirectory`.
  ///
  /// - Parameters:
  ///   - text: A URL or a path.
  ///   - currentDirectory: The folder a relative path is resolved against.
  /// - Returns: The URL.
  /// - Throws: ``FetchError`` `unsupportedScheme`, `invalidURL` or `tooLong`.
  public static func url(from text: String, currentDirectory: String) throws(FetchError) -> URL {
    guard text.utf8.count <= maximumLength else {
      throw .tooLong(length: text.utf8.count, limit: maximumLength)
    }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw .invalidURL(text) }
    if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy(isSchemeCharacter),
      trimmed[..<colon].count > 1
    {
      let scheme = trimmed[..<colon].lowercased()
      guard schemes.contains(scheme) else { throw .unsupportedScheme(scheme) }
      guard let url = URL(string: trimmed) else { throw .invalidURL(text) }
      if scheme != "file", url.host?.isEmpty ?? true { throw .invalidURL(text) }
      return url
    }
    let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
    return URL(fileURLWithPath: trimmed, relativeTo: base).standardizedFileURL.absoluteURL
  }

  private static func isSchemeCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || "+-.".contains(character))
  }
}
