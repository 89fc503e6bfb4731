public import Foundation

/// Turns what a user typed for `feed add` (a URL or a local path) into a feed URL.
public enum FeedLocation {
  /// The schemes a feed may use.
  public static let schemes: Set<String> = ["http", "https", "file"]

  /// The feed URL for `text`: an `http`, `https` or `file` URL as is, a path as a
  /// `file` URL made absolute against `currentDirectory`.
  ///
  /// - Parameters:
  ///   - text: A URL or a path.
  ///   - currentDirectory: The folder a relative path is resolved against.
  /// - Returns: The URL.
  /// - Throws: ``FetchError`` `unsupportedScheme` or `invalidURL`.
  public static func url(from text: String, currentDirectory: String) throws(FetchError) -> URL {
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
