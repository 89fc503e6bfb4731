internal import BlueprintFeedModel
internal import CoreTerminal

extension FeedFolder {
  /// A folder name from the command line (`add --folder`, `move`), trimmed; a name
  /// ``FeedFolder`` refuses is a usage error (exit 64) and changes nothing.
  ///
  /// - Parameters:
  ///   - text: What was typed, if anything.
  ///   - name: How the message names it (`'--folder'`, `'folder'`).
  /// - Returns: The name, or `nil` when none was given.
  /// - Throws: `CommandLineError` for a name ``FeedFolder`` refuses.
  static func commandLineName(_ text: String?, for name: String) throws(CommandLineError)
    -> String?
  {
    guard let text else { return nil }
    do {
      return try FeedFolder.validated(text)
    } catch {
      throw CommandLineError(
        "invalid value '\(CommandLineEcho.quote(text))' for \(name): \(error.description)")
    }
  }
}
