package import CoreBase
internal import CoreTerminal

extension PersistenceError {
  /// The error as feed says it: a damaged subscription list with the ways out (restore
  /// the copy before the last change when it is there; else fix the file, or move it
  /// aside and import a saved export), exit 65; any other error as it is.
  ///
  /// - Parameter appName: The app's name, for the command the hint gives.
  /// - Returns: The error to report.
  package func explainedForFeed(appName: String) -> any Error {
    guard case .corrupted(let key, let path, _) = self, key == "subscriptions" else { return self }
    // The store keeps the list as it was before its last change: restoring it is the
    // first way out, when it is there.
    let restore = hint.map { $0 + "; or " } ?? "the file is left as it is: "
    return AppError(
      message,
      hint: restore
        + "fix it in an editor, or move it aside (mv \(path) \(path).bad) and add your feeds again ('\(appName) import FILE.opml' takes a saved export)",
      exitCode: .dataError)
  }
}
