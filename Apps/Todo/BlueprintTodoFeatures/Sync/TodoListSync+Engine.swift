internal import BlueprintTodoModel
internal import CoreBase
package import CoreSync
package import Foundation

/// The list screen's sync on `todo sync`'s engine.
extension TodoListSync {
  /// The screen's sync that runs `run`: the status gives the result's counts and
  /// conflicts, or, for a sync that would have emptied a side, what it would delete and
  /// the command that goes ahead.
  package init(lastSync: Date?, run: @escaping @Sendable () async throws -> SyncResult) {
    self.init(
      lastSync: lastSync,
      run: {
        let result = try await run()
        return result.description
          + (result.conflicts.isEmpty ? "" : " · \(result.conflicts.count) conflicts")
      },
      failure: Self.failure(of:))
  }

  /// Sync is not set up: `s` says how to set it up.
  package static var notSetUp: TodoListSync {
    TodoListSync(
      lastSync: nil, unavailable: "sync is not set up: \(appIdentity.name) sync setup URL",
      run: { "" }, failure: failure(of:))
  }

  /// The status after a sync that failed; for one that would have emptied a side,
  /// what it would delete and the command that goes ahead.
  static func failure(of error: any Error) -> String {
    guard let refusal = error as? SyncMassDeletion else { return "sync stopped: \(error)" }
    var sides: [String] = []
    if refusal.isLocal { sides.append("\(refusal.localIDs.count) of \(refusal.localCount) here") }
    if refusal.isRemote {
      sides.append("\(refusal.remoteRecords.count) of \(refusal.remoteCount) on the server")
    }
    return "sync stopped: would delete " + sides.joined(separator: " and ")
      + " · \(appIdentity.name) sync --force-delete"
  }
}
