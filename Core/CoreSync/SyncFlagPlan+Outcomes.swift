/// Recording what a sync of the flags did: an item is agreed once the server holds the
/// flags held here.
extension SyncFlagPlan {
  /// Records the takes applied here: each item whose flags now match the server's is
  /// agreed.
  ///
  /// - Parameters:
  ///   - takes: Takes of ``takes`` that the app has applied (a group's, or all).
  ///   - agreed: The state to record them in.
  public func recordTaken(
    _ takes: some Sequence<SyncFlagTake<Item, Flag>>, in agreed: inout SyncFlags<Item, Flag>
  ) {
    for take in takes where there[take.item] == take.flags {
      agreed.agree(on: take.item, flags: take.flags)
    }
  }

  /// Records a batch of ``sends`` that the server accepted: each of its items that now
  /// holds the same flags on both sides is agreed.
  ///
  /// - Parameters:
  ///   - batch: The batch the server accepted.
  ///   - heldNow: The flags each item has here now, after the takes (read again: an
  ///     item whose take could not be applied has its flags of before).
  ///   - agreed: The state to record them in.
  public mutating func recordSent(
    _ batch: SyncFlagBatch<Item, Flag>, heldNow: [Item: Set<Flag>],
    in agreed: inout SyncFlags<Item, Flag>
  ) {
    for item in batch.items {
      if batch.value {
        there[item]?.insert(batch.flag)
      } else {
        there[item]?.remove(batch.flag)
      }
      guard let server = there[item], let here = heldNow[item],
        here.intersection(synced) == server
      else { continue }
      agreed.agree(on: item, flags: server)
    }
  }
}
