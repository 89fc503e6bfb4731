package import Foundation

/// How the list screen syncs (the `s` key): given by the sync part (Sync/,
/// ``TodoPart/listSync``), so that the screen knows no sync engine; `nil` in a build
/// without it, and the screen has no `s` key.
package struct TodoListSync: Sendable {
  /// Runs one sync and returns the status that says what it did.
  package var run: @Sendable () async throws -> String
  /// The status after a sync that failed.
  package var failure: @Sendable (any Error) -> String
  /// When the last sync finished, read once as the screen opens.
  package var lastSync: Date?
  /// Why `s` cannot sync (e.g. it is not set up), said instead; `nil` when it can.
  package var unavailable: String?

  /// Creates the screen's sync.
  package init(
    lastSync: Date?, unavailable: String? = nil,
    run: @escaping @Sendable () async throws -> String,
    failure: @escaping @Sendable (any Error) -> String
  ) {
    self.lastSync = lastSync
    self.unavailable = unavailable
    self.run = run
    self.failure = failure
  }
}
