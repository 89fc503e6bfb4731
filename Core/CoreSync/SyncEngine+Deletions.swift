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
      let item = local[localID]
      switch observations[href] {
      case .deleted:
        // Deleted there and unchanged here: deleted here (a changed one is kept).
        if let item, item.record == entry.base { localIDs.append(localID) }
      case .changed(let remote, _):
        // Deleted here and unchanged there: deleted there (a changed one comes back).
        if item == nil, remote.record == entry.base { remoteRecords.append(entry.base) }
      case nil:
        if item == nil, entry.etag != nil { remoteRecords.append(entry.base) }
      }
    }
    let refusal = SyncMassDeletion(
      localIDs: localIDs, localCount: local.count, remoteRecords: remoteRecords,
      remoteCount: remoteCount)
    if refusal.isLocal || refusal.isRemote { throw refusal }
  }
}
