import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Keeps the folders FoundationNetworking makes for itself inside a temporary folder.
///
/// On Linux, the first `URLSessionConfiguration` a process makes — `.default` and
/// `.ephemeral` alike, so also ``Core/URLSessionHTTPClient``'s, which then asks for no
/// cache and no cookies — creates the shared URL cache's folder,
/// `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<process>`, and the shared cookie
/// storage's, `$XDG_DATA_HOME/<folder of the executable>` (`~/.local/share/debug` for
/// the test process under `.build/debug`). Neither can be moved by an argument, only by
/// those variables, and they are read when the first configuration is made. So the
/// helpers through which tests reach HTTP (``LoopbackServer``, ``URLProtocolStub``) and
/// ``TemporaryDirectory`` call ``redirect()`` first: it points `XDG_CACHE_HOME` and
/// `XDG_DATA_HOME` of the test process (never of the apps it runs, whose environments
/// are whole) at a folder under the system's temporary folder, removed at exit.
enum FoundationFolders {
  /// Redirects once per process; later calls do nothing.
  static func redirect() { _ = redirected }

  private static let redirected: Void = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("blueprint-test-foundation-\(getpid())", isDirectory: true)
    try? FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    setenv("XDG_CACHE_HOME", folder.appendingPathComponent("cache").path, 1)
    setenv("XDG_DATA_HOME", folder.appendingPathComponent("data").path, 1)
    setenv(removeAtExitVariable, folder.path, 1)
    atexit {
      guard let path = getenv(FoundationFolders.removeAtExitVariable) else { return }
      try? FileManager.default.removeItem(atPath: String(cString: path))
    }
  }()

  private static let removeAtExitVariable = "BLUEPRINT_TEST_FOUNDATION_FOLDER"
}
