public import Foundation

/// A uniquely named folder under the system's temporary folder, removed when the
/// value is deinitialized or ``remove()`` is called.
///
/// ```swift
/// let folder = try TemporaryDirectory()
/// let store = FileKeyValueStore(directory: folder.url)
/// ```
public final class TemporaryDirectory: Sendable {
  /// The folder; it exists until ``remove()``.
  public let url: URL

  /// The folder's path.
  public var path: String { url.path }

  /// Creates a fresh, empty folder named `<prefix>-<UUID>`, mode 0700.
  ///
  /// - Parameter prefix: A readable start of the name, e.g. the suite's name.
  /// - Throws: What `FileManager` throws when the folder cannot be created.
  public init(prefix: String = "blueprint-test") throws {
    FoundationFolders.redirect()
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    // 0700 whatever the umask: a file store refuses a folder others can write to.
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  /// A URL inside the folder.
  ///
  /// - Parameter relativePath: A path such as `a/b/file.json`.
  /// - Returns: `url` with `relativePath` appended.
  public func appending(_ relativePath: String) -> URL {
    url.appendingPathComponent(relativePath)
  }

  /// Removes the folder and everything in it, making read-only folders writable
  /// first; safe to call more than once.
  public func remove() {
    let manager = FileManager.default
    if let paths = manager.enumerator(atPath: url.path) {
      for case let relative as String in paths {
        try? manager.setAttributes(
          [.posixPermissions: 0o700], ofItemAtPath: url.appendingPathComponent(relative).path)
      }
    }
    try? manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    try? manager.removeItem(at: url)
  }

  deinit { remove() }
}

extension TemporaryDirectory {
  /// An environment that keeps a built app inside this folder: `HOME`, the XDG
  /// folders (`config`, `data`, `cache`, `state` below it), `TMPDIR` and a minimal
  /// `PATH`; nothing is inherited from the test process.
  ///
  /// - Parameter extra: Variables to add or override (`TZ`, `TERM`, `EDITOR` …).
  /// - Returns: The whole environment for the child process.
  public func isolatedEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    [
      "HOME": path,
      "XDG_CONFIG_HOME": appending("config").path,
      "XDG_DATA_HOME": appending("data").path,
      "XDG_CACHE_HOME": appending("cache").path,
      "XDG_STATE_HOME": appending("state").path,
      "TMPDIR": path,
      "PATH": "/usr/bin:/bin",
    ].merging(extra) { $1 }
  }
}
