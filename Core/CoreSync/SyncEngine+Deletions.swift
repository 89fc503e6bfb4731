extension SyncRun {
  /// Stops the sync with ``SyncMassDeletion`` when what the server reported, and what
  /// was deleted here, would delete most of either side (``SyncMassDeletion/isMass(_:of:)``);
  /// checked before anything is written.
  func checkDeletions(_ observations: [String: RemoteObservation]) throws {
    var localIDs: [String] = []
    var remoteRecords: [SyncRecord] = []
    var remoteCount = 0
    for (href, entry) in state.entries.sorted(by: { $0.key < $1.key }) {
      guard let localID = entry.localID, !entry.isPendingCreate else { continue }
      remoteCount += 1
      let remote: SyncRecord?
      switch observations[href] {
      case .deleted: remote = nil
      case .changed(let record, _): remote = record.record
      case nil:
        // Not mentioned: unchanged there; with no ETag yet, it is learnt first.
        guard entry.etag != nil else { continue }
        remote = entry.base
      }
      switch SyncDecision(base: entry.base, local: local[localID]?.record, remote: remote) {
      case .deleteHere: localIDs.append(localID)
      case .deleteThere: remoteRecords.append(entry.base)
      default: break
      }
    }
    let refusal = SyncMassDeletion(
      localIDs: localIDs, localCount: local.count, remoteRecords: remoteRecords,
      remoteCount: remoteCount)
    if refusal.isLocal || refusal.isRemote { throw refusal }
  }
}
