internal import BlueprintFeedModel
internal import CoreSync
internal import Foundation

/// The subscriptions, on the kit's `SyncEngine`: the server's list
/// (``GoogleReaderSubscriptions``) and the feeds here (``FeedSubscriptionsAdapter``)
/// reconciled against what both sides last agreed, each outcome recorded as it is
/// carried out (``FeedSyncStateStore/subscriptions``).
extension FeedSyncer {
  /// Adds, removes, renames and moves on each side what the other changed; one request
  /// for the server's list, one per change sent.
  ///
  /// - Throws: ``FeedSyncMassDeletion`` before changing anything; what the server and
  ///   the stores throw midway (each outcome before is kept).
  func syncSubscriptions(_ report: inout FeedSyncReport) async throws {
    try state.moveLinks()
    let log = FeedSyncLog()
    let remote = GoogleReaderSubscriptions(client: client, log: log)
    let adapter = FeedSubscriptionsAdapter(store: store, log: log, remote: remote)
    var engine = SyncEngine(remote: remote, adapter: adapter, state: state.subscriptions, now: now)
    // Each outcome durable before the next request, as marks are.
    engine.outcomesPerStateWrite = 1
    engine.allowsMassDeletion = allowsMassDeletion
    do {
      _ = try await engine.sync()
    } catch let refusal as SyncMassDeletion {
      throw try FeedSyncMassDeletion(refusal, names: state.subscriptions.load())
    }
    let done = log.current
    report.addedHere = done.addedHere
    report.removedHere = done.removedHere
    report.subscribedThere = done.subscribedThere
    report.unsubscribedThere = done.unsubscribedThere
    report.notSubscribed = done.notSubscribed
    report.renamed = done.renamed
    report.moved = done.moved
  }
}

extension FeedSyncMassDeletion {
  /// The kit's refusal, naming the feeds as both sides last agreed on them.
  init(_ refusal: SyncMassDeletion, names state: SyncState) {
    func name(_ record: SyncRecord) -> String { SubscriptionRecord(record).name }
    let here = refusal.localIDs.map { id in
      state.entry(forLocalID: id).map { name($0.entry.base) } ?? id
    }
    self.init(
      here: refusal.isLocal ? here : [], hereCount: refusal.localCount,
      there: refusal.isRemote ? refusal.remoteRecords.map(name) : [],
      thereCount: refusal.remoteCount)
  }
}
