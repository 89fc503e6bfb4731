internal import CoreBase
internal import Foundation

/// An HTTP client made on first use.
///
/// Where libcurl cannot be loaded the client is a `URLSession`, and creating one on
/// Linux creates folders under `$XDG_CACHE_HOME` and `$XDG_DATA_HOME`
/// (swift-corelibs-foundation's URL cache and cookie storage), so the commands that
/// never fetch (`list`, `read`, `show`, …) do not make the client at all.
final class LazyHTTPClient: HTTPClient, @unchecked Sendable {
  // Safe: `client` is read and written only while `lock` is held; `make` never changes.
  private let make: @Sendable () -> any HTTPClient
  private let lock = NSLock()
  private var client: (any HTTPClient)?

  /// - Parameter make: Builds the real client; called at most once.
  init(_ make: @escaping @Sendable () -> any HTTPClient) { self.make = make }

  /// Whether the real client was made (for tests).
  var isMade: Bool { lock.withLock { client != nil } }

  /// Makes the real client now, off the caller's thread, for a command that is about
  /// to fetch: libcurl's start (its TLS library reads its settings, about half a
  /// millisecond) then overlaps the command's own work instead of delaying the first
  /// request. Await the task before the process exits, so that exiting never runs the
  /// TLS library's clean-up while it is still starting.
  func prepare() -> Task<Void, Never> {
    Task.detached { _ = self.real() }
  }

  func send(_ endpoint: Endpoint) async throws -> HTTPResponse {
    try await real().send(endpoint)
  }

  private func real() -> any HTTPClient {
    lock.withLock {
      if let client { return client }
      let made = make()
      client = made
      return made
    }
  }
}
