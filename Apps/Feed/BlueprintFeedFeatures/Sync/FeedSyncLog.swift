internal import Synchronization

/// The report of one sync, written to by the sync's remote and adapter as they carry out
/// the engine's decisions (the engine counts requests and items; feed's report names
/// feeds and counts renames and moves).
final class FeedSyncLog: Sendable {
  private let report = Mutex(FeedSyncReport())

  /// Changes the report.
  func note(_ change: (inout FeedSyncReport) -> Void) {
    report.withLock { change(&$0) }
  }

  /// The report so far.
  var current: FeedSyncReport { report.withLock { $0 } }
}
